import { randomBytes } from 'node:crypto';
import {
  type AdminSettlement,
  type AdminSettlementsQuerySchema,
  FUNDS_LIMITS,
  fieldMessage,
  type Locale,
  type MessageKind,
  type Page,
  SETTLEMENT_TRANSITIONS,
  type Settlement,
  type SettlementRequest,
  type SettlementReviewRequest,
  type SettlementStatus,
  type SettlementsQuerySchema,
} from '@namebourse/contract';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { AppError, isAppError } from '../../platform/errors.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import { recordAudit } from '../admin/audit.service.ts';
import { ledgerMemo } from '../ledger/ledger.memos.ts';
import { getBalances, type Posting, transfer } from '../ledger/ledger.service.ts';
import { notify } from '../messages/messages.service.ts';
import { payeeLabel } from './payees.presenter.ts';
import { findPayeeById, lockPayeeOfType, type PayeeRow } from './payees.repository.ts';
import { type Actor, decideAsOperator, type FundsApp, OperatorView } from './payees.service.ts';
import { presentAdminSettlement, presentSettlement } from './settlements.presenter.ts';
import {
  findSettlementById,
  insertSettlement,
  listSettlements,
  lockSettlement,
  type SettlementRow,
  sumOpenAmount,
  updateSettlementIfStatus,
} from './settlements.repository.ts';

type SettlementsQuery = z.infer<typeof SettlementsQuerySchema>;
type AdminSettlementsQuery = z.infer<typeof AdminSettlementsQuerySchema>;

const LINK = '/console/fund/settlements';

/** Earnings under settlement (in review or processing), for the funds summary. */
export function settlingCentsOf(db: DbOrTx, userId: bigint): Promise<number> {
  return sumOpenAmount(db, userId);
}

/** Below the minimum: the field message and the minimum, so a client can say it before anything else. */
function belowMinimum(locale: Locale) {
  return new AppError('Funds.SettlementBelowMinimum', {
    data: {
      fields: { amountCents: fieldMessage('settlementMin', locale) },
      minimumCents: FUNDS_LIMITS.settlementMinCents,
    },
  });
}

/** Above the available earnings (also when a concurrent application took them first). */
function exceedsEarnings(locale: Locale, earningsCents?: number) {
  return new AppError('Funds.SettlementExceedsEarnings', {
    data: {
      fields: { amountCents: fieldMessage('settlementMax', locale) },
      ...(earningsCents === undefined ? {} : { earningsCents }),
    },
  });
}

export async function listMySettlements(
  app: FundsApp,
  userId: bigint,
  query: SettlementsQuery,
): Promise<Page<Settlement>> {
  return pageOf(
    query,
    await listSettlements(
      app.platform.db,
      { userId, statuses: query.status ? [query.status] : undefined, order: 'newest' },
      windowOf(query),
    ),
    presentSettlement,
  );
}

/**
 * Applies for a settlement of earnings: at least $50 (Funds.SettlementBelowMinimum), not above the
 * available earnings (Funds.SettlementExceedsEarnings, also when concurrent applications would
 * together overdraw: the ledger refuses a negative bucket), $1 fee taken from the amount. To the
 * balance, or by wire to the account's approved wire payee (Funds.PayeeNotApproved otherwise),
 * whose label is kept on the settlement. The earnings move to `payouts_pending` in the same
 * transaction as the row.
 */
export async function applySettlement(
  app: FundsApp,
  actor: Actor,
  input: SettlementRequest,
  locale: Locale,
): Promise<Settlement> {
  const { db, clock } = app.platform;
  const now = clock.now();
  if (input.amountCents < FUNDS_LIMITS.settlementMinCents) throw belowMinimum(locale);
  const note = input.note?.trim() || null;
  const id = `S${randomBytes(8).toString('hex').toUpperCase()}`;
  try {
    const row = await db.transaction(async (tx) => {
      let payee: PayeeRow | undefined;
      if (input.target === 'wire') {
        // FOR SHARE: the payee cannot be withdrawn or reviewed until this application is recorded.
        payee = await lockPayeeOfType(tx, actor.id, 'wire', 'share');
        if (payee?.status !== 'approved') throw new AppError('Funds.PayeeNotApproved');
      }
      const { earningsCents } = await getBalances(tx, actor.id);
      if (earningsCents < input.amountCents) throw exceedsEarnings(locale, earningsCents);
      const created = await insertSettlement(tx, {
        id,
        userId: actor.id,
        amountCents: input.amountCents,
        feeCents: FUNDS_LIMITS.settlementFeeCents,
        currency: 'USD',
        target: input.target,
        payeeId: payee?.id ?? null,
        payeeLabel: payee ? payeeLabel(payee) : null,
        note,
        status: 'in_review',
        failureReason: null,
        createdAt: now,
        updatedAt: now,
      });
      await transfer(tx, now, {
        kind: 'settlement_request',
        idempotencyKey: `settlement:${id}:request`,
        ref: { type: 'settlement', id },
        memo: ledgerMemo({ code: 'settlement', id }),
        actorId: actor.id,
        postings: [
          { account: { userId: actor.id, bucket: 'earnings' }, amountCents: -input.amountCents },
          { account: { platform: 'payouts_pending' }, amountCents: input.amountCents },
        ],
      });
      await recordAudit(tx, {
        entityType: 'settlement',
        entityId: id,
        action: 'apply',
        fromStatus: null,
        toStatus: 'in_review',
        actor,
        now,
      });
      return created;
    });
    return presentSettlement(row);
  } catch (err) {
    // A concurrent application took the earnings first: the ledger refused to overdraw them.
    if (isAppError(err) && err.code === 'Funds.InsufficientBalance') {
      throw exceedsEarnings(locale);
    }
    throw err;
  }
}

