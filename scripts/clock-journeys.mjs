#!/usr/bin/env node
// The journeys that move the business clock (apps/web/e2e/*.clock.e2e.ts), in two groups at once. Within a group
// the files run one at a time on a server of their own (a clock jump must not expire another journey's session),
// so each group starts its own server with its own clock (the config's global setup); the two groups share the
// machine's two cores. Files are split by their usual running time (greedy, longest first) so both groups end
// about together. CLOCK_JOURNEY_GROUPS=1 runs them all in one group; extra arguments go to vitest.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dir = 'apps/web/e2e';
const config = `${dir}/vitest.e2e-clock.config.ts`;

/** Seconds each file took in CI on a quiet machine (both of its cases); a new file counts as DEFAULT until listed. */
const SECONDS = {
  'listings.clock.e2e.ts': 139,
  'buying.clock.e2e.ts': 130,
  'domains.clock.e2e.ts': 126,
  'notifications.clock.e2e.ts': 97,
  'auctions.clock.e2e.ts': 64,
  'operator.clock.e2e.ts': 52,
  'support-chat.clock.e2e.ts': 34,
};
const DEFAULT = 100;

const files = readdirSync(resolve(root, dir))
  .filter((f) => f.endsWith('.clock.e2e.ts'))
  .sort((a, b) => (SECONDS[b] ?? DEFAULT) - (SECONDS[a] ?? DEFAULT) || a.localeCompare(b));
const count = Math.max(1, Math.min(Number(process.env.CLOCK_JOURNEY_GROUPS) || 2, files.length));
const groups = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
for (const file of files) {
  const lightest = groups.reduce((a, b) => (b.seconds < a.seconds ? b : a));
  lightest.files.push(file);
  lightest.seconds += SECONDS[file] ?? DEFAULT;
}

const extra = process.argv.slice(2);
const children = [];
const runs = groups.map((group, i) => {
  const label = count > 1 ? `[clock ${i + 1}] ` : '';
  console.log(`${label}${group.files.join(' ')} (about ${group.seconds} s)`);
  // Paths, not name filters: vitest matches a filter anywhere in a file's path.
  const args = ['vitest', 'run', '--config', config, ...group.files.map((f) => `${dir}/${f}`), ...extra];
  const child = spawn('npx', args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const relay = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`${label}${line}\n`);
    });
    stream.on('end', () => rest && out.write(`${label}${rest}\n`));
  };
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  return new Promise((done) => child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0))));
});

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = 130;
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
const codes = await Promise.all(runs);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
