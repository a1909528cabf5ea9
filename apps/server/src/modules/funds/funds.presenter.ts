import type { FundsSummary, TransactionLine, TransactionType, UserBucket } from '@namebourse/contract';
import type { Balances, LedgerLine } from '../ledger/ledger.service.ts';

export function presentLine(line: LedgerLine): TransactionLine {
  return {
    id: line.id.toString(),
    transactionId: line.transactionId.toString(),
    type: line.kind as TransactionType,
    bucket: line.bucket as UserBucket,
    amountCents: line.amountCents,
    balanceAfterCents: line.balanceAfterCents,
    refType: line.refType,
    refId: line.refId,
    memo: line.memo,
    createdAt: line.createdAt.toISOString(),
  };
}

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
