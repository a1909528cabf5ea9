/**
 * The load generator for the auction benchmarks: wrk (Debian package `wrk`, a C program) driven by
 * a generated Lua script, so that on a small machine the generator does not take the CPU the
 * server and the database are measured on (a Node.js generator used about as much CPU as the
 * server it loaded). Without wrk the benchmarks fall back to their Node.js clients and say so.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { INCREMENT_TIERS } from '../packages/contract/src/auctions.ts';

export interface WrkResult {
  requests: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  /** Socket errors and non-2xx/3xx answers counted by wrk itself. */
  errors: number;
  /** Counters kept by the script (bids: accepted, tooLow, failed). */
  counters: Record<string, number>;
}

/** The wrk binary (on the PATH), or null when it is not installed. */
export function findWrk(): string | null {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return 'wrk';
  } catch (err) {
    // wrk --version prints its version and exits 1; a missing binary has no exit status.
    return (err as { status?: number }).status === 1 ? 'wrk' : null;
  }
}

/** A signed-in bidder as the Lua script sends it: session cookies, the CSRF echo and an address. */
export interface WrkIdentity {
  cookie: string;
  xsrf: string;
  ip: string;
}

const lua = (s: string) => JSON.stringify(s); // a JSON string literal is a valid Lua string literal here (ASCII)

/** The common tail: per-thread counters summed in done() and printed as one JSON line. */
function doneBlock(counterNames: string[]): string {
  return `
function done(summary, latency, requests)
  local c = {}
  ${counterNames.map((n) => `c[${lua(n)}] = 0`).join('\n  ')}
  for _, t in ipairs(threads) do
    ${counterNames.map((n) => `c[${lua(n)}] = c[${lua(n)}] + (t:get(${lua(n)}) or 0)`).join('\n    ')}
  end
  local e = summary.errors
  io.write(string.format('WRK_RESULT {"requests":%d,"us":%d,"p50":%.3f,"p95":%.3f,"p99":%.3f,"errors":%d,"counters":{${counterNames
    .map((n) => `"${n}":%d`)
    .join(',')}}}\\n',
    summary.requests, summary.duration, latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, e.connect + e.read + e.write + e.status + e.timeout${counterNames.map((n) => `, c[${lua(n)}]`).join('')}))
end
`;
}

const SETUP = `
threads = {}
local nextId = 0
function setup(thread)
  thread:set("tid", nextId)
  nextId = nextId + 1
  table.insert(threads, thread)
end
`;

/**
 * Bids from many bidders on one lot: each request is one bidder's bid of the minimum next bid the
 * thread last saw plus 0–3 increments, with a proxy maximum 0–7 increments above it (as the Node
 * clients bid). Bidders are spread over the threads; a response's minNextBidCents moves the
 * thread's view of the minimum.
 */
export function bidScript(lotPath: string, identities: WrkIdentity[], startCents: number): string {
  const tiers = INCREMENT_TIERS.map((t) => `{${t.fromCents}, ${t.incrementCents}}`).join(', ');
  const bidders = identities
    .map((b) => `{cookie = ${lua(b.cookie)}, xsrf = ${lua(b.xsrf)}, ip = ${lua(b.ip)}}`)
    .join(',\n  ');
  return `${SETUP}
local bidders = {
  ${bidders}
}
local tiers = { ${tiers} }
local path = ${lua(lotPath)}
minNext = ${startCents}
accepted, tooLow, failed = 0, 0, 0
local n = 0

function init(args)
  math.randomseed(1000 + tid * 7919)
end

local function increment(p)
  local v = tiers[1][2]
  for _, t in ipairs(tiers) do if p >= t[1] then v = t[2] end end
  return v
end

function request()
  local b = bidders[(tid + n * #threads) % #bidders + 1]
  n = n + 1
  local step = increment(minNext)
  local amount = minNext + step * math.random(0, 3)
  local max = amount + step * math.random(0, 7)
  local body
  if max > amount then
    body = string.format('{"amountCents":%d,"maxAmountCents":%d}', amount, max)
  else
    body = string.format('{"amountCents":%d}', amount)
  end
  return wrk.format("POST", path, {
    ["Cookie"] = b.cookie, ["x-xsrf-token"] = b.xsrf, ["x-forwarded-for"] = b.ip,
    ["Content-Type"] = "application/json", ["Accept-Language"] = "en-US"
  }, body)
end

function response(status, headers, body)
  local m = tonumber(string.match(body, '"minNextBidCents":(%d+)'))
  if m and m > minNext then minNext = m end
  if status == 200 then
    accepted = accepted + 1
  elseif string.find(body, "Auction.BidTooLow", 1, true) then
    tooLow = tooLow + 1
  else
    failed = failed + 1
    if failed <= 3 then io.stderr:write("  bid refused: " .. status .. " " .. body .. "\\n") end
  end
end
${doneBlock(['accepted', 'tooLow', 'failed'])}`;
}

/** GETs of several paths in turn, each thread starting at its own; optionally signed in (rotating identities). */
export function getScript(paths: string[], identities: WrkIdentity[] = []): string {
  const ids = identities.map((b) => `{cookie = ${lua(b.cookie)}, ip = ${lua(b.ip)}}`).join(',\n  ');
  return `${SETUP}
local paths = { ${paths.map(lua).join(', ')} }
local ids = { ${ids} }
local n = 0
function request()
  local p = paths[(tid + n) % #paths + 1]
  local headers = { ["Accept-Language"] = "en-US" }
  if #ids > 0 then
    local b = ids[(tid + n * #threads) % #ids + 1]
    headers["Cookie"] = b.cookie
    headers["x-forwarded-for"] = b.ip
  end
  n = n + 1
  return wrk.format("GET", p, headers)
end
${doneBlock([])}`;
}

/** Runs wrk with a script for `seconds` over `connections` kept-alive connections on 2 threads. */
export function runWrk(
  wrk: string,
  base: string,
  script: string,
  options: { connections: number; seconds: number; dir: string },
): WrkResult {
  const file = join(options.dir, `wrk-${Date.now()}-${Math.random().toString(36).slice(2)}.lua`);
  writeFileSync(file, script);
  const out = execFileSync(
    wrk,
    ['-t', '2', '-c', String(options.connections), '-d', `${options.seconds}s`, '--timeout', '10s', '-s', file, base],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * 1024 * 1024 },
  );
  const line = out.split('\n').find((l) => l.startsWith('WRK_RESULT '));
  if (!line) throw new Error(`wrk printed no result:\n${out}`);
  const raw = JSON.parse(line.slice('WRK_RESULT '.length)) as Omit<WrkResult, 'seconds'> & { us: number };
  return {
    requests: raw.requests,
    seconds: raw.us / 1e6,
    p50: raw.p50,
    p95: raw.p95,
    p99: raw.p99,
    errors: raw.errors,
    counters: raw.counters,
  };
}
