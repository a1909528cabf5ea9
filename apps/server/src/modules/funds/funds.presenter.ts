import type { FundsSummary } from '@namebourse/contract';
import type { Balances } from '../ledger/ledger.service.ts';

export function presentSummary(
  balances: Balances,
  holds: { refType: string; refId: string; label: string; amountCents: number; createdAt: Date }[],
  settlingCents: number,
): FundsSummary {
  return {
    availableCents: balances.availableCents,
    frozenCents: balances.frozenCents,
    earningsCents: balances.earningsCents,
    frozenHolds: holds.map((h) => ({
      refType: h.refType,
      refId: h.refId,
      label: h.label,
      amountCents: h.amountCents,
      since: h.createdAt.toISOString(),
    })),
    settlingCents,
    currency: 'USD',
  };
}
