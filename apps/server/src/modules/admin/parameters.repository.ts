import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { parameterChanges, parameters } from '../../db/schema/index.ts';

/** The only file with SQL for `parameters` and `parameter_changes` (the store's own reload reads the table too). */
export type ParameterRow = typeof parameters.$inferSelect;
export type ParameterChangeRow = typeof parameterChanges.$inferSelect;

/** Every stored value (a key without a row has the contract's default). */
export function listParameterRows(db: DbOrTx): Promise<ParameterRow[]> {
  return db.select().from(parameters);
}

/**
 * Serialises changes of one key until the transaction ends (a key with no row yet has nothing to lock
 * `FOR UPDATE`), then reads its row.
 */
export async function lockParameter(tx: Tx, key: string): Promise<ParameterRow | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`parameters:${key}`}))`);
  const [row] = await tx.select().from(parameters).where(eq(parameters.key, key));
  return row;
}

export async function upsertParameter(tx: Tx, row: ParameterRow): Promise<void> {
  await tx
    .insert(parameters)
    .values(row)
    .onConflictDoUpdate({
      target: parameters.key,
      set: { value: row.value, updatedAt: row.updatedAt, updatedBy: row.updatedBy },
    });
}

export async function insertParameterChange(tx: Tx, row: Omit<ParameterChangeRow, 'id'>): Promise<ParameterChangeRow> {
  const [inserted] = await tx.insert(parameterChanges).values(row).returning();
  if (!inserted) throw new Error('parameter change not inserted');
  return inserted;
}

/** One key's changes, newest first. */
export function listParameterChanges(db: DbOrTx, key: string): Promise<ParameterChangeRow[]> {
  return db
    .select()
    .from(parameterChanges)
    .where(eq(parameterChanges.key, key))
    .orderBy(desc(parameterChanges.createdAt), desc(parameterChanges.id));
}
