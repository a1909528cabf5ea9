/**
 * Web page benchmark (issue 14), `npm run bench:web`: Lighthouse 12 against the PRODUCTION build.
 * Prints figures and never fails on them (DESIGN.md §5: a benchmark, not a test).
 *
 * Starts `node <root>/apps/server/dist/main.js` with NODE_ENV=production on an embedded database
 * (PGlite) in a temp folder — production seeds the demo catalogue on a new embedded database, so
 * /sale has 10,000 lots — finds a live lot with bids through GET /api/auctions, then runs Lighthouse
 * on `/`, `/sale` and `/sale/<id>` in both languages (`?lng=zh-CN`, `?lng=en-US`), as a phone
 * (Lighthouse's default: formFactor mobile, simulated throttling) and as a desktop (Lighthouse's
 * desktop config), a fresh Chromium per run. Prints a table per page: the four category scores,
 * LCP, TBT, CLS, FCP, Speed Index, bytes transferred and first-load JS, each the median of the runs.
 * First-load JS is what Lighthouse's network-requests audit lists as resourceType Script: the bytes
 * transferred (gzip/brotli as served) of the scripts requested before Lighthouse found the page idle
 * (network and main thread quiet), and how many. Lighthouse never taps or scrolls, so code a page
 * fetches only on the visitor's first interaction is not in it: `--tap` measures that interaction
 * (bench-web-tap.ts). Builds nothing: run `npm run build` first.
 *
 * Options:
 *   --pages home,sale,lot     pages to measure (names, or paths such as /help-center/); default all three
 *   --runs N                  runs per page, language and form factor; the table shows medians (default 3)
 *   --mobile-only | --desktop-only
 *   --lang zh-CN,en-US        languages (default both)
 *   --root DIR                the checkout whose build to serve (default: this one; BENCH_WEB_ROOT)
 *   --port N                  the server's port (default: a free one)
 *   --run-timeout S           time limit of one Lighthouse run in seconds (default 150)
 *   --save                    also write docs/bench/web-<label>.{json,md}
 *   --label NAME              the saved files' label (default <date>-<commit>)
 *   --note TEXT               a note for the saved Markdown (e.g. what else ran on the machine)
 *   --tap                     after Lighthouse, the first tap on the lot page as a phone, --runs times:
 *                             the top bar's menu button until the drawer shows, and the signed-out bid
 *                             button until the sign-in page shows, each on a freshly loaded page (1 s
 *                             after the load event, CPU 4× slower, slow 4G); prints the median time from
 *                             the tap to the result on screen and when the app took over the page
 *                             (bench-web-tap.ts). Languages: --lang when given, else zh-CN only
 *   --tap-only                only the tap measurement, no Lighthouse
 *   --tap-after-ready         --tap, but the tap comes 1 s after the app has taken over the page
 *                             (<html data-app="ready">) instead of 1 s after the load event: the
 *                             baseline of a hydrated page
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import {
  closeTapBrowsers,
  measureTaps,
  TAP_INTERACTIONS,
  type TapCell,
  type TapLabels,
  tapConditionsText,
  tapEnvironment,
  tapMomentText,
  tapTable,
} from './bench-web-tap.ts';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const LANGUAGES = ['zh-CN', 'en-US'] as const;
const FORM_FACTORS = ['mobile', 'desktop'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Lighthouse errors after which a fresh browser usually succeeds. */
const RETRIED_ERRORS = new Set(['NO_NAVSTART', 'PROTOCOL_TIMEOUT', 'RUN_TIMEOUT']);
const ATTEMPTS = 3;
/** How long the server may take to seed and answer, and to stop before it is killed. */
const SERVER_START_LIMIT_MS = 300_000;
const STOP_LIMIT_MS = 10_000;

type Language = (typeof LANGUAGES)[number];
type FormFactor = (typeof FORM_FACTORS)[number];

