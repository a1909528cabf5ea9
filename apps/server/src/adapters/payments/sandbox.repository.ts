import { and, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { sandboxCards, sandboxSessions, sandboxWebhookDeliveries } from '../../db/schema/index.ts';
import { claimDue } from '../../platform/sweeper.ts';

/** The sandbox provider's own tables (sandbox_sessions, sandbox_cards, sandbox_webhook_deliveries): the only SQL for them. */

export type SandboxSessionRow = typeof sandboxSessions.$inferSelect;
export type SandboxCardRow = typeof sandboxCards.$inferSelect;
export type DeliveryRow = typeof sandboxWebhookDeliveries.$inferSelect;
export type SessionStatus = SandboxSessionRow['status'];

export async function insertSession(db: DbOrTx, row: typeof sandboxSessions.$inferInsert): Promise<void> {
  await db.insert(sandboxSessions).values(row);
}

export async function findSession(db: DbOrTx, id: string, lock = false): Promise<SandboxSessionRow | undefined> {
  const q = db.select().from(sandboxSessions).where(eq(sandboxSessions.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function closeSession(
  db: DbOrTx,
  id: string,
  from: SessionStatus[],
  values: { status: SessionStatus; cardToken?: string | null; failureReason?: string | null; now: Date },
): Promise<boolean> {
  const updated = await db
    .update(sandboxSessions)
    .set({
      status: values.status,
      ...(values.cardToken !== undefined ? { cardToken: values.cardToken } : {}),
      failureReason: values.failureReason ?? null,
      updatedAt: values.now,
    })
    .where(and(eq(sandboxSessions.id, id), inArray(sandboxSessions.status, from)))
    .returning({ id: sandboxSessions.id });
  return updated.length > 0;
}

/** Open (or created, unconfirmed) sessions past their expiry, locked for the expiry sweeper. */
export function claimExpiredSessions(tx: Tx, now: Date, limit: number): Promise<SandboxSessionRow[]> {
  return claimDue(tx, sandboxSessions, sandboxSessions.expiresAt, {
    now,
    limit,
    where: inArray(sandboxSessions.status, ['open', 'processing']),
    orderBy: [sandboxSessions.id],
  });
}

export async function insertCard(db: DbOrTx, row: typeof sandboxCards.$inferInsert): Promise<void> {
  await db.insert(sandboxCards).values(row);
}

export async function findCard(db: DbOrTx, token: string): Promise<SandboxCardRow | undefined> {
  const [row] = await db.select().from(sandboxCards).where(eq(sandboxCards.token, token));
  return row;
}

export function listCards(db: DbOrTx, customerRef: string): Promise<SandboxCardRow[]> {
  return db
    .select()
    .from(sandboxCards)
    .where(and(eq(sandboxCards.customerRef, customerRef), isNull(sandboxCards.detachedAt)))
    .orderBy(sandboxCards.createdAt, sandboxCards.token);
}

export async function detachCard(db: DbOrTx, customerRef: string, token: string, now: Date): Promise<void> {
  await db
    .update(sandboxCards)
    .set({ detachedAt: now })
    .where(
      and(eq(sandboxCards.token, token), eq(sandboxCards.customerRef, customerRef), isNull(sandboxCards.detachedAt)),
    );
}

export async function insertDelivery(db: DbOrTx, row: typeof sandboxWebhookDeliveries.$inferInsert): Promise<void> {
  await db.insert(sandboxWebhookDeliveries).values(row);
}

/**
 * Takes a due delivery for one attempt: counts the attempt and pushes its next try past the lease,
 * so another instance (or the sweeper) does not send it at the same time. Null when it is not due
 * (delivered, or another attempt holds it).
 */
export async function leaseDelivery(
  db: DbOrTx,
  id: string,
  now: Date,
  leaseUntil: Date,
): Promise<{ attempts: number; payload: string } | null> {
  const [row] = await db
    .update(sandboxWebhookDeliveries)
    .set({ attempts: sql`${sandboxWebhookDeliveries.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(
      and(
        eq(sandboxWebhookDeliveries.id, id),
        isNull(sandboxWebhookDeliveries.deliveredAt),
        lte(sandboxWebhookDeliveries.nextAttemptAt, now),
      ),
    )
    .returning({ attempts: sandboxWebhookDeliveries.attempts, payload: sandboxWebhookDeliveries.payload });
  return row ?? null;
}

/** Due deliveries, locked for the delivery sweeper. */
export function claimDueDeliveries(tx: Tx, now: Date, limit: number): Promise<DeliveryRow[]> {
  return claimDue(tx, sandboxWebhookDeliveries, sandboxWebhookDeliveries.nextAttemptAt, {
    now,
    limit,
    where: isNull(sandboxWebhookDeliveries.deliveredAt),
    orderBy: [sandboxWebhookDeliveries.id],
  });
}

/** Records the outcome of attempt number `attempts` (ignored when another attempt has started since). */
export async function recordAttempt(
  db: DbOrTx,
  id: string,
  attempts: number,
  outcome: { deliveredAt: Date } | { error: string; nextAttemptAt: Date },
): Promise<void> {
  await db
    .update(sandboxWebhookDeliveries)
    .set(
      'deliveredAt' in outcome
        ? { deliveredAt: outcome.deliveredAt, lastError: null }
        : { lastError: outcome.error.slice(0, 500), nextAttemptAt: outcome.nextAttemptAt },
    )
    .where(
      and(
        eq(sandboxWebhookDeliveries.id, id),
        eq(sandboxWebhookDeliveries.attempts, attempts),
        isNull(sandboxWebhookDeliveries.deliveredAt),
      ),
    );
}

export async function countPendingDeliveries(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sandboxWebhookDeliveries)
    .where(isNull(sandboxWebhookDeliveries.deliveredAt));
  return Number(row?.n ?? 0);
}

export function listDeliveries(db: DbOrTx, sessionId: string): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(sandboxWebhookDeliveries)
    .where(eq(sandboxWebhookDeliveries.sessionId, sessionId))
    .orderBy(sandboxWebhookDeliveries.createdAt, sandboxWebhookDeliveries.id);
}
