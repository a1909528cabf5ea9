#!/usr/bin/env node
// Import boundaries (DESIGN.md §2), checked over the source tree:
//  - web features never import each other (shared pieces live in components/ or lib/);
//  - web and server share only packages/contract (neither imports the other's files);
//  - components/ and lib/ never import features/;
//  - server modules never import another module's repository (call its service instead);
//  - on the server, only repositories (`*.repository.ts`), db/ and platform/ hold SQL: no other
//    file imports drizzle-orm or the db schema, or runs `db.execute(…)` (tests are exempt);
//  - the server's files import each other without cycles (type imports count: a cycle through
//    types still ties the files together).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const exts = ['.ts', '.tsx', '.mts', '.js', '.mjs'];
const BASES = ['apps/web/src', 'apps/web/e2e', 'apps/server/src', 'apps/server/test', 'packages/contract/src'];
const SERVER = 'apps/server/src/';

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

function importsOf(src) {
  const specs = [];
  for (const m of src.matchAll(importRe)) specs.push(m[1] ?? m[2] ?? m[3]);
  return specs;
}

/** A raw statement run on a database or transaction handle: `db.execute(`, `tx.execute(`, `this.#db.execute(`. */
const executeRe = /(?:\b|#)(?:db|tx|database)\s*\.\s*execute\s*\(/;

const isTest = (path) => /\.test\.[cm]?tsx?$|\.test-support\.[cm]?tsx?$/.test(path);
/** Server files allowed to hold SQL. */
const mayHoldSql = (path) =>
  path.endsWith('.repository.ts') || path.startsWith(`${SERVER}db/`) || path.startsWith(`${SERVER}platform/`);

/** The file a relative import names, when it exists (`./a.ts`, `./a`, `./dir` → dir/index.ts). */
function resolveFile(file, spec) {
  const base = resolve(dirname(file), spec);
  for (const candidate of [base, ...exts.map((e) => base + e), ...exts.map((e) => join(base, `index${e}`))]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      /* try the next */
    }
  }
  return undefined;
}

/**
 * Strongly connected components of a directed graph with more than one node (Tarjan), each as its
 * nodes in sorted order; a file importing itself counts too.
 */
function cyclesOf(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const found = [];
  const connect = (v) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), indices.get(w)));
      }
    }
    if (low.get(v) === indices.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indices.has(v)) connect(v);
  return found.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** Every boundary problem in the tree under `root` (the repository's root), as lines to print. */
export function checkBoundaries(root) {
  const rel = (p) => relative(root, p).split(sep).join('/');
  const problems = [];
  /** The server's non-test files and the server files each imports. */
  const graph = new Map();

  const check = (file, spec) => {
    const from = rel(file);
    const target = spec.startsWith('.') ? rel(resolve(dirname(file), spec)) : spec;
    // web ↔ server
    // (the browser journeys' harness may start the server's test doubles — a DNS server — but never its code)
    const e2eTool = from.startsWith('apps/web/e2e/') && target.startsWith('apps/server/test/');
    if (
      from.startsWith('apps/web/') &&
      !e2eTool &&
      (target.startsWith('apps/server/') || spec.startsWith('@namebourse/server'))
    )
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
    // server: SQL only in repositories, db/ and platform/
    if (from.startsWith(SERVER) && !isTest(from) && !mayHoldSql(from)) {
      if (spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/'))
        problems.push(`${from}: imports ${spec}; SQL belongs in a repository (*.repository.ts)`);
      else if (target === `${SERVER}db/schema` || target.startsWith(`${SERVER}db/schema/`))
        problems.push(`${from}: imports the db schema; SQL belongs in a repository (*.repository.ts) (${spec})`);
    }
  };

  for (const base of BASES) {
    for (const file of walk(join(root, base))) {
      const from = rel(file);
      const src = readFileSync(file, 'utf8');
      const serverSource = from.startsWith(SERVER) && !isTest(from);
      if (serverSource) graph.set(from, new Set());
      for (const spec of importsOf(src)) {
        check(file, spec);
        if (serverSource && spec.startsWith('.')) {
          const target = resolveFile(file, spec);
          const to = target && rel(target);
          if (to?.startsWith(SERVER) && !isTest(to)) graph.get(from).add(to);
        }
      }
      if (serverSource && !mayHoldSql(from) && executeRe.test(src))
        problems.push(`${from}: runs db.execute(); SQL belongs in a repository (*.repository.ts)`);
    }
  }

  for (const cycle of cyclesOf(graph)) {
    const files = cycle.map((f) => f.slice(SERVER.length));
    problems.push(`${SERVER}: import cycle through ${files.length} files: ${files.join(', ')}`);
  }
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const problems = checkBoundaries(resolve(dirname(fileURLToPath(import.meta.url)), '..'));
  if (problems.length) {
    console.error(`Import boundary violations (${problems.length}):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('import boundaries: ok');
}
