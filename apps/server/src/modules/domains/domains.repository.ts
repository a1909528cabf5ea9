import type { DomainStatus } from '@namebourse/contract';
import { and, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { domains } from '../../db/schema/index.ts';
import type { PageWindow } from '../../platform/paging.ts';

/** The only file with SQL for the domains table. */
export type DomainRow = typeof domains.$inferSelect;
export type NewDomainRow = typeof domains.$inferInsert;

/**
 * Puts the domain in the user's My domains. A name is held by one account: a domain delivered
 * again (sold again later) moves to its new holder; delivering the same order twice changes nothing.
 */
export async function upsertDomain(db: DbOrTx, row: NewDomainRow): Promise<DomainRow> {
  const rows = await db
    .insert(domains)
    .values(row)
    .onConflictDoUpdate({
      target: domains.name,
      set: {
        userId: row.userId,
        tld: row.tld,
        registrar: row.registrar,
        status: row.status,
        lockStatus: row.lockStatus,
        registeredAt: row.registeredAt ?? null,
        expiresAt: row.expiresAt ?? null,
        acquiredAt: row.acquiredAt,
        orderId: row.orderId ?? null,
        groupName: null,
        notes: null,
        updatedAt: row.updatedAt,
      },
      setWhere: sql`${domains.orderId} is distinct from excluded.order_id`,
    })
    .returning();
  if (rows[0]) return rows[0];
  const existing = await db.select().from(domains).where(eq(domains.name, row.name)).limit(1);
  return existing[0] as DomainRow;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listUserDomains(
  db: DbOrTx,
  filter: { userId: bigint; keyword?: string | undefined; status?: DomainStatus | undefined },
  { limit, offset }: PageWindow,
): Promise<{ items: DomainRow[]; total: number }> {
  const parts: SQL[] = [eq(domains.userId, filter.userId)];
  if (filter.keyword) parts.push(ilike(domains.name, `%${escapeLike(filter.keyword.toLowerCase())}%`));
  if (filter.status) parts.push(eq(domains.status, filter.status));
  const where = and(...parts);
  const items = await db
    .select()
    .from(domains)
    .where(where)
    .orderBy(desc(domains.acquiredAt), desc(domains.id))
    .limit(limit)
    .offset(offset);
  const counted = await db.select({ n: sql<number>`count(*)::int` }).from(domains).where(where);
  return { items, total: Number(counted[0]?.n ?? 0) };
}

export async function findDomainByName(db: DbOrTx, name: string): Promise<DomainRow | undefined> {
  const rows = await db.select().from(domains).where(eq(domains.name, name)).limit(1);
  return rows[0];
}
