import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/open-database.ts';
import { ownershipProofs } from '../../db/schema/index.ts';

/** The only file with SQL for ownership_proofs (TXT proofs of domains held elsewhere, issue 16). */
export type ProofRow = typeof ownershipProofs.$inferSelect;
export type NewProofRow = typeof ownershipProofs.$inferInsert;

/** Verified proofs of this user among these domains. */
export async function verifiedProofs(
  db: Db,
  userId: bigint,
  domains: readonly string[],
): Promise<{ domain: string; verifiedAt: Date }[]> {
  const rows = await db
    .select({ domain: ownershipProofs.domain, verifiedAt: ownershipProofs.verifiedAt })
    .from(ownershipProofs)
    .where(
      and(
        eq(ownershipProofs.userId, userId),
        inArray(ownershipProofs.domain, [...domains]),
        eq(ownershipProofs.status, 'verified'),
      ),
    );
  return rows.flatMap((r) => (r.verifiedAt ? [{ domain: r.domain, verifiedAt: r.verifiedAt }] : []));
}

/** The user's proof of `domain`, optionally locked FOR UPDATE inside a transaction. */
export async function findProof(
  db: DbOrTx,
  userId: bigint,
  domain: string,
  options: { forUpdate?: boolean } = {},
): Promise<ProofRow | undefined> {
  const query = db
    .select()
    .from(ownershipProofs)
    .where(and(eq(ownershipProofs.userId, userId), eq(ownershipProofs.domain, domain)))
    .limit(1);
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0];
}

/** Adds the proof unless the user already has one for the domain (then that one is returned). */
export async function insertProofIfAbsent(db: DbOrTx, row: NewProofRow): Promise<ProofRow> {
  const inserted = await db.insert(ownershipProofs).values(row).onConflictDoNothing().returning();
  if (inserted[0]) return inserted[0];
  const existing = await findProof(db, row.userId, row.domain);
  if (!existing) throw new Error(`ownership proof of ${row.domain} vanished after a conflicting insert`);
  return existing;
}

/**
 * Updates a proof only if it is still as the caller read it (same status and token, and the same
 * next check when given: the sweeper's lease): returns undefined when something else changed it.
 */
export async function updateProofIf(
  db: DbOrTx,
  seen: Pick<ProofRow, 'id' | 'status' | 'token'> & { nextCheckAt?: Date | null },
  set: Partial<NewProofRow>,
): Promise<ProofRow | undefined> {
  const conditions = [
    eq(ownershipProofs.id, seen.id),
    eq(ownershipProofs.status, seen.status),
    eq(ownershipProofs.token, seen.token),
  ];
  if (seen.nextCheckAt) conditions.push(eq(ownershipProofs.nextCheckAt, seen.nextCheckAt));
  const rows = await db
    .update(ownershipProofs)
    .set(set)
    .where(and(...conditions))
    .returning();
  return rows[0];
}

/** Verified proofs due for a re-check, oldest first, locked FOR UPDATE SKIP LOCKED (the sweeper's claim). */
export function claimDueRechecks(tx: Tx, now: Date, limit: number): Promise<ProofRow[]> {
  return tx
    .select()
    .from(ownershipProofs)
    .where(and(eq(ownershipProofs.status, 'verified'), lte(ownershipProofs.nextCheckAt, now)))
    .orderBy(asc(ownershipProofs.nextCheckAt), asc(ownershipProofs.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Leases claimed proofs for a re-check: their next check moves to `until`, out of the due set, so
 * no other sweep takes them while their DNS lookups run (outside any transaction). A check that
 * never reports back (a crash) is due again at `until`.
 */
export async function leaseRechecks(tx: Tx, ids: readonly bigint[], until: Date, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(ownershipProofs)
    .set({ nextCheckAt: until, updatedAt: now })
    .where(and(inArray(ownershipProofs.id, [...ids]), eq(ownershipProofs.status, 'verified')));
}