// ---- The review console ----

async function presentForOperator(
  app: FundsApp,
  rows: SettlementRow[],
  view: OperatorView,
): Promise<AdminSettlement[]> {
  return Promise.all(
    rows.map(async (row) =>
      presentAdminSettlement(
        row,
        await view.owner(row.userId),
        row.payeeId ? await findPayeeById(app.platform.db, row.payeeId) : undefined,
        await view.history('settlement', row.id),
      ),
    ),
  );
}

/** The open queue (in review and processing, oldest first), or every settlement / one status. */
export async function listSettlementsForOperator(
  app: FundsApp,
  query: AdminSettlementsQuery,
): Promise<Page<AdminSettlement>> {
  const statuses: SettlementStatus[] | undefined = query.status
    ? [query.status]
    : query.queue === 'open'
      ? ['in_review', 'processing']
      : undefined;
  const { items, total } = await listSettlements(
    app.platform.db,
    { statuses, order: query.queue === 'open' ? 'oldest' : 'newest' },
    windowOf(query),
  );
  return pageOf(query, { items: await presentForOperator(app, items, new OperatorView(app)), total });
}

const REVIEW_OUTCOME: Record<SettlementReviewRequest['action'], { to: SettlementStatus; kind: MessageKind }> = {
  approve: { to: 'processing', kind: 'settlement_processing' },
  paid: { to: 'success', kind: 'settlement_succeeded' },
  fail: { to: 'failure', kind: 'settlement_failed' },
};

/** The ledger moves of a decision: paid (net out, fee to the platform) or failed (amount back to earnings). */
async function moveMoney(tx: Tx, now: Date, row: SettlementRow, to: SettlementStatus, operator: Actor) {
  const net = row.amountCents - row.feeCents;
  const ref = { type: 'settlement', id: row.id };
  if (to === 'success') {
    const postings: Posting[] = [
      { account: { platform: 'payouts_pending' }, amountCents: -row.amountCents },
      {
        account: row.target === 'balance' ? { userId: row.userId, bucket: 'available' } : { platform: 'wire_payouts' },
        amountCents: net,
      },
      { account: { platform: 'fees' }, amountCents: row.feeCents },
    ];
    await transfer(tx, now, {
      kind: 'settlement_paid',
      idempotencyKey: `settlement:${row.id}:paid`,
      ref,
      memo: ledgerMemo({ code: 'settlement', id: row.id }),
      actorId: operator.id,
      postings,
    });
  } else if (to === 'failure') {
    await transfer(tx, now, {
      kind: 'settlement_returned',
      idempotencyKey: `settlement:${row.id}:returned`,
      ref,
      memo: ledgerMemo({ code: 'settlement', id: row.id }),
      actorId: operator.id,
      postings: [
        { account: { platform: 'payouts_pending' }, amountCents: -row.amountCents },
        { account: { userId: row.userId, bucket: 'earnings' }, amountCents: row.amountCents },
      ],
    });
  }
}

/**
 * An operator's decision on a settlement: approve (in review → processing), paid (processing →
 * success: the net arrives in the balance or goes out by wire, the fee to the platform) or fail
 * (→ failure, with a reason: the amount returns to earnings). Through the transition table,
 * recorded and messaged, in one transaction with the ledger moves. Never on the operator's own settlement.
 */
export async function reviewSettlement(
  app: FundsApp,
  operator: Actor,
  settlementId: string,
  body: SettlementReviewRequest,
): Promise<AdminSettlement> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const outcome = REVIEW_OUTCOME[body.action];
  const reason = body.reason?.trim() || null;
  const reviewed = await db.transaction(async (tx) => {
    const current = await lockSettlement(tx, settlementId);
    if (!current) throw new AppError('Funds.SettlementNotFound');
    const updated = await decideAsOperator(tx, operator, now, {
      entityType: 'settlement',
      current,
      transitions: SETTLEMENT_TRANSITIONS,
      invalidTransition: 'Settlement.InvalidTransition',
      to: outcome.to,
      action: body.action,
      reason,
      update: (row) =>
        updateSettlementIfStatus(tx, row.id, row.status, {
          status: outcome.to,
          ...(outcome.to === 'failure' ? { failureReason: reason } : {}),
          updatedAt: now,
        }),
      alsoDo: (row) => moveMoney(tx, now, row, outcome.to, operator),
    });
    await notify(tx, {
      userId: updated.userId,
      kind: outcome.kind,
      params: {
        settlementId: updated.id,
        amountCents: updated.amountCents,
        feeCents: updated.feeCents,
        netCents: updated.amountCents - updated.feeCents,
        target: updated.target,
        reason,
      },
      link: LINK,
      dedupeKey: `settlement:${updated.id}:${outcome.to}`,
      now,
    });
    return updated;
  });
  const [presented] = await presentForOperator(app, [reviewed], new OperatorView(app));
  return presented as AdminSettlement;
}

/** One settlement as operators see it. */
export async function getSettlementForOperator(app: FundsApp, settlementId: string): Promise<AdminSettlement> {
  const row = await findSettlementById(app.platform.db, settlementId);
  if (!row) throw new AppError('Funds.SettlementNotFound');
  const [presented] = await presentForOperator(app, [row], new OperatorView(app));
  return presented as AdminSettlement;
}
