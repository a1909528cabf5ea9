import type { AdminUser, Operator, OperatorRole, UserRole } from '@namebourse/contract';
import type { Balances } from '../ledger/ledger.service.ts';

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