/** What one Lighthouse run measured; null where Lighthouse could not tell. */
interface Figures {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  speedIndexMs: number | null;
  totalBytes: number | null;
  /** Scripts Lighthouse saw requested before the page was idle: bytes transferred, and how many. */
  firstLoadJsBytes: number | null;
  firstLoadJsRequests: number | null;
}
const FIGURE_KEYS = [
  'performance',
  'accessibility',
  'bestPractices',
  'seo',
  'lcpMs',
  'tbtMs',
  'cls',
  'fcpMs',
  'speedIndexMs',
  'totalBytes',
  'firstLoadJsBytes',
  'firstLoadJsRequests',
] as const satisfies readonly (keyof Figures)[];

interface Cell {
  page: string;
  path: string;
  language: Language;
  formFactor: FormFactor;
  runs: Figures[];
  failures: string[];
  /** Lighthouse's run warnings, one entry per run that gave it. */
  warnings: string[];
  median: Figures | null;
}

interface Environment {
  chromium: string | null;
  lighthouse: string | null;
  benchmarkIndex: number[];
}

// ---- Options ----

const { values: opts } = parseArgs({
  options: {
    pages: { type: 'string' },
    runs: { type: 'string' },
    'mobile-only': { type: 'boolean' },
    'desktop-only': { type: 'boolean' },
    lang: { type: 'string' },
    root: { type: 'string' },
    port: { type: 'string' },
    'run-timeout': { type: 'string' },
    save: { type: 'boolean' },
    label: { type: 'string' },
    note: { type: 'string' },
    tap: { type: 'boolean' },
    'tap-only': { type: 'boolean' },
    'tap-after-ready': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});

if (opts.help) {
  const doc = /\/\*\*([\s\S]*?)\*\//.exec(
    (await import('node:fs')).readFileSync(fileURLToPath(import.meta.url), 'utf8'),
  )?.[1];
  console.log((doc ?? '').replace(/^ \* ?/gm, '').trim());
  process.exit(0);
}

function fail(message: string): never {
  console.error(`bench:web: ${message}`);
  process.exit(2);
}

const runs = Number(opts.runs ?? 3);
if (!Number.isInteger(runs) || runs < 1) fail('--runs takes a whole number ≥ 1');
const runTimeoutMs = Number(opts['run-timeout'] ?? 150) * 1000;
if (!(runTimeoutMs > 0)) fail('--run-timeout takes a number of seconds');
if (opts['mobile-only'] && opts['desktop-only']) fail('--mobile-only and --desktop-only exclude each other');
const formFactors: FormFactor[] = opts['mobile-only']
  ? ['mobile']
  : opts['desktop-only']
    ? ['desktop']
    : [...FORM_FACTORS];
const languages = (opts.lang ?? LANGUAGES.join(','))
  .split(',')
  .map((l) => l.trim())
  .filter(Boolean)
  .map((l) => {
    const found = LANGUAGES.find((known) => known.toLowerCase() === l.toLowerCase());
    if (!found) fail(`--lang: ${l} is not one of ${LANGUAGES.join(', ')}`);
    return found;
  });
const pageNames = (opts.pages ?? 'home,sale,lot')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
for (const p of pageNames) {
  if (!['home', 'sale', 'lot'].includes(p) && !p.startsWith('/'))
    fail(`--pages: ${p} is not home, sale, lot or a path`);
}
const fixedPort = opts.port === undefined ? null : Number(opts.port);
if (fixedPort !== null && !(Number.isInteger(fixedPort) && fixedPort > 0 && fixedPort < 65536)) {
  fail('--port takes a port number');
}
const tapping = Boolean(opts.tap || opts['tap-only'] || opts['tap-after-ready']);
const tapAfterReady = Boolean(opts['tap-after-ready']);
const lighthouseRuns = !opts['tap-only'];
// The tap's default is the lot page in Chinese (the issue's figure); --lang picks others.
const tapLanguages: Language[] = opts.lang === undefined ? ['zh-CN'] : languages;
const root = resolve(opts.root ?? process.env.BENCH_WEB_ROOT ?? REPO);
const serverMain = join(root, 'apps/server/dist/main.js');
const webIndex = join(root, 'apps/web/dist/index.html');
if (!existsSync(serverMain) || !existsSync(webIndex)) {
  fail(
    `no build in ${root} (apps/server/dist/main.js and apps/web/dist/index.html): run \`npm run build\` there first`,
  );
}

