#!/usr/bin/env node
/**
 * Customer-service chat benchmark (issue 18: '1,000 concurrent chat connections on one instance, message
 * fan-out p99 ≤ 200 ms'). Prints figures, never fails a build.
 *
 * Starts the server (apps/server/dist/main.js when built with the chat, else the sources through tsx) on a fresh PostgreSQL
 * database (BENCH_PG_URL, default the local server) with the operator account as the agent, moves its manual
 * clock into the support hours, then opens BENCH_CHAT_CONNECTIONS (default 1,000) WebSocket connections:
 * BENCH_CHAT_AGENT_WINDOWS (default 10) agent windows of that account, and visitors (each their own
 * conversation, claimed by the agent), every one its own TCP connection. Each round, every visitor sends one
 * message at once; measured per delivery: from sending the frame to a window reading it (the sender's own window
 * and every agent window: the fan-out). Then the agent answers every conversation, measured to the visitor's
 * window, and steady traffic (BENCH_CHAT_RATE messages a second, default 100, for BENCH_CHAT_SECONDS, default 5)
 * is measured the same way. Client and server share the machine's cores, so the figures are pessimistic.
 *
 *   node scripts/bench-chat.mjs        (BENCH_CHAT_ROUNDS=3, BENCH_PG_URL=postgres://…)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const require = createRequire(import.meta.url);
const WebSocket = require('ws');

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = Number(process.env.BENCH_CHAT_CONNECTIONS ?? 1000);
const AGENT_WINDOWS = Number(process.env.BENCH_CHAT_AGENT_WINDOWS ?? 10);
const ROUNDS = Number(process.env.BENCH_CHAT_ROUNDS ?? 3);
const VISITORS = Math.max(1, CONNECTIONS - AGENT_WINDOWS);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 100);
const STEADY_SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 5);
const TARGET_P99_MS = 200;
const AGENT = { email: 'agent@bench.example.com', password: 'Bench-Agent-Passw0rd!' };

function dbUrl(name) {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

function quantile(sorted, q) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Same rule as the contract's isWithinSupportHours (Mon–Fri 9:30–18:30 at UTC+8). */
function withinHours(date) {
  const local = new Date(date.getTime() + 8 * 3_600_000);
  const day = local.getUTCDay();
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  return day >= 1 && day <= 5 && minute >= 570 && minute < 1110;
}

async function startServer(databaseUrl) {
  const dir = mkdtempSync(join(os.tmpdir(), 'nb-bench-chat-'));
  const port = 3970 + Math.floor(Math.random() * 9);
  // The build when it is there and has the chat (a stale build falls back to the sources).
  const dist = 'apps/server/dist/main.js';
  const built = existsSync(dist) && readFileSync(dist, 'utf8').includes('/support/visitor/messages');
  const args = built ? ['apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'development',
      DEV_TOOLS: '1',
      CLOCK: 'manual',
      SEED_DEMO: '0',
      SWEEP_INTERVAL_MS: '0',
      RATE_LIMIT_API_MAX: '0',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      ADMIN_EMAIL: AGENT.email,
      ADMIN_PASSWORD: AGENT.password,
      PUBLIC_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child, dir, built };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

/** A browser-like HTTP client: a cookie jar, the CSRF header, its own forwarded address. */
class Client {
  constructor(base, ip) {
    this.base = base;
    this.ip = ip;
    this.cookies = new Map();
  }
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async request(method, path, body, headers = {}) {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': this.ip,
        cookie: this.cookieHeader(),
        'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '',
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, json };
  }
}

