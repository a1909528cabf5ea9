import { randomInt } from 'node:crypto';
import {
  FUNDS_LIMITS,
  fieldMessage,
  type Locale,
  type Page,
  RECHARGE_TRANSITIONS,
  type Recharge,
  type RechargeCreated,
  type RechargeMethod,
  type RechargeRequest,
  type RechargeStatus,
  rechargeFeeCents,
} from '@namebourse/contract';
import type { FastifyInstance } from 'fastify';
import type { PaymentEvent } from '../../adapters/payments/port.ts';
import type { Tx } from '../../db/open-database.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import { afterCommit } from '../../platform/request-tx.ts';
import type { AfterCommit } from '../../platform/sweeper.ts';
import { assertTransition } from '../../platform/transitions.ts';
import { recordAudit } from '../admin/audit.service.ts';
import { ledgerMemo } from '../ledger/ledger.memos.ts';
import { type Posting, transfer } from '../ledger/ledger.service.ts';
import { notify } from '../messages/messages.service.ts';
import { customerRefOf, getActiveCard, saveCardFromPayment } from './cards.service.ts';
import { presentRecharge, rechargeResultPath } from './recharge.presenter.ts';
import {
  claimExpiredRecharges,
  findRechargeOfUser,
  insertRecharge,
  listRechargesOfUser,
  lockRechargeBySession,
  type RechargeRow,
  recordWebhookEvent,
  updateRechargeIfStatus,
} from './recharge.repository.ts';

type FundsApp = Pick<FastifyInstance, 'platform' | 'log'>;

/**
 * Top-ups (spec §2/§4, ADR 0008): recharging → success / failed. The user pays the amount plus
 * the method's fee at the payment provider (its hosted page, or a saved card without a redirect);
 * only the provider's signed webhook decides the outcome. Crediting happens once whatever arrives
 * twice: the provider's event id is recorded, the recharge row is locked and moves through its
 * transition table, and the ledger transaction is keyed `recharge:<id>`.
 */

/** A recharging top-up fails this long after its checkout session expires, if the provider never answered. */
export const RECHARGE_WEBHOOK_GRACE_SECONDS = 15 * 60;

const MESSAGE_LINK = '/console/fund/recharge';

