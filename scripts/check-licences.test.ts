import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLicences, judgeLicence, type LockEntry, type Lockfile } from './check-licences.ts';

const root = resolve(import.meta.dirname, '..');

/** A lockfile like npm's: the root, two workspaces linked under node_modules, then the packages. */
function lockfile(packages: Record<string, LockEntry>, workspaces: Record<string, LockEntry> = {}): Lockfile {
  return {
    packages: {
      '': { name: 'namebourse', workspaces: ['apps/server', 'apps/web'], devDependencies: {} },
      'apps/server': { name: '@namebourse/server', license: 'MIT', ...workspaces['apps/server'] },
      'apps/web': { name: '@namebourse/web', license: 'MIT', ...workspaces['apps/web'] },
      'node_modules/@namebourse/server': { link: true, resolved: 'apps/server' },
      'node_modules/@namebourse/web': { link: true, resolved: 'apps/web' },
      ...packages,
    },
  };
}

function problemsOf(lock: Lockfile): string[] {
  return checkLicences(lock).problems.map((p) => `${p.pkg.name}: ${p.reason}`);
}

describe('licence check', () => {
  it('fails on a GPL package reached through a production dependency of a workspace', () => {
    const lock = lockfile(
      {
        'node_modules/pdfkit': { version: '1.0.0', license: 'MIT', dependencies: { fonts: '^1' } },
        'node_modules/fonts': { version: '1.0.0', license: 'MIT', dependencies: { 'gpl-data': '^2' } },
        'node_modules/fonts/node_modules/gpl-data': { version: '2.0.0', license: 'GPL-3.0' },
        'node_modules/gpl-data': { version: '1.0.0', license: 'MIT' },
      },
      { 'apps/server': { dependencies: { pdfkit: '1.0.0' } } },
    );
    expect(problemsOf(lock)).toEqual(['gpl-data: GPL-3.0 is not allowed in production']);
    expect(checkLicences(lock).packages.map((p) => p.path)).toEqual([
      'node_modules/fonts',
      'node_modules/fonts/node_modules/gpl-data', // the nested copy is the one resolved, not the top one
      'node_modules/pdfkit',
    ]);
  });

  it('ignores what only development dependencies reach', () => {
    const lock = lockfile(
      { 'node_modules/gpl-tool': { version: '1.0.0', license: 'AGPL-3.0-only' } },
      { 'apps/web': { devDependencies: { 'gpl-tool': '1.0.0' } } },
    );
    lock.packages['']!.dependencies = {};
    expect(checkLicences(lock)).toEqual({ packages: [], problems: [] });
  });

  it('follows optional and peer dependencies and the links to other workspaces', () => {
    const lock = lockfile(
      {
        'node_modules/a': { version: '1.0.0', license: 'MIT', optionalDependencies: { b: '1', missing: '1' } },
        'node_modules/b': { version: '1.0.0', license: 'SSPL-1.0' },
        'node_modules/c': { version: '1.0.0', license: 'MIT', peerDependencies: { d: '1' } },
        'node_modules/d': { version: '1.0.0', license: 'AGPL-3.0-or-later' },
      },
      {
        'apps/web': { dependencies: { '@namebourse/server': '*', c: '1' } },
        'apps/server': { dependencies: { a: '1' } },
      },
    );
    expect(problemsOf(lock)).toEqual([
      'b: SSPL-1.0 is not allowed in production',
      'd: AGPL-3.0-or-later is not allowed in production',
    ]);
  });

  it('accepts LGPL on the server only, and refuses unknown or undeclared licences', () => {
    const lock = lockfile(
      {
        'node_modules/native-lib': { version: '1.0.0', license: 'LGPL-3.0-or-later' },
        'node_modules/ui-lib': { version: '1.0.0', license: 'LGPL-2.1-only' },
        'node_modules/odd': { version: '1.0.0', license: 'SEE LICENSE IN EULA.txt' },
        'node_modules/bare': { version: '1.0.0' },
        'node_modules/png-js': { version: '2.0.0' },
      },
      {
        'apps/server': { dependencies: { 'native-lib': '1', odd: '1', bare: '1', 'png-js': '2' } },
        'apps/web': { dependencies: { 'ui-lib': '1' } },
      },
    );
    expect(problemsOf(lock)).toEqual([
      'bare: declares no licence (read it, then add it to ACKNOWLEDGED)',
      'odd: SEE LICENSE IN EULA.txt is not a licence known here (review it, then add it to PERMISSIVE)',
      'ui-lib: LGPL-2.1-only is not allowed in production',
    ]);
  });

  it('reads SPDX expressions: the best choice of an OR, the worst part of an AND', () => {
    expect(judgeLicence('(MIT OR GPL-3.0-or-later)', ['apps/web'])).toBe('ok');
    expect(judgeLicence('MIT AND GPL-2.0', ['apps/server'])).toBe('refused');
    expect(judgeLicence('(MIT AND Zlib)', ['apps/web'])).toBe('ok');
    expect(judgeLicence('Apache-2.0 WITH LLVM-exception', ['apps/web'])).toBe('ok');
    expect(judgeLicence('(GPL-2.0 OR (MIT AND BSD-3-Clause))', ['apps/web'])).toBe('ok');
    expect(judgeLicence('Proprietary', ['apps/server'])).toBe('unknown');
  });

  it('exits non-zero with the offender named when run on a lockfile with a GPL package', () => {
    const dir = mkdtempSync(join(tmpdir(), 'licences-'));
    const lock = lockfile(
      { 'node_modules/country-state-city': { version: '3.2.1', license: 'GPL-3.0' } },
      { 'apps/server': { dependencies: { 'country-state-city': '3.2.1' } } },
    );
    writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock));
    const run = () =>
      execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/check-licences.ts'), dir], {
        encoding: 'utf8',
        stdio: 'pipe',
      });
    expect(run).toThrow(/country-state-city@3\.2\.1 \(node_modules\/country-state-city, via apps\/server\): GPL-3\.0/);
  });

  it('passes on this repository', () => {
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lockfile;
    const { packages, problems } = checkLicences(lock);
    expect(problems).toEqual([]);
    expect(packages.length).toBeGreaterThan(100);
  });
});