/** The accessible names the taps look for, from the served checkout's own texts. */
function tapLabelsOf(language: string): TapLabels {
  const file = join(root, 'apps/web/src/locales', language, 'shell.json');
  try {
    const topBar = (JSON.parse(readFileSync(file, 'utf8')) as { topBar?: Record<string, unknown> }).topBar ?? {};
    const { openMenu, mainNav } = topBar;
    if (typeof openMenu === 'string' && typeof mainNav === 'string') return { openMenu, mainNav };
  } catch {}
  fail(`--tap: no topBar.openMenu and topBar.mainNav in ${file}`);
}
if (tapping) for (const language of tapLanguages) tapLabelsOf(language);

// ---- Processes to stop on exit ----

let server: { url: string; child: ChildProcess; dataDir: string; output: string[] } | null = null;
const browsers = new Set<chromeLauncher.LaunchedChrome>();
let stopping: Promise<void> | null = null;

function killBrowsersNow(): void {
  for (const chrome of browsers) {
    try {
      process.kill(-(chrome.pid as number), 'SIGKILL');
    } catch {}
    try {
      chrome.process.kill('SIGKILL');
    } catch {}
  }
  browsers.clear();
}

/** Stops the browsers and the server (SIGTERM, then SIGKILL after STOP_LIMIT_MS) and removes the temp data. */
function stopAll(): Promise<void> {
  stopping ??= (async () => {
    await Promise.allSettled([...[...browsers].map((chrome) => chrome.kill()), closeTapBrowsers()]);
    killBrowsersNow();
    const s = server;
    if (s && s.child.exitCode === null && s.child.signalCode === null) {
      const exited = new Promise((r) => s.child.once('exit', r));
      s.child.kill('SIGTERM');
      const timer = setTimeout(() => s.child.kill('SIGKILL'), STOP_LIMIT_MS);
      await exited;
      clearTimeout(timer);
    }
    if (s) rmSync(s.dataDir, { recursive: true, force: true });
  })();
  return stopping;
}

function onSignal(signal: NodeJS.Signals, code: number): void {
  process.on(signal, () => {
    if (stopping) return;
    console.error(`\nbench:web: ${signal}, stopping the browser and the server…`);
    // Whatever happens, the process ends within the stop limit plus a margin.
    setTimeout(() => process.exit(code), STOP_LIMIT_MS + 5_000);
    void stopAll().finally(() => process.exit(code));
  });
}
onSignal('SIGINT', 130);
onSignal('SIGTERM', 143);
onSignal('SIGHUP', 129);
// Killing a browser under a running Lighthouse (time limit, Ctrl-C) makes puppeteer reject promises
// nobody awaits; the run is already counted as failed, so the bench goes on (or on stopping).
process.on('unhandledRejection', (err) => {
  if (!stopping) console.error(`bench:web: ignored: ${errorCode(err)}`);
});
process.on('uncaughtException', (err) => {
  console.error(err);
  void stopAll().finally(() => process.exit(1));
});
process.on('exit', () => {
  // Last resort (an uncaught error): nothing may outlive the bench.
  killBrowsersNow();
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
});

