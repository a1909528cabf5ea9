import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestDnsServer, type TestDnsServer } from '../../server/test/dns-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The file listing the pages scanned with axe in this run (guard.ts). */
    scannedPages: string;
    /** POST { name, txt: string[] } (or { name, remove: true }): the journeys' DNS records (dns.ts). */
    dnsControl: string;
  }
}

const root = resolve(import.meta.dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // Seeding the demo data takes over a minute when the machine is busy (two cores shared with other runs);
  // E2E_STARTUP_MS allows longer on a machine busier still.
  const deadline = Date.now() + (Number(process.env.E2E_STARTUP_MS) || 180_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * A real DNS server on loopback that the app server resolves sellers' TXT ownership proofs with
 * (DNS_SERVERS), and a small HTTP endpoint through which the journeys (in other processes) publish
 * or remove a record, as a seller does at their DNS host.
 */
async function startDns(): Promise<{ dns: TestDnsServer; control: Server; controlUrl: string }> {
  const dns = await startTestDnsServer();
  const control = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      try {
        const { name, txt, remove } = JSON.parse(body) as { name: string; txt?: string[]; remove?: boolean };
        if (remove) dns.removeTxt(name);
        else dns.setTxt(name, ...(txt ?? []));
        res.writeHead(204).end();
      } catch (error) {
        res.writeHead(400).end(String(error));
      }
    });
  });
  const controlPort = await freePort();
  await new Promise<void>((ok) => control.listen(controlPort, '127.0.0.1', ok));
  return { dns, control, controlUrl: `http://127.0.0.1:${controlPort}` };
}

/**
 * Starts the built server (apps/server/dist/main.js) on a fresh embedded database and a free port.
 * E2E_SERVER_ENTRY and E2E_WEB_DIST point at another build (a bundle one folder below apps/server, a web build
 * anywhere) so a journey run need not overwrite the shared dist folders.
 */
export default async function setup(project: TestProject) {
  const entry = resolve(process.env.E2E_SERVER_ENTRY ?? join(root, 'apps/server/dist/main.js'));
  const webDist = resolve(process.env.E2E_WEB_DIST ?? join(root, 'apps/web/dist'));
  if (!existsSync(entry)) throw new Error('Build first: npm run build');
  if (!existsSync(join(webDist, 'index.html'))) throw new Error('Build the web app first: npm run build');
  const port = await freePort();
  const { dns, control, controlUrl } = await startDns();
  const dataDir = mkdtempSync(join(tmpdir(), 'nb-e2e-'));
  let out = '';
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      DEV_TOOLS: '1',
      CLOCK: 'manual',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      SWEEP_INTERVAL_MS: '0',
      // An easy proof-of-work: the ALTCHA widget solves it in the browser's worker in well under a second.
      CAPTCHA_MAX_NUMBER: '5000',
      DNS_SERVERS: dns.address,
      DNS_TIMEOUT_MS: '2000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, () => out);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    control.close();
    await dns.stop();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('scannedPages', join(dataDir, 'axe-scanned.txt'));
  project.provide('dnsControl', controlUrl);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => {
      const t = setTimeout(() => {
        child.kill('SIGKILL');
        r(null);
      }, 10_000);
      child.once('exit', () => {
        clearTimeout(t);
        r(null);
      });
    });
    rmSync(dataDir, { recursive: true, force: true });
    control.close();
    await dns.stop();
  };
}