/** A chat window: `onFrame` gets each frame with the time it was read. */
function openWindow(base, query, headers, onFrame) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/support/chat${query ? `?${query}` : ''}`, {
      headers: { origin: base, ...headers },
      perMessageDeflate: false,
    });
    ws.on('message', (data) => onFrame(JSON.parse(data.toString('utf8')), performance.now()));
    ws.on('open', () => resolve(ws));
    ws.on('unexpected-response', (_req, res) => {
      ws.terminate();
      reject(new Error(`upgrade refused: ${res.statusCode}`));
    });
    ws.on('error', reject);
  });
}

async function inBatches(count, size, fn) {
  const out = [];
  for (let i = 0; i < count; i += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, k) => fn(i + k)))));
  }
  return out;
}

function report(label, latencies, expected) {
  latencies.sort((a, b) => a - b);
  console.log(
    `  ${label}: ${latencies.length}/${expected} delivered   p50 ${quantile(latencies, 0.5).toFixed(0)} ms   p99 ${quantile(latencies, 0.99).toFixed(0)} ms   max ${(latencies.at(-1) ?? Number.NaN).toFixed(0)} ms   (target p99 ≤ ${TARGET_P99_MS} ms)`,
  );
}

async function main() {
  const name = `nb_bench_chat_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const server = await startServer(dbUrl(name));
  const windows = [];
  try {
    // Into the support hours (the manual clock only moves forward), so replies are plain live messages.
    const clock = await (await fetch(`${server.url}/api/dev/clock`)).json();
    let now = new Date(clock.data.now);
    let seconds = 0;
    while (!withinHours(new Date(now.getTime() + seconds * 1000))) seconds += 900;
    if (seconds > 0) {
      const dev = new Client(server.url, '10.8.0.1');
      await dev.request('GET', '/api/account/csrf');
      await dev.request('POST', '/api/dev/clock/advance', { seconds });
      now = new Date(now.getTime() + seconds * 1000);
    }

    const agent = new Client(server.url, '10.8.0.2');
    await agent.request('GET', '/api/account/csrf');
    const login = await agent.request('POST', '/api/account/login', AGENT);
    if (login.status !== 200) throw new Error(`agent login failed: ${JSON.stringify(login.json)}`);

    const setup = performance.now();
    const visitors = await inBatches(VISITORS, 50, async (i) => {
      const client = new Client(server.url, `10.7.${Math.floor(i / 250)}.${(i % 250) + 1}`);
      await client.request('GET', '/api/account/csrf');
      const res = await client.request('POST', '/api/support/conversations', {
        email: `visitor${i}@bench.example.com`,
        name: `Visitor ${i}`,
      });
      if (res.status !== 200) throw new Error(`start failed: ${JSON.stringify(res.json)}`);
      return { i, token: res.json.data.visitorToken, conversationId: res.json.data.conversation.conversationId };
    });
    await inBatches(VISITORS, 50, async (i) => {
      const res = await agent.request(
        'POST',
        `/api/admin/support/conversations/${visitors[i].conversationId}/claim`,
        {},
      );
      if (res.status !== 200) throw new Error(`claim failed: ${JSON.stringify(res.json)}`);
    });

    // Deliveries: key `${clientId}|${window}` → sent time.
    const sentAt = new Map();
    let delivered = [];
    const onMessage = (windowName) => (frame, at) => {
      if (frame.type !== 'message' || !frame.message.clientId) return;
      const started = sentAt.get(frame.message.clientId);
      if (started !== undefined)
        delivered.push({ window: windowName, ms: at - started, clientId: frame.message.clientId });
    };
    const opening = performance.now();
    for (let a = 0; a < AGENT_WINDOWS; a++) {
      windows.push(await openWindow(server.url, '', { cookie: agent.cookieHeader() }, onMessage(`agent${a}`)));
    }
    const visitorWindows = await inBatches(VISITORS, 100, (i) =>
      openWindow(server.url, `token=${visitors[i].token}`, {}, onMessage(`visitor${i}`)),
    );
    windows.push(...visitorWindows);
    console.log(
      `\nchat bench: ${windows.length} WebSocket connections (${AGENT_WINDOWS} agent windows holding ${VISITORS} conversations, ${VISITORS} visitors) on one instance (${server.url}, ${server.built ? 'built' : 'sources via tsx'}, PostgreSQL); set up in ${((opening - setup) / 1000).toFixed(1)} s, opened in ${((performance.now() - opening) / 1000).toFixed(1)} s; load ${os.loadavg()[0]?.toFixed(1)}`,
    );
    await new Promise((r) => setTimeout(r, 2000));

    const waitFor = async (expected, ms) => {
      const deadline = performance.now() + ms;
      while (delivered.length < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    };
    // Each visitor message reaches its own window and every agent window.
    const perRound = VISITORS * (1 + AGENT_WINDOWS);
    const userLatencies = [];
    const roundTimes = [];
    for (let round = 0; round <= ROUNDS; round++) {
      delivered = [];
      const started = performance.now();
      visitorWindows.forEach((ws, i) => {
        const clientId = `r${round}-v${i}`;
        sentAt.set(clientId, performance.now());
        ws.send(JSON.stringify({ type: 'send', clientId, body: `round ${round} from visitor ${i}` }));
      });
      await waitFor(perRound, 60_000);
      if (round === 0) {
        console.log(`  warm-up round: ${delivered.length}/${perRound} deliveries`);
        continue;
      }
      roundTimes.push(performance.now() - started);
      userLatencies.push(...delivered.map((d) => d.ms));
    }
    report(
      `${ROUNDS} rounds of ${VISITORS} visitor messages at once, to the sender's and ${AGENT_WINDOWS} agent windows`,
      userLatencies,
      ROUNDS * perRound,
    );
    console.log(`  last delivery per round: ${roundTimes.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);

    // Steady traffic: BENCH_CHAT_RATE messages a second from visitors in turn (what a busy desk sees).
    delivered = [];
    const steady = [];
    const messages = Math.round(RATE * STEADY_SECONDS);
    for (let k = 0; k < messages; k++) {
      const i = k % VISITORS;
      const clientId = `steady-${k}`;
      sentAt.set(clientId, performance.now());
      visitorWindows[i].send(JSON.stringify({ type: 'send', clientId, body: `steady ${k}` }));
      await new Promise((r) => setTimeout(r, 1000 / RATE));
    }
    await waitFor(messages * (1 + AGENT_WINDOWS), 30_000);
    steady.push(...delivered.map((d) => d.ms));
    report(
      `steady ${RATE} messages/s for ${STEADY_SECONDS} s, to the sender's and ${AGENT_WINDOWS} agent windows`,
      steady,
      messages * (1 + AGENT_WINDOWS),
    );

    // The agent answers every conversation from one window; measured to the visitor's window.
    delivered = [];
    const agentWindow = windows[0];
    for (let i = 0; i < VISITORS; i++) {
      const clientId = `reply-${i}`;
      sentAt.set(clientId, performance.now());
      agentWindow.send(
        JSON.stringify({ type: 'send', conversationId: visitors[i].conversationId, clientId, body: `answer ${i}` }),
      );
    }
    await waitFor(VISITORS * (1 + AGENT_WINDOWS), 60_000);
    report(
      `agent answers ${VISITORS} conversations at once, to the visitor's window`,
      delivered.filter((d) => d.window.startsWith('visitor')).map((d) => d.ms),
      VISITORS,
    );
  } finally {
    for (const ws of windows) ws.terminate();
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(server.dir, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (err) {
  // A bench prints; it never fails the build.
  console.log(`chat bench did not complete: ${err instanceof Error ? err.message : String(err)}`);
}
