import { eq } from 'drizzle-orm';
import { platformMeta } from '../db/schema/index.ts';
import type { App } from './app-context.ts';
import type { SeededAccount } from './seeders.ts';

/** platform_meta key marking that the first start of this database has been handled. */
export const FIRST_START_KEY = 'first_start';

/**
 * The first start of a brand-new database (one that had no tables before migrations): creates
 * the operator account from ADMIN_EMAIL / ADMIN_PASSWORD when set, then runs every registered
 * seeder when SEED_DEMO is on. The `first_start` mark is claimed first with
 * INSERT … ON CONFLICT DO NOTHING in its own transaction, so when several instances start at
 * once only the one that claimed it seeds. Returns the demo accounts to print.
 */
export async function runFirstStart(app: App): Promise<{ accounts: SeededAccount[] }> {
  const { database, db, clock, config, seeders } = app.platform;
  if (!database.wasEmpty) return { accounts: [] };

  const startedAt = clock.now();
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(platformMeta)
      .values({
        key: FIRST_START_KEY,
        value: { status: 'started', startedAt: startedAt.toISOString() },
        updatedAt: startedAt,
      })
      .onConflictDoNothing()
      .returning({ key: platformMeta.key });
    return rows.length > 0;
  });
  if (!claimed) return { accounts: [] };

  const log = app.log.child({ component: 'first-start' });
  if (config.admin) {
    const provision = seeders.operatorProvisioner;
    if (!provision) throw new Error('ADMIN_EMAIL is set but no module provides operator accounts');
    const { created } = await provision({ app, db, clock, log }, config.admin);
    log.info({ email: config.admin.email, created }, 'operator account from ADMIN_EMAIL');
  }

  const accounts: SeededAccount[] = [];
  // Each seeder's outcome and how long it took (wall time, not the business clock): kept in the mark and logged.
  const results: { name: string; ok: boolean; ms: number }[] = [];
  if (config.seedDemo) {
    for (const seeder of seeders.list()) {
      const began = performance.now();
      const took = () => Math.round(performance.now() - began);
      try {
        const result = await seeder.run({ app, db, clock, log: log.child({ seeder: seeder.name }) });
        if (result?.accounts) accounts.push(...result.accounts);
        results.push({ name: seeder.name, ok: true, ms: took() });
        log.info({ seeder: seeder.name, ms: took() }, 'seeder done');
      } catch (err) {
        // Demo data must not keep the server from starting; the failure is logged and recorded.
        log.error({ err, seeder: seeder.name, ms: took() }, 'seeder failed');
        results.push({ name: seeder.name, ok: false, ms: took() });
      }
    }
  }

  const finishedAt = clock.now();
  await db
    .update(platformMeta)
    .set({
      value: {
        status: 'done',
        startedAt: startedAt.toISOString(),
        finishedAt: finishedAt.toISOString(),
        admin: config.admin ? config.admin.email : null,
        seeders: results,
      },
      updatedAt: finishedAt,
    })
    .where(eq(platformMeta.key, FIRST_START_KEY));
  return { accounts };
}
