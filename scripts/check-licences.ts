// Licences of the production dependencies (npm run licences:check; CI runs it with the static checks;
// `tsx scripts/check-licences.ts DIR` checks DIR/package-lock.json).
//
// Reads package-lock.json (no node_modules needed), walks every workspace's production dependencies
// (dependencies, optionalDependencies, peerDependencies; never devDependencies) through npm's
// resolution rules, and fails when one of them is not under a licence known to be permissive:
//  - refused: GPL, AGPL, SSPL (and other strong copyleft): they would bind the whole product;
//  - LGPL: accepted only where the code stays a separate module loaded at run time, i.e. reached
//    from the server alone (its bundle keeps node_modules external); refused when the web app
//    reaches it, since Vite bundles it into our JavaScript;
//  - anything else unknown (a licence not in PERMISSIVE, none declared, "SEE LICENSE IN …"):
//    fails until someone reads the licence and adds it below (to PERMISSIVE or ACKNOWLEDGED).
// An SPDX expression counts as its best choice for OR and its worst part for AND.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** SPDX identifiers (and two common spellings) that allow use in a closed, sold product. */
const PERMISSIVE = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC-BY-3.0',
  'CC-BY-4.0',
  'CC0-1.0',
  'ISC',
  'MIT',
  'MIT-0',
  'MIT/X11',
  'MPL-2.0',
  'OFL-1.1',
  'Python-2.0',
  'Unicode-3.0',
  'Unicode-DFS-2016',
  'Unlicense',
  'WTFPL',
  'Zlib',
]);
const REFUSED = /^(A?GPL|SSPL|EUPL|OSL|CPAL|RPL|CC-BY-SA|CC-BY-NC|Sleepycat)/i;
const LESSER = /^LGPL/i;

/** Packages that declare no licence but whose licence was checked by hand (name@version → what and where). */
const ACKNOWLEDGED: Record<string, string> = {
  'buffers@0.1.1': 'MIT (LICENSE in the author’s repository substack/node-buffers; exceljs → unzipper → binary)',
  'png-js@2.0.0': 'MIT (the LICENSE file in the package; a pdfkit dependency)',
  'xtend@2.1.2': 'MIT (the LICENCE file in the package; @emotion/server → html-tokenize → through2)',
};

/** Workspaces whose dependencies are bundled into the code we ship (static linking, for LGPL). */
const BUNDLED_WORKSPACES = new Set(['apps/web']);