// ---- The server ----

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startServer(port: number): Promise<NonNullable<typeof server>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nb-bench-web-'));
  // A clean environment (no .env, no DATABASE_URL from the shell): what production does on a new
  // embedded database, which includes seeding the demo catalogue (SEED_DEMO defaults to on there).
  const child = spawn(process.execPath, [serverMain], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = { url: `http://127.0.0.1:${port}`, child, dataDir, output: [] as string[] };
  // Its output (the start banner, then warnings) is kept for the message when it fails to start.
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8').on('data', (chunk: string) => {
      started.output.push(chunk);
      if (started.output.length > 50) started.output.shift();
    });
  }
  server = started;
  const deadline = Date.now() + SERVER_START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) while starting:\n${started.output.join('')}`,
      );
    }
    try {
      if ((await fetch(`${started.url}/api/health`)).ok) return started;
    } catch {}
    await sleep(250);
  }
  throw new Error(`the server did not answer within ${SERVER_START_LIMIT_MS / 1000} s:\n${started.output.join('')}`);
}

interface AuctionItem {
  auctionId: string;
  domain: string;
  bidCount: number;
  endsAt: string;
}

/** A lot open for bidding with bids that stays open well past the bench: the most bid-on among those ending after 6 h. */
async function findLiveLot(url: string): Promise<{ auctionId: string; domain: string; total: number }> {
  const res = await fetch(`${url}/api/auctions?sort=bids&pageSize=100`);
  const body = (await res.json()) as { data?: { items?: AuctionItem[]; total?: number } };
  const items = body.data?.items ?? [];
  const later = Date.now() + 6 * 3_600_000;
  const lot = items.find((i) => Date.parse(i.endsAt) > later) ?? items[0];
  if (!lot) throw new Error(`GET /api/auctions listed no lot (HTTP ${res.status}): the demo data is missing`);
  return { auctionId: lot.auctionId, domain: lot.domain, total: body.data?.total ?? 0 };
}

// ---- Lighthouse ----

function errorCode(err: unknown): string {
  if (err && typeof err === 'object' && 'code' in err && typeof err.code === 'string') return err.code;
  return err instanceof Error ? err.message.split('\n')[0]! : String(err);
}

function figuresOf(lhr: Result): Figures {
  const score = (id: string) => {
    const s = lhr.categories[id]?.score;
    return typeof s === 'number' ? Math.round(s * 100) : null;
  };
  const value = (id: string) => {
    const v = lhr.audits[id]?.numericValue;
    return typeof v === 'number' ? v : null;
  };
  const items = ((lhr.audits['resource-summary']?.details as { items?: unknown[] } | undefined)?.items ?? []) as {
    resourceType?: string;
    transferSize?: number;
  }[];
  const bytes = (type: string) => items.find((i) => i.resourceType === type)?.transferSize ?? null;
  // Every request of Lighthouse's load, which ends once network and main thread have been quiet.
  const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items as
    | { url?: string; resourceType?: string; transferSize?: number }[]
    | undefined;
  const scripts = requests?.filter((r) => r.resourceType === 'Script' && !/^(data|blob):/.test(r.url ?? ''));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    fcpMs: value('first-contentful-paint'),
    speedIndexMs: value('speed-index'),
    totalBytes: bytes('total') ?? value('total-byte-weight'),
    firstLoadJsBytes: scripts ? scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) : null,
    firstLoadJsRequests: scripts ? scripts.length : null,
  };
}

/** The browser's full version (the user agent shows only the major one). */
async function chromiumVersion(port: number): Promise<string | null> {
  try {
    const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser?: string };
    return /\/([\d.]+)/.exec(info.Browser ?? '')?.[1] ?? null;
  } catch {
    return null;
  }
}

/** One Lighthouse run in a fresh browser, within the run time limit. */
async function lighthouseOnce(url: string, formFactor: FormFactor, env: Environment): Promise<{ lhr: Result }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  });
  browsers.add(chrome);
  let timer: NodeJS.Timeout | undefined;
  try {
    const flags: Flags = { port: chrome.port, logLevel: 'error', onlyCategories: [...CATEGORIES] };
    const run = lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    run.catch(() => {}); // a run abandoned at the time limit rejects later, when its browser is gone
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(Object.assign(new Error(`over ${runTimeoutMs / 1000} s`), { code: 'RUN_TIMEOUT' })),
        runTimeoutMs,
      );
    });
    const result = await Promise.race([run, timeout]);
    if (!result) throw new Error('Lighthouse returned nothing');
    const lhr = result.lhr;
    if (lhr.runtimeError) throw Object.assign(new Error(lhr.runtimeError.message), { code: lhr.runtimeError.code });
    env.lighthouse = lhr.lighthouseVersion;
    env.chromium ??= await chromiumVersion(chrome.port);
    env.benchmarkIndex.push(lhr.environment.benchmarkIndex);
    return { lhr };
  } finally {
    clearTimeout(timer);
    browsers.delete(chrome);
    await Promise.race([chrome.kill(), sleep(STOP_LIMIT_MS)]);
    try {
      process.kill(-(chrome.pid as number), 'SIGKILL');
    } catch {}
  }
}

async function measure(cell: Cell, url: string, env: Environment): Promise<void> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const { lhr } = await lighthouseOnce(url, cell.formFactor, env);
      cell.runs.push(figuresOf(lhr));
      cell.warnings.push(...lhr.runWarnings);
      return;
    } catch (err) {
      if (stopping) return;
      const code = errorCode(err);
      if (RETRIED_ERRORS.has(code) && attempt < ATTEMPTS) {
        console.error(`  ${code}: retrying with a fresh browser (${attempt}/${ATTEMPTS - 1})`);
        continue;
      }
      cell.failures.push(code);
      console.error(`  failed: ${code}`);
      return;
    }
  }
}

// ---- Figures and tables ----

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function medianOf(figures: Figures[]): Figures | null {
  if (figures.length === 0) return null;
  const out = {} as Figures;
  for (const key of FIGURE_KEYS) out[key] = median(figures.map((f) => f[key]).filter((v): v is number => v !== null));
  return out;
}

const seconds = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);
const millis = (ms: number | null) => (ms === null ? '–' : `${Math.round(ms)} ms`);
const kib = (b: number | null) => (b === null ? '–' : `${Math.round(b / 1024).toLocaleString('en-US')} KiB`);
const score = (s: number | null) => (s === null ? '–' : String(Math.round(s)));

function perfCell(cell: Cell): string {
  const m = cell.median;
  if (!m) return 'failed';
  const all = cell.runs.map((r) => r.performance).filter((v): v is number => v !== null);
  const spread = all.length > 1 ? ` (${Math.min(...all)}–${Math.max(...all)})` : '';
  return `${score(m.performance)}${spread}`;
}

function pageTable(cells: Cell[]): string {
  const head =
    '| Language | Form factor | Performance | Accessibility | Best practices | SEO | LCP | TBT | CLS | FCP | Speed Index | Transferred | First-load JS (transferred, files) | Runs |';
  const rule = `|${'---|'.repeat(14)}`;
  const rows = cells.map((c) => {
    const m = c.median;
    const runsText = `${c.runs.length}/${c.runs.length + c.failures.length}${c.failures.length ? ` (${c.failures.join(', ')})` : ''}`;
    if (!m) return `| ${c.language} | ${c.formFactor} | failed |${' – |'.repeat(10)} ${runsText} |`;
    return `| ${c.language} | ${c.formFactor} | ${perfCell(c)} | ${score(m.accessibility)} | ${score(m.bestPractices)} | ${score(m.seo)} | ${seconds(m.lcpMs)} | ${millis(m.tbtMs)} | ${m.cls === null ? '–' : m.cls.toFixed(3)} | ${seconds(m.fcpMs)} | ${seconds(m.speedIndexMs)} | ${kib(m.totalBytes)} | ${kib(m.firstLoadJsBytes)}${m.firstLoadJsRequests === null ? '' : ` (${Math.round(m.firstLoadJsRequests)})`} | ${runsText} |`;
  });
  return [head, rule, ...rows].join('\n');
}

function tables(cells: Cell[]): string {
  const pages = [...new Set(cells.map((c) => c.page))];
  return pages
    .map((page) => {
      const of = cells.filter((c) => c.page === page);
      const path = of[0]?.path ?? page;
      const label = path === page ? `\`${path}\`` : `${page} — \`${path}\``;
      const warnings = of.flatMap((c) =>
        [...new Set(c.warnings)].map((w) => {
          const times = c.warnings.filter((x) => x === w).length;
          return `${c.language} ${c.formFactor}, ${times} of ${c.runs.length} run${c.runs.length > 1 ? 's' : ''}: ${w.replace(/\s+/g, ' ')}`;
        }),
      );
      const notes = warnings.length ? `\n\nLighthouse warnings:\n${warnings.map((w) => `- ${w}`).join('\n')}` : '';
      return `### ${label}\n\n${pageTable(of)}${notes}`;
    })
    .join('\n\n');
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

