import type { DbOrTx } from '../../db/open-database.ts';
import { findSettlementsPaidAt, listEarningsMoves } from './ledger.earnings.repository.ts';

/** A settlement that drew a sale's earnings out: in review or processing (pending), or paid. */
export interface EarningsPayout {
  settlementId: string;
  status: 'pending' | 'paid';
  appliedAt: Date;
  paidAt: Date | null;
}

/** What one sale put into its seller's earnings (the order's sale_proceeds posting). */
export interface SaleCredit {
  orderId: string;
  netCents: number;
  creditedAt: Date;
  /** The settlement that paid it out, first in first out; null while it is still in the earnings. */
  payout: EarningsPayout | null;
}

/**
 * The seller's sale credits by order, read from the ledger (what reached the earnings bucket, not
 * recomputed), each linked to the settlement that paid it out. Earnings are a pool, so the link is
 * first in, first out: credits (sales and any other earnings, oldest first) are drawn by
 * settlement requests in order; a sale counts as paid out by the settlement whose request
 * reaches the end of that sale's credit. A settlement that failed (its amount returned to the
 * earnings) drew nothing: both its request and its return are left out.
 */
export async function getSaleCredits(db: DbOrTx, userId: bigint): Promise<Map<string, SaleCredit>> {
  const moves = await listEarningsMoves(db, userId);
  const returned = new Set(
    moves.filter((m) => m.kind === 'settlement_returned' && m.refId !== null).map((m) => m.refId as string),
  );
  const credits: { orderId: string | null; end: number; amountCents: number; at: Date }[] = [];
  const draws: { settlementId: string; end: number; at: Date }[] = [];
  let creditedSum = 0;
  let drawnSum = 0;
  for (const m of moves) {
    if (m.kind === 'settlement_returned') continue;
    if (m.kind === 'settlement_request') {
      if (m.refId === null || returned.has(m.refId)) continue;
      drawnSum += -m.amountCents;
      draws.push({ settlementId: m.refId, end: drawnSum, at: m.createdAt });
      continue;
    }
    if (m.amountCents <= 0) continue;
    creditedSum += m.amountCents;
    const orderId = m.kind === 'sale_proceeds' && m.refType === 'order' ? m.refId : null;
    credits.push({ orderId, end: creditedSum, amountCents: m.amountCents, at: m.createdAt });
  }
  const paidAt = await findSettlementsPaidAt(db, [...new Set(draws.map((d) => d.settlementId))]);
  const out = new Map<string, SaleCredit>();
  let d = 0;
  for (const c of credits) {
    while (d < draws.length && (draws[d] as (typeof draws)[number]).end < c.end) d++;
    if (c.orderId === null) continue;
    const draw = draws[d];
    out.set(c.orderId, {
      orderId: c.orderId,
      netCents: (out.get(c.orderId)?.netCents ?? 0) + c.amountCents,
      creditedAt: c.at,
      payout: draw
        ? {
            settlementId: draw.settlementId,
            status: paidAt.has(draw.settlementId) ? 'paid' : 'pending',
            appliedAt: draw.at,
            paidAt: paidAt.get(draw.settlementId) ?? null,
          }
        : null,
    });
  }
  return out;
}