/** `R` + the UTC date + 8 random digits: readable on the phone to support, unguessable enough with the owner check. */
export function newRechargeId(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `R${day}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

function description(rechargeId: string, locale: Locale): string {
  return locale === 'zh-CN' ? `NameBourse 账户充值 ${rechargeId}` : `NameBourse account top-up ${rechargeId}`;
}

/** The top-up fee rate in force for a method (a parameter, read at use). */
export function rechargeFeeBps(app: FundsApp, method: RechargeMethod): number {
  return app.platform.parameters.get(method === 'card' ? 'rechargeFeeCardBps' : 'rechargeFeeAlipayBps');
}

/** POST /api/funds/recharge. */
export async function createRecharge(
  app: FundsApp,
  user: Pick<AuthUser, 'id' | 'role'>,
  input: RechargeRequest,
  locale: Locale,
): Promise<RechargeCreated> {
  const { db, clock, payments } = app.platform;
  if (input.cardId !== undefined && input.method !== 'card') {
    throw new AppError('Request.Invalid', { data: { fields: { cardId: fieldMessage('invalid', locale) } } });
  }
  if (input.amountCents < FUNDS_LIMITS.rechargeMinCents) {
    throw new AppError('Funds.RechargeBelowMinimum', {
      data: { fields: { amountCents: fieldMessage('rechargeMin', locale) } },
    });
  }
  const feeCents = rechargeFeeCents(input.amountCents, input.method, rechargeFeeBps(app, input.method));
  const totalCents = input.amountCents + feeCents;
  const started = clock.now();
  const rechargeId = newRechargeId(started);
  const customerRef = customerRefOf(user.id);
  const resultUrl = rechargeResultPath(rechargeId);
  const card = input.cardId !== undefined ? await getActiveCard(app, user.id, input.cardId) : null;

  // The provider is called outside any transaction of ours (it is the outside world).
  const session = card
    ? {
        ...(await payments.chargeSavedCard({
          cardToken: card.providerToken,
          customerRef,
          amountCents: totalCents,
          currency: 'USD',
          merchantRef: rechargeId,
          description: description(rechargeId, locale),
          returnUrl: resultUrl,
        })),
        url: resultUrl,
        expiresAt: new Date(started.getTime() + FUNDS_LIMITS.checkoutSessionTtlSeconds * 1000),
      }
    : await payments.createCheckoutSession({
        amountCents: totalCents,
        currency: 'USD',
        method: input.method,
        customerRef,
        merchantRef: rechargeId,
        description: description(rechargeId, locale),
        returnUrl: resultUrl,
      });

  await db.transaction(async (tx) => {
    const now = clock.now();
    await insertRecharge(tx, {
      id: rechargeId,
      userId: user.id,
      amountCents: input.amountCents,
      feeCents,
      method: input.method,
      status: 'recharging',
      provider: payments.name,
      sessionId: session.sessionId,
      payUrl: session.url,
      cardId: card?.id ?? null,
      cardLast4: card?.last4 ?? null,
      expiresAt: new Date(session.expiresAt.getTime() + RECHARGE_WEBHOOK_GRACE_SECONDS * 1000),
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, {
      entityType: 'recharge',
      entityId: rechargeId,
      action: 'create',
      toStatus: 'recharging',
      actor: user,
      now,
    });
  });

  if (card) {
    // The charge is confirmed only once the top-up is committed (inside a keyed request, after its
    // transaction): a crash or a rollback before then leaves an unconfirmed charge, which the
    // provider cancels when it expires, never a charged card without a top-up.
    await afterCommit(async () => {
      try {
        await payments.confirmCharge(session.sessionId);
      } catch (err) {
        // Nothing was charged: the provider cancels the unconfirmed charge when it expires, and so do we.
        app.log.warn({ err, rechargeId }, 'saved-card charge not confirmed');
      }
    });
  }
  return { rechargeId, sessionId: session.sessionId, payUrl: session.url, feeCents, totalCents };
}

export async function getRecharge(app: FundsApp, userId: bigint, rechargeId: string): Promise<Recharge> {
  const row = await findRechargeOfUser(app.platform.db, userId, rechargeId);
  if (!row) throw new AppError('Funds.RechargeNotFound');
  return presentRecharge(row);
}

export async function listRecharges(
  app: FundsApp,
  userId: bigint,
  query: { status?: RechargeStatus | undefined; page: number; pageSize: number },
): Promise<Page<Recharge>> {
  return pageOf(
    query,
    await listRechargesOfUser(app.platform.db, userId, { status: query.status }, windowOf(query)),
    presentRecharge,
  );
}

// ---- Outcomes: the provider's webhook and the expiry sweeper ----

interface Outcome {
  /** Work once committed: detach a card we could not keep, tell live views. */
  afterCommit: AfterCommit[];
}

function published(app: FundsApp, row: RechargeRow, status: RechargeStatus): AfterCommit {
  return () =>
    app.platform.events.publish('recharge.updated', {
      userId: row.userId.toString(),
      rechargeId: row.id,
      status,
    });
}

async function succeed(
  app: FundsApp,
  tx: Tx,
  row: RechargeRow,
  event: Extract<PaymentEvent, { type: 'payment.succeeded' }>,
  now: Date,
): Promise<Outcome> {
  if (row.status === 'success') return { afterCommit: [] };
  const totalCents = row.amountCents + row.feeCents;
  if (event.amountCents !== totalCents || event.currency !== 'USD') {
    // Signed by the provider yet not what we asked for: never credit a guess. Refused, so the provider
    // retries and the anomaly stays visible (logged) until someone looks.
    throw new AppError('Request.Invalid', {
      data: { reason: 'amount_mismatch', expectedCents: totalCents, receivedCents: event.amountCents },
    });
  }
  assertTransition(RECHARGE_TRANSITIONS, row.status, 'success', 'Recharge.InvalidTransition');
  const moved = await updateRechargeIfStatus(tx, row.id, row.status, {
    status: 'success',
    failureReason: null,
    completedAt: now,
    cardLast4: event.card?.last4 ?? row.cardLast4,
    updatedAt: now,
  });
  if (!moved) throw new AppError('Recharge.InvalidTransition');

  const postings: Posting[] = [
    { account: { platform: 'gateway' }, amountCents: -totalCents },
    { account: { userId: row.userId, bucket: 'available' }, amountCents: row.amountCents },
  ];
  if (row.feeCents > 0) postings.push({ account: { platform: 'fees' }, amountCents: row.feeCents });
  await transfer(tx, now, {
    kind: 'recharge',
    idempotencyKey: `recharge:${row.id}`,
    postings,
    ref: { type: 'recharge', id: row.id },
    memo: ledgerMemo({
      code: 'topUp',
      id: row.id,
      method: row.method,
      ...(event.card ? { brand: event.card.brand, last4: event.card.last4 } : {}),
    }),
  });
  await recordAudit(tx, {
    entityType: 'recharge',
    entityId: row.id,
    action: row.status === 'failed' ? 'late_success' : 'succeed',
    fromStatus: row.status,
    toStatus: 'success',
    actor: 'system',
    now,
  });
  await notify(tx, {
    userId: row.userId,
    kind: 'recharge_succeeded',
    params: {
      rechargeId: row.id,
      amountCents: row.amountCents,
      feeCents: row.feeCents,
      totalCents,
      method: row.method,
    },
    link: MESSAGE_LINK,
    dedupeKey: `recharge:${row.id}:success`,
    now,
  });

  const afterCommit: AfterCommit[] = [published(app, row, 'success')];
  if (event.card?.token) {
    const { detachToken } = await saveCardFromPayment(tx, {
      userId: row.userId,
      provider: row.provider,
      card: { ...event.card, token: event.card.token },
      now,
    });
    if (detachToken) {
      afterCommit.push(() => app.platform.payments.detachCard(customerRefOf(row.userId), detachToken));
    }
  }
  return { afterCommit };
}

async function fail(app: FundsApp, tx: Tx, row: RechargeRow, reason: string, now: Date): Promise<Outcome> {
  // Already decided (a failure never undoes a success; a second failure changes nothing).
  if (row.status !== 'recharging') return { afterCommit: [] };
  assertTransition(RECHARGE_TRANSITIONS, row.status, 'failed', 'Recharge.InvalidTransition');
  const failureReason = reason.slice(0, 64);
  const moved = await updateRechargeIfStatus(tx, row.id, row.status, {
    status: 'failed',
    failureReason,
    completedAt: now,
    updatedAt: now,
  });
  if (!moved) throw new AppError('Recharge.InvalidTransition');
  await recordAudit(tx, {
    entityType: 'recharge',
    entityId: row.id,
    action: 'fail',
    fromStatus: row.status,
    toStatus: 'failed',
    reason: failureReason,
    actor: 'system',
    now,
  });
  await notify(tx, {
    userId: row.userId,
    kind: 'recharge_failed',
    params: {
      rechargeId: row.id,
      amountCents: row.amountCents,
      feeCents: row.feeCents,
      totalCents: row.amountCents + row.feeCents,
      method: row.method,
      reason: failureReason,
    },
    link: MESSAGE_LINK,
    dedupeKey: `recharge:${row.id}:failed`,
    now,
  });
  return { afterCommit: [published(app, row, 'failed')] };
}

async function runAfterCommit(app: FundsApp, steps: AfterCommit[]) {
  for (const step of steps) {
    try {
      await step();
    } catch (err) {
      app.log.warn({ err }, 'recharge after-commit step failed');
    }
  }
}

/**
 * Applies a verified provider event (POST /api/payments/webhook/:provider). Returns whether it
 * was a duplicate. An event for a session we do not know is refused (Funds.RechargeNotFound), so
 * the provider retries it; nothing is recorded then.
 */
export async function applyPaymentEvent(
  app: FundsApp,
  provider: string,
  event: PaymentEvent,
): Promise<{ duplicate: boolean }> {
  const { db, clock } = app.platform;
  const result = await db.transaction(async (tx) => {
    const now = clock.now();
    const fresh = await recordWebhookEvent(tx, {
      provider,
      eventId: event.eventId,
      type: event.type === 'ignored' ? event.providerType : event.type,
      sessionId: event.sessionId,
      payload: event,
      receivedAt: now,
    });
    if (!fresh) return { duplicate: true, afterCommit: [] };
    if (event.type === 'ignored') return { duplicate: false, afterCommit: [] };
    const row = await lockRechargeBySession(tx, provider, event.sessionId);
    if (!row || row.id !== event.merchantRef) throw new AppError('Funds.RechargeNotFound');
    const outcome =
      event.type === 'payment.succeeded'
        ? await succeed(app, tx, row, event, now)
        : await fail(app, tx, row, event.failureReason, now);
    return { duplicate: false, afterCommit: outcome.afterCommit };
  });
  await runAfterCommit(app, result.afterCommit);
  return { duplicate: result.duplicate };
}

/** The sweeper: a top-up the provider never answered for fails once past its expiry. */
export function registerRechargeSweeper(app: FundsApp): void {
  app.platform.sweeper.register<RechargeRow>({
    name: 'funds.recharge.expire',
    claim: (tx, now, limit) => claimExpiredRecharges(tx, now, limit),
    apply: async (tx, row, now) => {
      const { afterCommit } = await fail(app, tx, row, 'expired', now);
      return async () => {
        for (const step of afterCommit) await step();
      };
    },
  });
}
