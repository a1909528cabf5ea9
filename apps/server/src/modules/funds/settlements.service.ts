import { randomBytes } from 'node:crypto';
import {
  fieldMessage,
  type Locale,
  type MessageKind,
  type Page,
  type QueuedSettlement,
  type QueueState,
  SETTLEMENT_TRANSITIONS,
  type SettlementDecision,
  type SettlementQueueQuery,
  type SettlementRecord,
  type SettlementRequest,
  type SettlementStatus,
  type SettlementsQuerySchema,
} from '@namebourse/contract';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { AppError, isAppError } from '../../platform/errors.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import { canTransition } from '../../platform/transitions.ts';
import { recordAudit } from '../admin/audit.service.ts';
import { assignedFilterOf, clearQueueItem, queueStatesOf } from '../admin/queues.service.ts';
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

const LINK = '/console/fund/settlements';

/** Earnings under settlement (in review or processing), for the funds summary. */
export function settlingCentsOf(db: DbOrTx, userId: bigint): Promise<number> {
  return sumOpenAmount(db, userId);
}

/** Below the minimum: the field message and the minimum, so a client can say it before anything else. */
function belowMinimum(locale: Locale, minimumCents: number) {
  return new AppError('Funds.SettlementBelowMinimum', {
    data: {
      fields: { amountCents: fieldMessage('settlementMin', locale) },
      minimumCents,
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
): Promise<Page<SettlementRecord>> {
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
 * Applies for a settlement of earnings: at least the minimum (parameter `settlementMinCents`, $50 by
 * default; Funds.SettlementBelowMinimum), not above the available earnings (Funds.SettlementExceedsEarnings,
 * also when concurrent applications would together overdraw: the ledger refuses a negative bucket), the fee
 * (parameter `settlementFeeCents`, $1 by default) taken from the amount. To the
 * balance, or by wire to the account's approved wire payee (Funds.PayeeNotApproved otherwise),
 * whose label is kept on the settlement. The earnings move to `payouts_pending` in the same
 * transaction as the row.
 */
export async function applySettlement(
  app: FundsApp,
  actor: Actor,
  input: SettlementRequest,
  locale: Locale,
): Promise<SettlementRecord> {
  const { db, clock, parameters } = app.platform;
  const now = clock.now();
  const minimumCents = parameters.get('settlementMinCents');
  const feeCents = parameters.get('settlementFeeCents');
  if (input.amountCents < minimumCents) throw belowMinimum(locale, minimumCents);
  // The fee must leave something to pay out (a CHECK on the row too).
  if (input.amountCents <= feeCents) throw belowMinimum(locale, Math.max(minimumCents, feeCents + 1));
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
        feeCents,
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
  viewerId: bigint | undefined,
): Promise<QueuedSettlement[]> {
  const states = await queueStatesOf(
    app,
    'settlements',
    rows.map((row) => ({ entityId: row.id, submittedAt: row.createdAt })),
    viewerId,
  );
  return Promise.all(
    rows.map(async (row) =>
      presentAdminSettlement(
        row,
        await view.owner(row.userId),
        row.payeeId ? await findPayeeById(app.platform.db, row.payeeId) : undefined,
        await view.history('settlement', row.id),
        states.get(row.id) as QueueState,
      ),
    ),
  );
}

/**
 * The open queue (in review and processing, oldest first), or every settlement / one status; `q` finds a
 * settlement id, an account number or an e-mail; `assigned` keeps the viewer's items or the untaken ones.
 * Each with its reviewer and its age against the 3–5 working days (QUEUE_SLA).
 */
export async function listSettlementsForOperator(
  app: FundsApp,
  query: Omit<SettlementQueueQuery, 'q' | 'assigned'> & Partial<Pick<SettlementQueueQuery, 'q' | 'assigned'>>,
  viewer?: Pick<Actor, 'id'>,
): Promise<Page<QueuedSettlement>> {
  const statuses: SettlementStatus[] | undefined = query.status
    ? [query.status]
    : query.queue === 'open'
      ? ['in_review', 'processing']
      : undefined;
  const ids = await assignedFilterOf(app, 'settlements', query.assigned, viewer?.id);
  const { items, total } = await listSettlements(
    app.platform.db,
    {
      statuses,
      order: query.queue === 'open' ? 'oldest' : 'newest',
      ...(query.q ? { q: query.q } : {}),
      ...(ids ? { ids } : {}),
    },
    windowOf(query),
  );
  return pageOf(query, { items: await presentForOperator(app, items, new OperatorView(app), viewer?.id), total });
}

const MESSAGE_OF: Record<'processing' | 'success' | 'failure', MessageKind> = {
  processing: 'settlement_processing',
  success: 'settlement_succeeded',
  failure: 'settlement_failed',
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

/** One step of a decision: through the transition table, conditional on the status seen, money moved, audited. */
function step(
  tx: Tx,
  operator: Actor,
  now: Date,
  current: SettlementRow,
  to: SettlementStatus,
  action: string,
  reason: string | null,
  bankReference: string | null,
): Promise<SettlementRow> {
  return decideAsOperator(tx, operator, now, {
    entityType: 'settlement',
    current,
    transitions: SETTLEMENT_TRANSITIONS,
    invalidTransition: 'Settlement.InvalidTransition',
    to,
    action,
    reason,
    update: (row) =>
      updateSettlementIfStatus(tx, row.id, row.status, {
        status: to,
        ...(to === 'failure' ? { failureReason: reason } : {}),
        ...(bankReference ? { bankReference } : {}),
        updatedAt: now,
      }),
    alsoDo: (row) => moveMoney(tx, now, row, to, operator),
  });
}

/**
 * An operator's decision on a settlement, in one transaction with its ledger moves, audited and messaged:
 * - approve: a settlement to the BALANCE completes at once (in review → processing → success: the net is
 *   credited to available, the fee to the platform; nobody has anything to pay); a WIRE goes to processing.
 * - paid (a wire in processing → success): the bank's reference is required and kept (shown to the owner).
 * - fail (→ failure, a reason required): the amount returns to earnings.
 * Never on the operator's own settlement. A decided settlement leaves the queue (its assignment goes).
 */
export async function reviewSettlement(
  app: FundsApp,
  operator: Actor,
  settlementId: string,
  body: SettlementDecision,
  locale: Locale = 'en-US',
): Promise<QueuedSettlement> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const reason = body.reason?.trim() || null;
  const bankReference = body.bankReference?.trim() || null;
  const reviewed = await db.transaction(async (tx) => {
    const current = await lockSettlement(tx, settlementId);
    if (!current) throw new AppError('Funds.SettlementNotFound');
    let updated: SettlementRow;
    if (body.action === 'approve') {
      updated = await step(tx, operator, now, current, 'processing', 'approve', reason, null);
      if (updated.target === 'balance') {
        updated = await step(tx, operator, now, updated, 'success', 'credit_balance', null, null);
      }
    } else if (body.action === 'paid') {
      // A reference is asked for only where paying is possible (else the transition's own 409).
      const payable = canTransition(SETTLEMENT_TRANSITIONS, current.status, 'success');
      if (current.target === 'wire' && !bankReference && payable) {
        throw new AppError('Request.Invalid', {
          data: { fields: { bankReference: fieldMessage('required', locale) } },
        });
      }
      updated = await step(tx, operator, now, current, 'success', 'paid', bankReference, bankReference);
    } else {
      updated = await step(tx, operator, now, current, 'failure', 'fail', reason, null);
    }
    const to = updated.status as keyof typeof MESSAGE_OF;
    if (to !== 'processing') await clearQueueItem(tx, 'settlements', updated.id);
    await notify(tx, {
      userId: updated.userId,
      kind: MESSAGE_OF[to],
      params: {
        settlementId: updated.id,
        amountCents: updated.amountCents,
        feeCents: updated.feeCents,
        netCents: updated.amountCents - updated.feeCents,
        target: updated.target,
        reason,
      },
      link: LINK,
      dedupeKey: `settlement:${updated.id}:${to}`,
      now,
    });
    return updated;
  });
  const [presented] = await presentForOperator(app, [reviewed], new OperatorView(app), operator.id);
  return presented as QueuedSettlement;
}

/** One settlement as operators see it. */
export async function getSettlementForOperator(
  app: FundsApp,
  settlementId: string,
  viewer?: Pick<Actor, 'id'>,
): Promise<QueuedSettlement> {
  const row = await findSettlementById(app.platform.db, settlementId);
  if (!row) throw new AppError('Funds.SettlementNotFound');
  const [presented] = await presentForOperator(app, [row], new OperatorView(app), viewer?.id);
  return presented as QueuedSettlement;
}

/** Whether the settlement is still in the queue (in review or processing): what may be assigned. */
export async function isSettlementOpen(app: FundsApp, settlementId: string): Promise<boolean> {
  const row = await findSettlementById(app.platform.db, settlementId);
  return row?.status === 'in_review' || row?.status === 'processing';
}
