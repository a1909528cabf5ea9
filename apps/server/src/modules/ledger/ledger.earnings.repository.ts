import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { rowsOf } from '../../db/rows.ts';

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** One posting on a user's earnings bucket, with its transaction's kind and reference. */
export interface EarningsMoveRow {
  id: bigint;
  kind: string;
  refType: string | null;
  refId: string | null;
  amountCents: number;
  createdAt: Date;
}

/** Every posting on the user's earnings bucket, oldest first (the seller's sales and settlements). */
export async function listEarningsMoves(db: DbOrTx, userId: bigint): Promise<EarningsMoveRow[]> {
  const found = await rows<{
    id: string;
    kind: string;
    ref_type: string | null;
    ref_id: string | null;
    amount_cents: string;
    created_at: string | Date;
  }>(
    db,
    sql`select p.id, t.kind, t.ref_type, t.ref_id, p.amount_cents, p.created_at
        from ledger_accounts a
        join ledger_postings p on p.account_id = a.id
        join ledger_transactions t on t.id = p.transaction_id
        where a.key = ${`user:${userId.toString()}:earnings`}
        order by p.id`,
  );
  return found.map((r) => ({
    id: BigInt(r.id),
    kind: r.kind,
    refType: r.ref_type,
    refId: r.ref_id,
    amountCents: Number(r.amount_cents),
    createdAt: new Date(r.created_at),
  }));
}

/** When each of these settlements was paid (settlement_paid), if it was. */
export async function findSettlementsPaidAt(db: DbOrTx, settlementIds: string[]): Promise<Map<string, Date>> {
  if (settlementIds.length === 0) return new Map();
  const found = await rows<{ ref_id: string; created_at: string | Date }>(
    db,
    sql`select ref_id, created_at from ledger_transactions
        where ref_type = 'settlement' and kind = 'settlement_paid'
          and ref_id in (${sql.join(
            settlementIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return new Map(found.map((r) => [r.ref_id, new Date(r.created_at)]));
}