export interface LockEntry {
  name?: string;
  version?: string;
  license?: string;
  link?: boolean;
  resolved?: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  /** Never followed: development only. */
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

export interface Lockfile {
  packages: Record<string, LockEntry>;
}

export interface ProductionPackage {
  /** Where it is installed, e.g. node_modules/pdfkit. */
  path: string;
  name: string;
  version: string;
  license: string | undefined;
  /** The workspaces ('' for the root) whose production dependencies reach it. */
  via: string[];
}

export interface LicenceProblem {
  pkg: ProductionPackage;
  reason: string;
}

/** The folder that holds `path` (npm looks for a dependency there, then further up). */
function parentOf(path: string): string | null {
  if (path === '') return null;
  const i = path.lastIndexOf('/node_modules/');
  return i === -1 ? '' : path.slice(0, i);
}

function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/** The lockfile path a dependency `name` of the package at `from` resolves to (links followed). */
function resolveDependency(lock: Lockfile, from: string, name: string): string | undefined {
  for (let dir: string | null = from; dir !== null; dir = parentOf(dir)) {
    const candidate = `${dir === '' ? '' : `${dir}/`}node_modules/${name}`;
    const entry = lock.packages[candidate];
    if (!entry) continue;
    return entry.link && entry.resolved !== undefined ? entry.resolved : candidate;
  }
  return undefined;
}

/** Every installed package that a workspace's (or the root's) production dependencies reach. */
export function productionPackages(lock: Lockfile): ProductionPackage[] {
  const roots = ['', ...(lock.packages['']?.workspaces ?? [])];
  const found = new Map<string, ProductionPackage>();
  for (const root of roots) {
    const seen = new Set<string>([root]);
    const queue = [root];
    while (queue.length > 0) {
      const from = queue.shift()!;
      const entry = lock.packages[from];
      if (!entry) continue;
      const edges: [string, boolean][] = [
        ...Object.keys(entry.dependencies ?? {}).map((n): [string, boolean] => [n, false]),
        ...Object.keys(entry.optionalDependencies ?? {}).map((n): [string, boolean] => [n, true]),
        ...Object.keys(entry.peerDependencies ?? {}).map((n): [string, boolean] => [
          n,
          entry.peerDependenciesMeta?.[n]?.optional === true,
        ]),
      ];
      for (const [name, optional] of edges) {
        const path = resolveDependency(lock, from, name);
        if (path === undefined) {
          if (optional) continue;
          throw new Error(`package-lock.json: ${name} (a dependency of ${from || 'the root'}) is not in the lockfile`);
        }
        if (seen.has(path)) continue;
        seen.add(path);
        queue.push(path);
        if (!path.includes('node_modules/')) continue; // a workspace of ours (checked as a root)
        const target = lock.packages[path]!;
        const pkg = found.get(path) ?? {
          path,
          name: target.name ?? nameOf(path),
          version: target.version ?? '',
          license: target.license,
          via: [],
        };
        if (!pkg.via.includes(root)) pkg.via.push(root);
        found.set(path, pkg);
      }
    }
  }
  return [...found.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
}

type Verdict = 'ok' | 'unknown' | 'refused';
const RANK: Record<Verdict, number> = { ok: 0, unknown: 1, refused: 2 };

/** The verdict on one SPDX expression for a package reached from `via`. */
export function judgeLicence(expression: string, via: readonly string[]): Verdict {
  const tokens = expression.replace(/[()]/g, ' $& ').trim().split(/\s+/);
  let i = 0;
  const id = (name: string): Verdict => {
    if (PERMISSIVE.has(name)) return 'ok';
    if (LESSER.test(name)) return via.some((w) => BUNDLED_WORKSPACES.has(w)) ? 'refused' : 'ok';
    if (REFUSED.test(name)) return 'refused';
    return 'unknown';
  };
  const atom = (): Verdict => {
    const token = tokens[i++] ?? '';
    if (token === '(') {
      const inner = or();
      i++; // ')'
      return inner;
    }
    if (tokens[i] === 'WITH') i += 2; // an exception only widens what the licence allows
    return id(token);
  };
  const and = (): Verdict => {
    let worst = atom();
    while (tokens[i] === 'AND') {
      i++;
      const next = atom();
      if (RANK[next] > RANK[worst]) worst = next;
    }
    return worst;
  };
  function or(): Verdict {
    let best = and();
    while (tokens[i] === 'OR') {
      i++;
      const next = and();
      if (RANK[next] < RANK[best]) best = next;
    }
    return best;
  }
  const verdict = or();
  return i === tokens.length ? verdict : 'unknown';
}

/** The production packages and those whose licence fails the rules above. */
export function checkLicences(lock: Lockfile): { packages: ProductionPackage[]; problems: LicenceProblem[] } {
  const packages = productionPackages(lock);
  const problems: LicenceProblem[] = [];
  for (const pkg of packages) {
    if (!pkg.license) {
      if (ACKNOWLEDGED[`${pkg.name}@${pkg.version}`]) continue;
      problems.push({ pkg, reason: 'declares no licence (read it, then add it to ACKNOWLEDGED)' });
      continue;
    }
    const verdict = judgeLicence(pkg.license, pkg.via);
    if (verdict === 'refused') problems.push({ pkg, reason: `${pkg.license} is not allowed in production` });
    else if (verdict === 'unknown') {
      problems.push({
        pkg,
        reason: `${pkg.license} is not a licence known here (review it, then add it to PERMISSIVE)`,
      });
    }
  }
  return { packages, problems };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // The folder whose package-lock.json to read: the repository, or the one given.
  const dir = resolve(process.argv[2] ?? resolve(dirname(fileURLToPath(import.meta.url)), '..'));
  const lock = JSON.parse(readFileSync(resolve(dir, 'package-lock.json'), 'utf8')) as Lockfile;
  const { packages, problems } = checkLicences(lock);
  const counts = new Map<string, number>();
  for (const p of packages) counts.set(p.license ?? 'undeclared', (counts.get(p.license ?? 'undeclared') ?? 0) + 1);
  const summary = [...counts].sort((a, b) => b[1] - a[1]).map(([l, n]) => `${l} ${n}`);
  console.log(`licences: ${packages.length} production packages (${summary.join(', ')})`);
  for (const { pkg, reason } of problems) {
    console.error(
      `  ${pkg.name}@${pkg.version} (${pkg.path}, via ${pkg.via.map((w) => w || 'root').join(', ')}): ${reason}`,
    );
  }
  if (problems.length > 0) {
    console.error(`licences: ${problems.length} production package(s) fail the licence rules`);
    process.exit(1);
  }
  console.log('licences: ok (no GPL, AGPL or SSPL; LGPL only outside the web bundle)');
}
