import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
// biome-ignore lint/correctness/useImportExtensions: this is the module; check-boundaries.d.mts only types it
import { checkBoundaries } from './check-boundaries.mjs';

const SRC = 'apps/server/src';

/** A small clean tree: a module with routes → service → repository, db/ and platform/ with SQL, a web feature. */
const CLEAN: Record<string, string> = {
  [`${SRC}/db/schema/index.ts`]: "export const lots = 'lots';\n",
  [`${SRC}/db/open-database.ts`]: [
    "import { sql } from 'drizzle-orm';",
    "import * as schema from './schema/index.ts';",
    'export const ping = (db: any) => db.execute(sql`select 1`);',
    'export type Db = typeof schema;',
  ].join('\n'),
  [`${SRC}/platform/sweeper.ts`]: "import { sql } from 'drizzle-orm';\nexport const due = sql`now()`;\n",
  [`${SRC}/modules/lots/lots.repository.ts`]: [
    "import { eq } from 'drizzle-orm';",
    "import { lots } from '../../db/schema/index.ts';",
    'export const findLot = (db: any, id: string) => db.execute(eq(lots, id));',
  ].join('\n'),
  [`${SRC}/modules/lots/lots.service.ts`]: [
    "import type { Db } from '../../db/open-database.ts';",
    "import { findLot } from './lots.repository.ts';",
    'export const getLot = (db: Db, id: string) => findLot(db, id);',
  ].join('\n'),
  [`${SRC}/modules/lots/lots.routes.ts`]: "import { getLot } from './lots.service.ts';\nexport const r = getLot;\n",
  [`${SRC}/modules/watch/watch.service.ts`]:
    "import { getLot } from '../lots/lots.service.ts';\nexport const w = getLot;\n",
  // Tests may reach into the database directly.
  [`${SRC}/modules/lots/lots.test.ts`]: [
    "import { sql } from 'drizzle-orm';",
    "import { lots } from '../../db/schema/index.ts';",
    'export const t = (db: any) => db.execute(sql`select 1`, lots);',
  ].join('\n'),
  [`${SRC}/modules/lots/lots.test-support.ts`]: "import { sql } from 'drizzle-orm';\nexport const s = sql`1`;\n",
  'apps/web/src/features/sale/api/search.ts': "import { x } from '../../../lib/api-client.ts';\nexport const y = x;\n",
  'apps/web/src/lib/api-client.ts': 'export const x = 1;\n',
};

let root: string | undefined;

