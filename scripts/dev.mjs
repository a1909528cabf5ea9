#!/usr/bin/env node
// Watch mode: the server (tsx watch, port 3000) and the Vite dev server (port 5173, proxying /api).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], {
    stdio: 'inherit',
    // The server runs in apps/server; keep its data where `npm start` keeps it (./data at the root).
    env: { DEV_TOOLS: '1', HOST: '127.0.0.1', ...process.env, DATA_DIR: resolve(process.env.DATA_DIR ?? 'data') },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit', env: process.env }),
];
console.log('\n  Web (watch): http://localhost:5173   API: http://localhost:3000/api\n');
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
