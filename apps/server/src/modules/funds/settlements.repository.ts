import { and, asc, desc, eq, ilike, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { settlements, users } from '../../db/schema/index.ts';

/** The only file with SQL for settlements. */
export type SettlementRow = typeof settlements.$inferSelect;
export type SettlementStatusValue = SettlementRow['status'];

const OPEN: SettlementStatusValue[] = ['in_review', 'processing'];

export async function insertSettlement(
  tx: Tx,
  values: Omit<SettlementRow, 'bankReference'> & Partial<Pick<SettlementRow, 'bankReference'>>,
): Promise<SettlementRow> {
  const rows = await tx.insert(settlements).values(values).returning();
  return rows[0] as SettlementRow;
}

export async function findSettlementById(db: DbOrTx, settlementId: string): Promise<SettlementRow | undefined> {
  const rows = await db.select().from(settlements).where(eq(settlements.id, settlementId)).limit(1);
  return rows[0];
}

export async function lockSettlement(tx: Tx, settlementId: string): Promise<SettlementRow | undefined> {
  const rows = await tx.select().from(settlements).where(eq(settlements.id, settlementId)).limit(1).for('update');
  return rows[0];
}

/** Changes the row only while it is still in `fromStatus`; undefined when it changed meanwhile. */
export async function updateSettlementIfStatus(
  tx: Tx,
  settlementId: string,
  fromStatus: SettlementStatusValue,
  values: Partial<Pick<SettlementRow, 'status' | 'failureReason' | 'bankReference'>> & { updatedAt: Date },
): Promise<SettlementRow | undefined> {
  const rows = await tx
    .update(settlements)
    .set(values)
    .where(and(eq(settlements.id, settlementId), eq(settlements.status, fromStatus)))
    .returning();
  return rows[0];
}

export interface SettlementListFilter {
  userId?: bigint | undefined;
  statuses?: SettlementStatusValue[] | undefined;
  order: 'oldest' | 'newest';
  /** A settlement id, an owner's account number (exact) or part of their e-mail. */
  q?: string;
  /** Only these settlements, or all but these (the queue's assignment filter). */
  ids?: { only: string[] } | { except: string[] };
}

const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listSettlements(
  db: DbOrTx,
  filter: SettlementListFilter,
  page: { limit: number; offset: number },
): Promise<{ items: SettlementRow[]; total: number }> {
  const where = and(
    filter.userId === undefined ? undefined : eq(settlements.userId, filter.userId),
    filter.statuses ? inArray(settlements.status, filter.statuses) : undefined,
    filter.q
      ? or(
          eq(settlements.id, filter.q.toUpperCase()),
          inArray(
            settlements.userId,
            db
              .select({ id: users.id })
              .from(users)
              .where(or(eq(users.accountNo, filter.q), ilike(users.email, likeEscaped(filter.q)))),
          ),
        )
      : undefined,
    filter.ids && 'only' in filter.ids
      ? filter.ids.only.length > 0
        ? inArray(settlements.id, filter.ids.only)
        : sql`false`
      : undefined,
    filter.ids && 'except' in filter.ids && filter.ids.except.length > 0
      ? notInArray(settlements.id, filter.ids.except)
      : undefined,
  );
  const order =
    filter.order === 'oldest'
      ? [asc(settlements.createdAt), asc(settlements.id)]
      : [desc(settlements.createdAt), desc(settlements.id)];
  const items = await db
    .select()
    .from(settlements)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const counted = await db.select({ n: sql<number>`count(*)::int` }).from(settlements).where(where);
  return { items, total: Number(counted[0]?.n ?? 0) };
}

/** The sum of the user's settlements in review or processing (earnings on their way out). */
export async function sumOpenAmount(db: DbOrTx, userId: bigint): Promise<number> {
  const rows = await db
    .select({ total: sql<string>`coalesce(sum(${settlements.amountCents}), 0)` })
    .from(settlements)
    .where(and(eq(settlements.userId, userId), inArray(settlements.status, OPEN)));
  return Number(rows[0]?.total ?? 0);
}

/** How many settlements to this payee are still in review or processing. */
export async function countOpenForPayee(db: DbOrTx, payeeId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(settlements)
    .where(and(eq(settlements.payeeId, payeeId), inArray(settlements.status, OPEN)));
  return Number(rows[0]?.n ?? 0);
}