// ---- Main ----

const startedAt = new Date();
const loadAtStart = loadavg();
const env: Environment = { chromium: null, lighthouse: null, benchmarkIndex: [] };
const commit = git(['rev-parse', '--short', 'HEAD']);
const dirty = (git(['status', '--porcelain', '--', 'apps', 'packages']) ?? '')
  .split('\n')
  .some((line) => line && !/node_modules\/?$/.test(line));
const builtAt = statSync(webIndex).mtime;
const cells: Cell[] = [];
const tapCells: TapCell[] = [];
let lot: Awaited<ReturnType<typeof findLiveLot>> | null = null;

let restarts = 0;

/** The server, started again (same port, a new data folder) when something stopped it mid-bench. */
async function ensureServer(port: number): Promise<NonNullable<typeof server>> {
  const s = server;
  if (s && s.child.exitCode === null && s.child.signalCode === null) return s;
  if (s) {
    restarts++;
    console.error(`bench:web: the server stopped (${s.child.exitCode ?? s.child.signalCode}); starting it again`);
    rmSync(s.dataDir, { recursive: true, force: true });
  }
  // Other people's work on a shared machine may stop it while it seeds: a few attempts.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServer(port);
    } catch (err) {
      if (attempt === 3 || stopping) throw err;
      console.error(`bench:web: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}; trying again`);
      if (server) rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
}

