import type { Locale, TransactionLine, TransactionType, UserBucket } from '@namebourse/contract';
import { renderMemo } from './ledger.memos.ts';
import type { LedgerLine } from './ledger.service.ts';

/**
 * One ledger line as the account's own transactions and the console's account view show it, its
 * memo in the reader's language (ledger.memos.ts).
 */
export function presentLedgerLine(line: LedgerLine, locale: Locale): TransactionLine {
  return {
    id: line.id.toString(),
    transactionId: line.transactionId.toString(),
    type: line.kind as TransactionType,
    bucket: line.bucket as UserBucket,
    amountCents: line.amountCents,
    balanceAfterCents: line.balanceAfterCents,
    refType: line.refType,
    refId: line.refId,
    memo: renderMemo(line.kind, line.memo, locale),
    createdAt: line.createdAt.toISOString(),
  };
}

/** presentLedgerLine for one reader, for `items.map(…)`. */
export function ledgerLinePresenter(locale: Locale): (line: LedgerLine) => TransactionLine {
  return (line) => presentLedgerLine(line, locale);
}
