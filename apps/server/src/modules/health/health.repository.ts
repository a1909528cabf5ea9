import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';

/** Runs `select 1`: resolves when the database answers, rejects with the driver's error otherwise. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}