try {
  const port = fixedPort ?? (await freePort());
  console.log(`bench:web: starting the production server of ${root} on port ${port} (seeding the demo catalogue)…`);
  const s = await ensureServer(port);
  const needsLot = tapping || (lighthouseRuns && pageNames.includes('lot'));
  lot = await findLiveLot(s.url);
  console.log(
    `bench:web: ${s.url} up, ${lot.total.toLocaleString('en-US')} lots open${needsLot ? `; lot page /sale/${lot.auctionId} (${lot.domain})` : ''}`,
  );
  const paths = pageNames.map((name) => ({
    name,
    path: name === 'home' ? '/' : name === 'sale' ? '/sale' : name === 'lot' ? `/sale/${lot?.auctionId}` : name,
  }));
  for (const { name, path } of lighthouseRuns ? paths : []) {
    for (const formFactor of formFactors) {
      for (const language of languages) {
        cells.push({ page: name, path, language, formFactor, runs: [], failures: [], warnings: [], median: null });
      }
    }
  }
  // Round by round (every row once, then again): a busy spell on the machine spreads over the rows
  // instead of spoiling all the runs of one.
  const total = cells.length * runs;
  let done = 0;
  for (let round = 1; round <= runs && !stopping; round++) {
    for (const cell of cells) {
      if (stopping) break;
      const live = await ensureServer(port);
      const url = `${live.url}${cell.path}${cell.path.includes('?') ? '&' : '?'}lng=${cell.language}`;
      done++;
      console.log(`[${done}/${total}] ${cell.formFactor} ${cell.language} ${cell.path} (round ${round}/${runs})`);
      await measure(cell, url, env);
    }
  }
  for (const cell of cells) cell.median = medianOf(cell.runs);
  if (tapping && !stopping) {
    for (const language of tapLanguages) {
      for (const interaction of TAP_INTERACTIONS) {
        tapCells.push({ interaction, language, path: `/sale/${lot.auctionId}`, runs: [], failures: [] });
      }
    }
    await measureTaps({
      chromiumPath: CHROME_PATH,
      cells: tapCells,
      runs,
      afterReady: tapAfterReady,
      labelsOf: tapLabelsOf,
      urlOf: async (cell) => `${(await ensureServer(port)).url}${cell.path}?lng=${cell.language}`,
      stopping: () => stopping !== null,
      progress: (text) => console.log(text),
    });
  }
} catch (err) {
  console.error(`bench:web: ${err instanceof Error ? err.message : String(err)}`);
  await stopAll();
  process.exit(1);
}
await stopAll();

const finishedAt = new Date();
const loadAtEnd = loadavg();
const benchmarkIndex = median(env.benchmarkIndex);
const machine =
  `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB; ` +
  `load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} at the start, ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')} at the end`;
