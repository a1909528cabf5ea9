import type { TransferDirection, TransferKind, TransferStatus } from '@namebourse/contract';
import { and, asc, desc, eq, like, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { domainTransfers } from '../../db/schema/index.ts';
import type { PageWindow } from '../../platform/paging.ts';

/** The only file with SQL for the domain_transfers table (transfers out and in, the results page). */
export type TransferRow = typeof domainTransfers.$inferSelect;
export type NewTransferRow = typeof domainTransfers.$inferInsert;

/**
 * Inserts a pending transfer; undefined when the domain already has a pending transfer in that
 * direction (the partial unique index domain_transfers_pending_uq decides, also under a race).
 */
export async function insertPendingTransfer(db: DbOrTx, row: NewTransferRow): Promise<TransferRow | undefined> {
  const rows = await db
    .insert(domainTransfers)
    .values({ ...row, status: 'pending' })
    .onConflictDoNothing()
    .returning();
  return rows[0];
}

/** The pending transfer of a domain in one direction (locked FOR UPDATE when `lock`). */
export async function findPendingTransfer(
  db: DbOrTx,
  domain: string,
  direction: TransferDirection,
  options: { lock?: boolean } = {},
): Promise<TransferRow | undefined> {
  const query = db
    .select()
    .from(domainTransfers)
    .where(
      and(
        eq(domainTransfers.domain, domain),
        eq(domainTransfers.direction, direction),
        eq(domainTransfers.status, 'pending'),
      ),
    )
    .limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0];
}

export async function findTransfer(
  db: DbOrTx,
  id: bigint,
  options: { lock?: boolean } = {},
): Promise<TransferRow | undefined> {
  const query = db.select().from(domainTransfers).where(eq(domainTransfers.id, id)).limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0];
}

/** What a conditional update expects the transfer to be. */
export interface TransferExpect {
  status?: TransferStatus;
  kind?: TransferKind;
  cancelRequested?: boolean;
}

/** Updates a transfer only if it still is what the caller saw; undefined when it changed meanwhile. */
export async function updateTransferIf(
  db: DbOrTx,
  id: bigint,
  expect: TransferExpect,
  set: Partial<NewTransferRow>,
): Promise<TransferRow | undefined> {
  const parts: SQL[] = [eq(domainTransfers.id, id)];
  if (expect.status !== undefined) parts.push(eq(domainTransfers.status, expect.status));
  if (expect.kind !== undefined) parts.push(eq(domainTransfers.kind, expect.kind));
  if (expect.cancelRequested !== undefined) parts.push(eq(domainTransfers.cancelRequested, expect.cancelRequested));
  const rows = await db
    .update(domainTransfers)
    .set(set)
    .where(and(...parts))
    .returning();
  return rows[0];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface TransferListFilter {
  userId: bigint;
  direction?: TransferDirection | undefined;
  status?: TransferStatus | undefined;
  keyword?: string | undefined;
}

/** A user's transfers, newest first. */
export async function listUserTransfers(
  db: DbOrTx,
  filter: TransferListFilter,
  { limit, offset }: PageWindow,
): Promise<{ items: TransferRow[]; total: number }> {
  const parts: SQL[] = [eq(domainTransfers.userId, filter.userId)];
  if (filter.direction) parts.push(eq(domainTransfers.direction, filter.direction));
  if (filter.status) parts.push(eq(domainTransfers.status, filter.status));
  // Names are stored lowercase: `like` on the lowercased keyword finds what `ilike` would, cheaper.
  if (filter.keyword) parts.push(like(domainTransfers.domain, `%${escapeLike(filter.keyword.toLowerCase())}%`));
  const where = and(...parts);
  const [items, counted] = await Promise.all([
    db
      .select()
      .from(domainTransfers)
      .where(where)
      .orderBy(desc(domainTransfers.requestedAt), desc(domainTransfers.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(domainTransfers).where(where),
  ]);
  return { items, total: Number(counted[0]?.n ?? 0) };
}

/**
 * Pending standard transfers out whose code expired at `now` (a fast push in flight is left to its
 * result), claimed FOR UPDATE SKIP LOCKED for the code-expiry sweeper.
 */
export function claimExpiredCodes(tx: Tx, now: Date, limit: number): Promise<TransferRow[]> {
  return tx
    .select()
    .from(domainTransfers)
    .where(
      and(
        eq(domainTransfers.status, 'pending'),
        eq(domainTransfers.direction, 'out'),
        eq(domainTransfers.kind, 'standard'),
        lte(domainTransfers.authCodeExpiresAt, now),
      ),
    )
    .orderBy(asc(domainTransfers.authCodeExpiresAt), asc(domainTransfers.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}