function tree(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('check-boundaries', () => {
  it('passes a clean tree', () => {
    expect(checkBoundaries(tree(CLEAN))).toEqual([]);
  });

  it('fails a service that imports drizzle-orm or the db schema', () => {
    const problems = checkBoundaries(
      tree({
        ...CLEAN,
        [`${SRC}/modules/lots/lots.service.ts`]: [
          "import { eq } from 'drizzle-orm';",
          "import type { PgColumn } from 'drizzle-orm/pg-core';",
          "import { lots } from '../../db/schema/index.ts';",
          'export const q = (c: PgColumn) => eq(c, lots);',
        ].join('\n'),
      }),
    );
    expect(problems).toEqual([
      `${SRC}/modules/lots/lots.service.ts: imports drizzle-orm; SQL belongs in a repository (*.repository.ts)`,
      `${SRC}/modules/lots/lots.service.ts: imports drizzle-orm/pg-core; SQL belongs in a repository (*.repository.ts)`,
      `${SRC}/modules/lots/lots.service.ts: imports the db schema; SQL belongs in a repository (*.repository.ts) (../../db/schema/index.ts)`,
    ]);
  });

  it('fails routes, adapters and seeders that run db.execute()', () => {
    const problems = checkBoundaries(
      tree({
        ...CLEAN,
        [`${SRC}/modules/lots/lots.routes.ts`]: 'export const r = (app: any) => app.platform.db.execute(app.q);\n',
        [`${SRC}/adapters/outbox/outbox.ts`]: 'export class O { #db: any; run() { return this.#db.execute(1); } }\n',
        [`${SRC}/modules/lots/lots.seeder.ts`]: 'export const s = (tx: any) => tx.execute(1);\n',
      }),
    );
    expect(problems).toEqual([
      `${SRC}/adapters/outbox/outbox.ts: runs db.execute(); SQL belongs in a repository (*.repository.ts)`,
      `${SRC}/modules/lots/lots.routes.ts: runs db.execute(); SQL belongs in a repository (*.repository.ts)`,
      `${SRC}/modules/lots/lots.seeder.ts: runs db.execute(); SQL belongs in a repository (*.repository.ts)`,
    ]);
  });

  it('fails an import cycle, type imports included, naming its files', () => {
    const problems = checkBoundaries(
      tree({
        ...CLEAN,
        [`${SRC}/modules/lots/lots.presenter.ts`]: "import type { Db } from './lots.routes.ts';\nexport type P = Db;\n",
        [`${SRC}/modules/lots/lots.routes.ts`]: [
          "import { getLot } from './lots.service.ts';",
          "export type { P as Db } from './lots.presenter.ts';",
          'export const r = getLot;',
        ].join('\n'),
        // A cycle only through a test file is no cycle of the server.
        [`${SRC}/modules/watch/watch.test-support.ts`]:
          "import { w } from './watch.service.ts';\nexport const s = w;\n",
        [`${SRC}/modules/watch/watch.service.ts`]: [
          "import { getLot } from '../lots/lots.service.ts';",
          "import './watch.test-support.ts';",
          'export const w = getLot;',
        ].join('\n'),
      }),
    );
    expect(problems).toEqual([
      `${SRC}/: import cycle through 2 files: modules/lots/lots.presenter.ts, modules/lots/lots.routes.ts`,
    ]);
  });

  it('fails a cycle of three and one of a file with itself', () => {
    const problems = checkBoundaries(
      tree({
        ...CLEAN,
        [`${SRC}/a.ts`]: "import { b } from './b';\nexport const a = b;\n",
        [`${SRC}/b.ts`]: "import { c } from './c.ts';\nexport const b = c;\n",
        [`${SRC}/c.ts`]: "export { a as c } from './a.ts';\n",
        [`${SRC}/d.ts`]: "import { d as e } from './d.ts';\nexport const d = e;\n",
      }),
    );
    expect(problems).toEqual([
      `${SRC}/: import cycle through 3 files: a.ts, b.ts, c.ts`,
      `${SRC}/: import cycle through 1 files: d.ts`,
    ]);
  });

  it('fails a web feature importing another and a module importing a foreign repository', () => {
    const problems = checkBoundaries(
      tree({
        ...CLEAN,
        'apps/web/src/features/cart/cart.ts': "import { y } from '../sale/api/search.ts';\nexport const c = y;\n",
        [`${SRC}/modules/watch/watch.service.ts`]:
          "import { findLot } from '../lots/lots.repository.ts';\nexport const w = findLot;\n",
      }),
    );
    expect(problems).toEqual([
      "apps/web/src/features/cart/cart.ts: feature 'cart' imports feature 'sale' (../sale/api/search.ts)",
      `${SRC}/modules/watch/watch.service.ts: imports the 'lots' module's repository; call its service instead (../lots/lots.repository.ts)`,
    ]);
  });

  it('prints ok, or the problems with exit code 1, from the command line', () => {
    const script = join(dirname(fileURLToPath(import.meta.url)), 'check-boundaries.mjs');
    // The CLI checks the repository it sits in: run a copy inside a planted tree.
    const clean = tree(CLEAN);
    mkdirSync(join(clean, 'scripts'));
    copyFileSync(script, join(clean, 'scripts/check-boundaries.mjs'));
    expect(execFileSync(process.execPath, [join(clean, 'scripts/check-boundaries.mjs')], { encoding: 'utf8' })).toBe(
      'import boundaries: ok\n',
    );
    writeFileSync(join(clean, `${SRC}/modules/lots/lots.service.ts`), "import { sql } from 'drizzle-orm';\n");
    let failure: { status?: number; stderr?: string } = {};
    try {
      execFileSync(process.execPath, [join(clean, 'scripts/check-boundaries.mjs')], {
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (err) {
      failure = err as typeof failure;
    }
    expect(failure.status).toBe(1);
    expect(failure.stderr).toContain('Import boundary violations (1):');
    expect(failure.stderr).toContain(`${SRC}/modules/lots/lots.service.ts: imports drizzle-orm`);
  });
});