const header = [
  `- Date: ${startedAt.toISOString().replace(/\.\d+Z$/, 'Z')} to ${finishedAt.toISOString().replace(/\.\d+Z$/, 'Z')}`,
  `- Commit: ${commit ?? 'unknown'}${dirty ? ' (with uncommitted changes under apps/ or packages/)' : ''}; build of ${builtAt.toISOString().replace(/\.\d+Z$/, 'Z')} (apps/web/dist/index.html)`,
  `- Server: \`node apps/server/dist/main.js\`, NODE_ENV=production, embedded PGlite in a temp DATA_DIR, demo catalogue seeded on first start${lot ? ` (${lot.total.toLocaleString('en-US')} lots open; the lot page is ${lot.domain})` : ''}`,
  ...(lighthouseRuns
    ? [
        `- Chromium ${env.chromium ?? 'unknown'} (headless), Lighthouse ${env.lighthouse ?? 'unknown'}; a fresh browser per run; mobile = Lighthouse's default (simulated throttling), desktop = its desktop config`,
      ]
    : []),
  ...(tapping
    ? [
        `- First tap: Chromium ${tapEnvironment.chromium ?? 'unknown'} (headless) through ${tapConditionsText(tapAfterReady)}`,
      ]
    : []),
  `- Machine: ${machine}${lighthouseRuns ? `; Lighthouse benchmarkIndex ${benchmarkIndex === null ? 'unknown' : `${Math.round(benchmarkIndex)} (median; ${Math.round(Math.min(...env.benchmarkIndex))}–${Math.round(Math.max(...env.benchmarkIndex))} over the runs: the CPU the browser got)`}` : ''}`,
  `- Figures: the median of ${runs} run${runs > 1 ? 's' : ''} per row, each column on its own${lighthouseRuns ? ' (Performance shows the range in brackets)' : ''}, the rows measured round by round${lighthouseRuns ? "; bytes are as transferred (after any compression); first-load JS is the scripts of Lighthouse's network-requests audit (requested before the page was idle) and how many files" : ''}`,
  ...(restarts ? [`- The server was stopped from outside and started again ${restarts} time(s) during the bench`] : []),
  ...(opts.note ? [`- Note: ${opts.note}`] : []),
].join('\n');

/** The Lighthouse tables, then the first tap's. */
function sections(): string {
  const parts = lighthouseRuns ? [tables(cells)] : [];
  if (tapping) {
    parts.push(
      `### First tap on the lot page, as a phone (\`--tap\`)\n\nFrom the tap's touchstart to the first frame showing its result; the page freshly loaded each run, tapped ${tapMomentText(tapAfterReady)}. "App ready" is \`<html data-app="ready">\`.\n\n${tapTable(tapCells)}`,
    );
  }
  return parts.join('\n\n');
}

console.log(`\n${header}\n\n${sections()}\n`);

if (opts.save) {
  const label = opts.label ?? `${startedAt.toISOString().slice(0, 10)}-${commit ?? 'unknown'}`;
  if (!/^[\w.-]+$/.test(label)) fail('--label takes letters, digits, dots, dashes and underscores');
  const dir = join(REPO, 'docs/bench');
  mkdirSync(dir, { recursive: true });
  const command = `npm run bench:web -- ${process.argv
    .slice(2)
    .map((a) => (/^[\w./=,-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`))
    .join(' ')}`.trim();
  const markdown = `# Web pages, Lighthouse: ${label}\n\nWhat \`${command}\` measured (\`scripts/bench-web.ts\`).\n\n${header}\n\n${sections()}\n`;
  const json = {
    label,
    command,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    commit,
    dirty,
    builtAt: builtAt.toISOString(),
    chromium: env.chromium,
    lighthouse: env.lighthouse,
    machine: {
      cores: cpus().length,
      cpu: cpus()[0]?.model.trim(),
      loadAtStart,
      loadAtEnd,
      benchmarkIndex: env.benchmarkIndex,
    },
    note: opts.note ?? null,
    lot,
    runsPerRow: runs,
    rows: cells,
    tapRows: tapping ? tapCells : undefined,
  };
  writeFileSync(join(dir, `web-${label}.md`), markdown);
  writeFileSync(join(dir, `web-${label}.json`), `${JSON.stringify(json, null, 2)}\n`);
  console.log(`bench:web: saved ${relative(process.cwd(), join(dir, `web-${label}.md`))} and .json`);
}
process.exit(0);
