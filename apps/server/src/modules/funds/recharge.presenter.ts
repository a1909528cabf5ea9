import type { Recharge } from '@namebourse/contract';
import type { RechargeRow } from './recharge.repository.ts';

/** Where the browser goes to follow a top-up (the provider's `returnUrl`). */
export function rechargeResultPath(rechargeId: string): string {
  return `/console/fund/recharge/result?rechargeId=${encodeURIComponent(rechargeId)}`;
}

export function presentRecharge(row: RechargeRow): Recharge {
  return {
    rechargeId: row.id,
    status: row.status,
    amountCents: row.amountCents,
    feeCents: row.feeCents,
    totalCents: row.amountCents + row.feeCents,
    method: row.method,
    cardLast4: row.cardLast4,
    failureReason: row.failureReason,
    // While it is open the user can go back to the provider's page (or, for a saved card, the result page).
    payUrl: row.status === 'recharging' ? row.payUrl : null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}
