import type { TransactionLine, TransactionType, UserBucket } from '@namebourse/contract';
import type { LedgerLine } from './ledger.service.ts';

/** One ledger line as the account's own transactions and the console's account view show it. */
export function presentLedgerLine(line: LedgerLine): TransactionLine {
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
