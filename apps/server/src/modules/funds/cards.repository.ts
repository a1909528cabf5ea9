import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { bankCards } from '../../db/schema/index.ts';

/** The only SQL for bank_cards (cards saved with the payment provider: its token and display facts). */

export type BankCardRow = typeof bankCards.$inferSelect;

export function listActiveCards(db: DbOrTx, userId: bigint): Promise<BankCardRow[]> {
  return db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), isNull(bankCards.removedAt)))
    .orderBy(asc(bankCards.createdAt), asc(bankCards.id));
}

export async function findActiveCard(db: DbOrTx, userId: bigint, cardId: string): Promise<BankCardRow | undefined> {
  const [row] = await db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.id, cardId), eq(bankCards.userId, userId), isNull(bankCards.removedAt)));
  return row;
}

/** Serialises card saving per user until the transaction ends (so the per-user limit holds under concurrency). */
export async function lockCardsOf(tx: Tx, userId: bigint): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bank_cards:${userId}`}))`);
}

export async function countActiveCards(db: DbOrTx, userId: bigint): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), isNull(bankCards.removedAt)));
  return Number(row?.n ?? 0);
}

/** Saves a card; false when this provider token is already saved. */
export async function insertCard(db: DbOrTx, row: typeof bankCards.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(bankCards)
    .values(row)
    .onConflictDoNothing({ target: [bankCards.provider, bankCards.providerToken] })
    .returning({ id: bankCards.id });
  return inserted.length > 0;
}

export async function markCardRemoved(db: DbOrTx, userId: bigint, cardId: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(bankCards)
    .set({ removedAt: now })
    .where(and(eq(bankCards.id, cardId), eq(bankCards.userId, userId), isNull(bankCards.removedAt)))
    .returning({ id: bankCards.id });
  return updated.length > 0;
}
