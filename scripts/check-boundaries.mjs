#!/usr/bin/env node
// Import boundaries (DESIGN.md §2), checked over the source tree:
//  - web features never import each other (shared pieces live in components/ or lib/);
//  - web and server share only packages/contract (neither imports the other's files);
//  - components/ and lib/ never import features/;
//  - server modules never import another module's repository (call its service instead).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const exts = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

function walk(dir, out = []) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (exts.some((e) => name.endsWith(e))) out.push(p);
  }
  return out;
}

const importRe =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function importsOf(file) {
  const src = readFileSync(file, 'utf8');
  const specs = [];
  for (const m of src.matchAll(importRe)) specs.push(m[1] ?? m[2] ?? m[3]);
  return specs;
}

const rel = (p) => relative(root, p).split(sep).join('/');
const problems = [];

function check(file, spec) {
  const from = rel(file);
  const target = spec.startsWith('.') ? rel(resolve(dirname(file), spec)) : spec;
  // web ↔ server
  if (from.startsWith('apps/web/') && (target.startsWith('apps/server/') || spec.startsWith('@namebourse/server')))
    problems.push(`${from}: the web app may not import server code (${spec})`);
  if (from.startsWith('apps/server/') && (target.startsWith('apps/web/') || spec.startsWith('@namebourse/web')))
    problems.push(`${from}: the server may not import web code (${spec})`);
  if (from.startsWith('packages/contract/') && (target.startsWith('apps/') || spec.startsWith('@namebourse/')))
    problems.push(`${from}: the contract may not import the apps (${spec})`);
  // web features
  const feat = /^apps\/web\/src\/features\/([^/]+)\//;
  const ff = from.match(feat);
  const tf = target.match(feat);
  if (ff && tf && ff[1] !== tf[1]) problems.push(`${from}: feature '${ff[1]}' imports feature '${tf[1]}' (${spec})`);
  if (/^apps\/web\/src\/(components|lib)\//.test(from) && tf)
    problems.push(`${from}: shared code may not import a feature (${spec})`);
  // server modules: another module's repository
  const mod = /^apps\/server\/src\/modules\/([^/]+)\//;
  const fm = from.match(mod);
  const tm = target.match(mod);
  if (tm && target.includes('.repository') && (!fm || fm[1] !== tm[1]))
    problems.push(`${from}: imports the '${tm[1]}' module's repository; call its service instead (${spec})`);
}

for (const base of ['apps/web/src', 'apps/web/e2e', 'apps/server/src', 'apps/server/test', 'packages/contract/src']) {
  for (const file of walk(join(root, base))) for (const spec of importsOf(file)) check(file, spec);
}

if (problems.length) {
  console.error(`Import boundary violations (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('import boundaries: ok');
