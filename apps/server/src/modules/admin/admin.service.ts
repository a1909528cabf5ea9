import { randomUUID } from 'node:crypto';
import {
  type AdjustmentRequest,
  type AdminUser,
  type AdminUserDetail,
  isOperatorRole,
  type LedgerCheck,
  type Locale,
  type Operator,
  type Page,
} from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import { getUserByAccountNo, getUserById, searchUsers } from '../account/account.service.ts';
import { ledgerLinePresenter } from '../ledger/ledger.presenter.ts';
import { checkBooks, getBalances, getBalancesOf, getHolds, getLines, transfer } from '../ledger/ledger.service.ts';
import { notify } from '../messages/messages.service.ts';
import { type AccountFacts, presentAdminUser, presentOperator } from './admin.presenter.ts';
import { auditHistory, recordAudit } from './audit.service.ts';

/**
 * The operator console's services (ADR 0009): who the operator is, user lookup with balances,
 * manual balance adjustments (ledger kind 'adjustment' against the platform's `adjustments`
 * account, audited and messaged), and the ledger's books check. Accounts are read through the
 * account service and money through the ledger service.
 */

type AdminApp = Pick<App, 'platform'>;

/** How many recent ledger lines the user detail shows. */
export const RECENT_LINES = 20;
/** Audit entries about a user account (adjustments) use this entity type and the account number. */
export const USER_ENTITY = 'user';

/** GET /admin/me. */
export async function getOperator(app: AdminApp, actor: AuthUser): Promise<Operator> {
  const user = await getUserById(app, actor.id);
  if (!user || !isOperatorRole(user.role)) throw new AppError('Account.Forbidden');
  return presentOperator({ ...user, role: user.role });
}

/** GET /admin/users?q: by account number, or e-mail / nickname containing q; with balances. */
export async function findUsers(
  app: AdminApp,
  query: { q?: string | undefined; page: number; pageSize: number },
): Promise<Page<AdminUser>> {
  const { items, total } = await searchUsers(app, query.q, windowOf(query));
  const balances = await getBalancesOf(
    app.platform.db,
    items.map((u) => u.id),
  );
  return pageOf(query, { items, total }, (u) => presentAdminUser(u, balances.get(u.id.toString()) ?? zero));
}

const zero = { availableCents: 0, frozenCents: 0, earningsCents: 0 };

async function userByAccountNo(app: AdminApp, accountNo: string) {
  const user = await getUserByAccountNo(app, accountNo);
  if (!user) throw new AppError('Admin.UserNotFound');
  return user;
}

async function detailOf(
  app: AdminApp,
  user: AccountFacts & { id: bigint },
  locale: Locale = 'en-US',
): Promise<AdminUserDetail> {
  const { db } = app.platform;
  const [balances, holds, lines, history] = [
    await getBalances(db, user.id),
    await getHolds(db, user.id),
    await getLines(db, { userId: user.id }, { limit: RECENT_LINES, offset: 0 }),
    await auditHistory(app, USER_ENTITY, user.accountNo),
  ];
  return {
    ...presentAdminUser(user, balances),
    holds: holds.map((h) => ({ refType: h.refType, refId: h.refId, label: h.label, amountCents: h.amountCents })),
    recentLines: lines.items.map(ledgerLinePresenter(locale)),
    history,
  };
}

/** GET /admin/users/:accountNo: balances, what holds the frozen money, recent ledger lines, recorded changes. */
export async function getUserDetail(
  app: AdminApp,
  accountNo: string,
  locale: Locale = 'en-US',
): Promise<AdminUserDetail> {
  return detailOf(app, await userByAccountNo(app, accountNo), locale);
}

/**
 * POST /admin/users/:accountNo/adjustments: credits (positive) or debits (negative) the user's
 * available balance or earnings against the platform's `adjustments` account, in one ledger
 * transaction, with the reason in the audit log and a message to the user. A debit never takes a
 * bucket below zero (Funds.InsufficientBalance).
 */
export async function adjustBalance(
  app: AdminApp,
  operator: Pick<AuthUser, 'id' | 'role'>,
  accountNo: string,
  input: AdjustmentRequest,
  locale: Locale = 'en-US',
): Promise<AdminUserDetail> {
  const { db, clock } = app.platform;
  const user = await userByAccountNo(app, accountNo);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const { transactionId } = await transfer(tx, now, {
      kind: 'adjustment',
      idempotencyKey: `adjustment:${user.accountNo}:${randomUUID()}`,
      ref: { type: 'user', id: user.accountNo },
      memo: input.reason,
      actorId: operator.id,
      postings: [
        { account: { userId: user.id, bucket: input.bucket }, amountCents: input.amountCents },
        { account: { platform: 'adjustments' }, amountCents: -input.amountCents },
      ],
    });
    await recordAudit(tx, {
      entityType: USER_ENTITY,
      entityId: user.accountNo,
      action: `adjust_${input.bucket}`,
      reason: input.reason,
      actor: operator,
      now,
    });
    await notify(tx, {
      userId: user.id,
      kind: 'balance_adjusted',
      params: { amountCents: input.amountCents, bucket: input.bucket, reason: input.reason },
      link: '/console/fund/recharge',
      dedupeKey: `adjustment:${transactionId}`,
      now,
    });
  });
  return detailOf(app, user, locale);
}

/** GET /admin/ledger/check: every balance rebuilt from the postings; users named by account number. */
export async function ledgerCheck(app: AdminApp): Promise<LedgerCheck> {
  const result = await checkBooks(app.platform.db, app.platform.clock.now(), async (userId) => {
    const user = await getUserById(app, BigInt(userId));
    return user?.accountNo ?? `#${userId}`;
  });
  // The last result is exposed on /metrics (ledger_check_balanced, _problems, _timestamp_seconds).
  app.platform.metrics.recordLedgerCheck({
    balanced: result.balanced,
    problems: result.unbalancedTransactions.length + result.mismatchedBalances.length + result.negativeAvailable.length,
    checkedAt: new Date(result.checkedAt),
  });
  return result;
}
