import type { RechargeStatus } from '@namebourse/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { paymentWebhookEvents, recharges } from '../../db/schema/index.ts';
import { claimDue } from '../../platform/sweeper.ts';

/** The only SQL for recharges and payment_webhook_events. */

export type RechargeRow = typeof recharges.$inferSelect;

export async function insertRecharge(db: DbOrTx, row: typeof recharges.$inferInsert): Promise<void> {
  await db.insert(recharges).values(row);
}

export async function findRechargeOfUser(db: DbOrTx, userId: bigint, id: string): Promise<RechargeRow | undefined> {
  const [row] = await db
    .select()
    .from(recharges)
    .where(and(eq(recharges.id, id), eq(recharges.userId, userId)));
  return row;
}

export async function listRechargesOfUser(
  db: DbOrTx,
  userId: bigint,
  filter: { status?: RechargeStatus | undefined },
  page: { limit: number; offset: number },
): Promise<{ items: RechargeRow[]; total: number }> {
  const where: SQL | undefined = and(
    eq(recharges.userId, userId),
    filter.status ? eq(recharges.status, filter.status) : undefined,
  );
  const items = await db
    .select()
    .from(recharges)
    .where(where)
    .orderBy(desc(recharges.createdAt), desc(recharges.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(recharges).where(where);
  return { items, total: Number(total?.n ?? 0) };
}

/** The recharge of a provider's session, locked until the transaction ends. */
export async function lockRechargeBySession(
  tx: Tx,
  provider: string,
  sessionId: string,
): Promise<RechargeRow | undefined> {
  const [row] = await tx
    .select()
    .from(recharges)
    .where(and(eq(recharges.provider, provider), eq(recharges.sessionId, sessionId)))
    .for('update');
  return row;
}

/** Moves a recharge out of `from` (conditional: a concurrent change makes it return false). */
export async function updateRechargeIfStatus(
  db: DbOrTx,
  id: string,
  from: RechargeStatus,
  values: Partial<Pick<RechargeRow, 'status' | 'failureReason' | 'completedAt' | 'cardLast4' | 'updatedAt'>>,
): Promise<boolean> {
  const updated = await db
    .update(recharges)
    .set(values)
    .where(and(eq(recharges.id, id), eq(recharges.status, from)))
    .returning({ id: recharges.id });
  return updated.length > 0;
}

/** Top-ups still recharging past their expiry, locked for the expiry sweeper. */
export function claimExpiredRecharges(tx: Tx, now: Date, limit: number): Promise<RechargeRow[]> {
  return claimDue(tx, recharges, recharges.expiresAt, {
    now,
    limit,
    where: eq(recharges.status, 'recharging'),
    orderBy: [recharges.id],
  });
}

/**
 * Records a provider event; false when it was recorded before (a replay or duplicate). Two
 * concurrent deliveries of one event: the second waits on the unique index, then finds it.
 */
export async function recordWebhookEvent(tx: Tx, row: typeof paymentWebhookEvents.$inferInsert): Promise<boolean> {
  const inserted = await tx
    .insert(paymentWebhookEvents)
    .values(row)
    .onConflictDoNothing({ target: [paymentWebhookEvents.provider, paymentWebhookEvents.eventId] })
    .returning({ eventId: paymentWebhookEvents.eventId });
  return inserted.length > 0;
}
