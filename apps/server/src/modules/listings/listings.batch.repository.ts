import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { rowsOf } from '../../db/rows.ts';
import { listings } from '../../db/schema/index.ts';

/** What batch pricing needs of a listing. */
export interface PriceableRow {
  id: string;
  domain: string;
  mode: string;
  status: string;
  priceCents: number | null;
  floorCents: number | null;
}

/**
 * The user's listings among `ids` (others' ids are simply absent), locked FOR UPDATE when `lock`
 * (inside the apply transaction: nothing changes them between the check and the update).
 */
export async function findPriceable(db: DbOrTx, userId: bigint, ids: string[], lock: boolean): Promise<PriceableRow[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<{
    id: string;
    domain: string;
    mode: string;
    status: string;
    price_cents: string | number | null;
    floor_cents: string | number | null;
  }>(
    await db.execute(sql`
      select id::text as id, domain, mode, status, price_cents, floor_cents
      from ${listings}
      where user_id = ${userId} and id = any(${sql.param(ids)}::bigint[])
      ${lock ? sql`for update` : sql``}`),
  );
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    id: r.id,
    domain: r.domain,
    mode: r.mode,
    status: r.status,
    priceCents: num(r.price_cents),
    floorCents: num(r.floor_cents),
  }));
}

/**
 * Sets new prices in one statement, each only if the listing is still the user's, still in an
 * editable status and mode, and still at the price the change was computed from. Returns the ids
 * that changed.
 */
export async function setPrices(
  db: DbOrTx,
  userId: bigint,
  changes: { id: string; oldPriceCents: number; newPriceCents: number }[],
  statuses: readonly string[],
  modes: readonly string[],
  now: Date,
): Promise<string[]> {
  if (changes.length === 0) return [];
  const result = await db.execute(sql`
    update ${listings} l
    set price_cents = v.new_price, updated_at = ${now.toISOString()}::timestamptz
    from unnest(
      ${sql.param(changes.map((c) => c.id))}::bigint[],
      ${sql.param(changes.map((c) => c.oldPriceCents))}::bigint[],
      ${sql.param(changes.map((c) => c.newPriceCents))}::bigint[]
    ) as v(id, old_price, new_price)
    where l.id = v.id
      and l.user_id = ${userId}
      and l.price_cents = v.old_price
      and l.status = any(${sql.param([...statuses])}::text[])
      and l.mode = any(${sql.param([...modes])}::text[])
    returning l.id::text as id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}
