import type { AdminAuctionsQuery } from '@namebourse/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { auctions } from '../../db/schema/index.ts';
import { windowOf } from '../../platform/paging.ts';
import type { AuctionRow, NewAuctionRow } from './auctions.repository.ts';
import { escapeLike } from './auctions.search.repository.ts';

/** The SQL of operators adding lots and listing them (auctions.lots.ts). */

/** Rows per multi-row INSERT (well under PostgreSQL's 65,535 parameters). */
const INSERT_CHUNK = 500;

/** Domains of the batch that already have a scheduled or bidding lot. */
export async function openDomains(db: DbOrTx, domains: string[]): Promise<Set<string>> {
  if (domains.length === 0) return new Set();
  const rows = await db
    .select({ domain: auctions.domain })
    .from(auctions)
    .where(and(inArray(auctions.domain, domains), sql`${auctions.status} in ('scheduled', 'bidding')`));
  return new Set(rows.map((r) => r.domain));
}

export async function insertLots(
  tx: Tx,
  rows: NewAuctionRow[],
): Promise<{ id: bigint; domain: string; status: string }[]> {
  const out: { id: bigint; domain: string; status: string }[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    out.push(
      ...(await tx
        .insert(auctions)
        .values(rows.slice(i, i + INSERT_CHUNK))
        .returning({ id: auctions.id, domain: auctions.domain, status: auctions.status })),
    );
  }
  return out;
}

function adminWhere(query: AdminAuctionsQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (query.status) parts.push(eq(auctions.status, query.status));
  const keyword = query.keyword?.trim().toLowerCase();
  if (keyword) parts.push(sql`${auctions.domain} ilike ${`%${escapeLike(keyword)}%`}`);
  return parts.length > 0 ? and(...parts) : undefined;
}

/** The operator's list: a page of every lot, newest first (`status` and a part of the domain narrow it), and the total. */
export async function listLotRowsForOperator(
  db: DbOrTx,
  query: AdminAuctionsQuery,
): Promise<{ rows: AuctionRow[]; total: number }> {
  const where = adminWhere(query);
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select()
    .from(auctions)
    .where(where)
    .orderBy(desc(auctions.createdAt), desc(auctions.id))
    .limit(limit)
    .offset(offset);
  const counted = await db.select({ n: sql<number>`count(*)::int` }).from(auctions).where(where);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}
