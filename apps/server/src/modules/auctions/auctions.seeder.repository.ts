import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open-database.ts';
import { auctions, bids } from '../../db/schema/index.ts';
import type { NewAuctionRow, NewBidRow } from './auctions.repository.ts';

/** The SQL of the demo lots (auctions.seeder.ts): multi-row INSERTs of lots and bid records, and the reads it needs. */

const CHUNK = 1_000;

/** How many lots there are, in any status. */
export async function countLots(db: Db): Promise<number> {
  const existing = await db.select({ n: sql<number>`count(*)::int` }).from(auctions);
  return Number(existing[0]?.n ?? 0);
}

export async function insertLotRows(db: Db, rows: NewAuctionRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await db.insert(auctions).values(rows.slice(i, i + CHUNK));
}

/** The ended lots, with their domains. */
export function listEndedLots(db: Db): Promise<{ id: bigint; domain: string }[]> {
  return db.select({ id: auctions.id, domain: auctions.domain }).from(auctions).where(eq(auctions.status, 'ended'));
}

/** Bid records, inserted as they are (their lots' chain heads are set by setChainHeads). */
export async function insertBidRows(db: Db, rows: NewBidRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await db.insert(bids).values(rows.slice(i, i + CHUNK));
}

/** Each lot's hash-chain head, in one UPDATE. */
export async function setChainHeads(db: Db, heads: { id: bigint; head: string }[]): Promise<void> {
  if (heads.length === 0) return;
  await db.execute(sql`
    update ${auctions} set chain_head = v.head
    from unnest(${sql.param(heads.map((h) => h.id.toString()))}::bigint[], ${sql.param(heads.map((h) => h.head))}::text[])
      as v(id, head)
    where ${auctions.id} = v.id`);
}

/** Lots open for bidding that nobody has bid on yet, by id. */
export function listOpenLotsWithoutBids(
  db: Db,
): Promise<{ id: bigint; startsAt: Date; endsAt: Date; start: number }[]> {
  return db
    .select({ id: auctions.id, startsAt: auctions.startsAt, endsAt: auctions.endsAt, start: auctions.startPriceCents })
    .from(auctions)
    .where(and(eq(auctions.status, 'bidding'), eq(auctions.bidCount, 0)))
    .orderBy(auctions.id);
}
