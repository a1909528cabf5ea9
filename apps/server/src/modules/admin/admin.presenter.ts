import type { AdminUser, Operator, OperatorRole, TransactionLine, UserRole } from '@namebourse/contract';
import type { Balances, LedgerLine } from '../ledger/ledger.service.ts';

/** What the console shows of an account (read through the account service). */
export interface AccountFacts {
  accountNo: string;
  email: string;
  nickname: string;
  role: UserRole;
  createdAt: Date;
}

export function presentOperator(user: AccountFacts & { role: OperatorRole }): Operator {
  return { accountNo: user.accountNo, nickname: user.nickname, email: user.email, role: user.role };
}

export function presentAdminUser(user: AccountFacts, balances: Balances): AdminUser {
  return {
    accountNo: user.accountNo,
    email: user.email,
    nickname: user.nickname,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    availableCents: balances.availableCents,
    frozenCents: balances.frozenCents,
    earningsCents: balances.earningsCents,
  };
}

/** One recorded change; `actor` is the acting account's number, or 'system'. */
export function presentLedgerLine(line: LedgerLine): TransactionLine {
  return {
    id: line.id.toString(),
    transactionId: line.transactionId.toString(),
    type: line.kind as TransactionLine['type'],
    bucket: line.bucket as TransactionLine['bucket'],
    amountCents: line.amountCents,
    balanceAfterCents: line.balanceAfterCents,
    refType: line.refType,
    refId: line.refId,
    memo: line.memo,
    createdAt: line.createdAt.toISOString(),
  };
}
