import { spawn } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Servers as real child processes (`node --import tsx apps/server/src/main.ts`) for the tests that
 * kill them or run several on one database, and a small HTTP client with its own cookies and
 * source address (each bidder is its own browser; loopback addresses 127.0.0.x keep per-IP limits
 * per bidder, as in production).
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The APP_SECRET every test server process shares (sessions and CSRF tokens work on each). */
export const PROCESS_APP_SECRET = 'process-test-secret-0123456789-0123456789-abcdef';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  readonly port: number;
  readonly baseUrl: string;
  readonly pid: number;
  /** Settles when the process has exited. */
  readonly exited: Promise<Exit>;
  readonly hasExited: boolean;
  /** The last output (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGKILL (unless gone already); resolves when it is gone. */
  kill(): Promise<Exit>;
}

const READY_LINE = 'NameBourse is running';

/** Every server process started and not yet gone (killed at the latest when the test process exits). */
const live = new Map<() => void, Promise<Exit>>();
process.once('exit', () => {
  for (const kill of live.keys()) kill();
});

/** Kills every server process this test file started that is still running; resolves when they are gone. */
export async function killAllServers(): Promise<void> {
  const running = [...live];
  for (const [kill] of running) kill();
  await Promise.all(running.map(([, exited]) => exited));
}

/**
 * Starts a server on `port` (127.0.0.1) against `databaseUrl` with a manual clock, dev tools, no
 * demo data, no sweeper, no overall rate limit and quiet logs; `env` adds or overrides settings.
 * Resolves once it listens (its start banner is printed right after listen).
 */
export async function startServer(options: {
  databaseUrl: string;
  port: number;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      APP_SECRET: PROCESS_APP_SECRET,
      CLOCK: 'manual',
      DEV_TOOLS: '1',
      SEED_DEMO: '0',
      SWEEP_INTERVAL_MS: '0',
      RATE_LIMIT_API_MAX: '0',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  let ready = false;
  let onReady: () => void = () => {};
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-20_000);
    if (!ready && log.includes(READY_LINE)) {
      ready = true;
      onReady();
    }
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  let exitedNow = false;
  const exited = new Promise<Exit>((resolveExit) => {
    child.once('exit', (code, signal) => {
      exitedNow = true;
      resolveExit({ code, signal });
    });
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server process did not start');
  const killNow = () => {
    if (!exitedNow) child.kill('SIGKILL');
  };
  live.set(killNow, exited);
  void exited.then(() => live.delete(killNow));
  const server: ServerProcess = {
    port: options.port,
    baseUrl: `http://127.0.0.1:${options.port}`,
    pid,
    exited,
    get hasExited() {
      return exitedNow;
    },
    output: () => log,
    async kill() {
      killNow();
      return exited;
    },
  };
  const timeoutMs = options.timeoutMs ?? 60_000;
  await new Promise<void>((resolveReady, reject) => {
    const timer = setTimeout(() => {
      void server.kill();
      reject(new Error(`server on port ${options.port} not ready after ${timeoutMs} ms:\n${log}`));
    }, timeoutMs);
    onReady = () => {
      clearTimeout(timer);
      resolveReady();
    };
    if (ready) onReady();
    void exited.then((exit) => {
      if (ready) return;
      clearTimeout(timer);
      reject(new Error(`server on port ${options.port} exited before ready (${JSON.stringify(exit)}):\n${log}`));
    });
  });
  return server;
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** The envelope of an answer (`{ code, message, data }`), or null when the body is not JSON. */
export function envelopeOf(answer: HttpAnswer): { code: string; message: string; data: unknown } | null {
  try {
    return JSON.parse(answer.body);
  } catch {
    return null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * One browser: a cookie jar (updated from every answer's Set-Cookie), the CSRF header taken from
 * its XSRF-TOKEN cookie on state-changing calls, and its own source address.
 */
export class HttpUser {
  readonly #cookies = new Map<string, string>();

  constructor(readonly localAddress = '127.0.0.1') {}

  cookie(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  request(
    baseUrl: string,
    method: string,
    path: string,
    options: { json?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
  ): Promise<HttpAnswer> {
    const url = new URL(path, baseUrl);
    const body = options.json === undefined ? undefined : JSON.stringify(options.json);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.#cookies.size > 0) headers.cookie = [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const token = this.#cookies.get('XSRF-TOKEN');
    if (STATE_CHANGING.has(method) && token) headers['x-xsrf-token'] = token;
    return new Promise((resolveAnswer, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path: `${url.pathname}${url.search}`,
          headers,
          localAddress: this.localAddress,
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            this.#remember(res.headers['set-cookie']);
            resolveAnswer({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            });
          });
        },
      );
      req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error(`timeout: ${method} ${path}`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  #remember(setCookies: string[] | undefined): void {
    for (const line of setCookies ?? []) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [k = '', v = ''] = a.split('=').map((s) => s.trim());
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
        return false;
      });
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  /**
   * Signs in with e-mail and password as a browser does: a CSRF token for the signed-out page, the
   * login, then the token again for the new session.
   */
  async signIn(baseUrl: string, email: string, password: string): Promise<void> {
    const csrf = await this.request(baseUrl, 'GET', '/api/account/csrf');
    if (csrf.status !== 200) throw new Error(`csrf: ${csrf.status} ${csrf.body}`);
    const login = await this.request(baseUrl, 'POST', '/api/account/login', { json: { email, password } });
    if (login.status !== 200) throw new Error(`login ${email}: ${login.status} ${login.body}`);
    const again = await this.request(baseUrl, 'GET', '/api/account/csrf');
    if (again.status !== 200) throw new Error(`csrf after sign-in: ${again.status} ${again.body}`);
  }
}

export { seededRandom } from '../src/platform/seeded-random.ts';

/** A seeded shuffle (Fisher–Yates) of a copy. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs `fn` over `items` with at most `limit` at a time; results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Named laps for a test's summary: `lap('seed')` records the seconds since the previous lap. */
export function stopwatch() {
  let last = Date.now();
  const laps: string[] = [];
  return {
    lap(name: string) {
      const now = Date.now();
      laps.push(`${name} ${((now - last) / 1000).toFixed(1)} s`);
      last = now;
    },
    toString: () => laps.join(', '),
  };
}
