import {
  DOMAIN_TRANSITIONS,
  type DomainOrderResult,
  type DomainReason,
  type DomainStatus,
  type ErrorCode,
  type OrderSource,
  tldPrice,
} from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { afterCommit } from '../../platform/request-tx.ts';
import { getBalances } from '../ledger/ledger.service.ts';
import { notify } from '../messages/messages.service.ts';
import { billingSnapshotOf } from '../orders/orders.buyer.ts';
import { completeOrder, createOrder, lockOrder, payOrder, refundOrder } from '../orders/orders.service.ts';
import {
  type DomainsApp,
  type OperationContext,
  type OperationHandler,
  type OperationHandlers,
  recordOperation,
  submitNow,
} from './domains.operations.ts';
import type { DomainRow, OperationRow } from './domains.repository.ts';
import { restingStatus } from './domains.rules.ts';
import { requireUserDomain, transitionDomain } from './domains.service.ts';

/**
 * Renewal and redemption (spec §2, §4): paid from the balance as an order (source `renewal` or
 * `redemption`, no seller or partner), asked of the registrar, asynchronous.
 *
 * In one transaction the order is created and paid (available balance → escrow; short of money is
 * Funds.InsufficientBalance and nothing happens), the domain moves to `renewing` (renew) or
 * `pending_activation` (redeem) with the operation in flight, and the operation is recorded with
 * its order; it is submitted after commit. The registrar's result: success → the new expiry, the
 * domain back to the status its dates call for, the order completed (escrow → registrar payables),
 * a message; failure → the order refunded (escrow → available), the domain back where it was
 * (renewable/normal by its dates, or in_redemption), a message with the reason.
 */

const DOMAINS_LINK = '/console/domain/list';

type Actor = Pick<AuthUser, 'id' | 'role'>;
type PaidKind = 'renew' | 'redeem';

const ERROR: Record<PaidKind, ErrorCode> = { renew: 'Domain.RenewalFailed', redeem: 'Domain.RedemptionFailed' };
const SOURCE: Record<PaidKind, OrderSource> = { renew: 'renewal', redeem: 'redemption' };
const DURING: Record<PaidKind, DomainStatus> = { renew: 'renewing', redeem: 'pending_activation' };

/** Why `domain` cannot be renewed (renew) or redeemed now, or null. */
export function paidOperationRefusal(
  domain: Pick<DomainRow, 'status' | 'pendingOperation'>,
  kind: PaidKind,
): DomainReason | null {
  if (kind === 'renew') {
    if (domain.status === 'renewing') return 'in_progress';
    if (domain.status !== 'normal' && domain.status !== 'renewable') return 'not_renewable';
    return domain.pendingOperation === null ? null : 'in_progress';
  }
  if (domain.status !== 'in_redemption') return 'not_redeemable';
  return domain.pendingOperation === null ? null : 'in_progress';
}

/** The price of the operation before tax: the TLD's renewal price per year, or its restore fee. */
export function paidOperationPriceCents(tld: string, kind: PaidKind, years = 1): number {
  const price = tldPrice(tld);
  return kind === 'renew' ? price.renewalCents * years : price.redemptionCents;
}

async function startPaidOperation(
  app: DomainsApp,
  user: Actor,
  name: string,
  spec: { kind: 'renew'; years: number } | { kind: 'redeem' },
): Promise<DomainOrderResult> {
  const { db, clock } = app.platform;
  const { kind } = spec;
  // Checked before the billing read so a refusal costs nothing; checked again under the lock.
  const seen = await requireUserDomain(db, user.id, name);
  const early = paidOperationRefusal(seen, kind);
  if (early) throw new AppError(ERROR[kind], { data: { reason: early } });
  const billing = await billingSnapshotOf(app, user.id);
  const now = clock.now();
  let op: OperationRow | undefined;
  const result = await db.transaction(async (tx) => {
    const row = await requireUserDomain(tx, user.id, name, { lock: true });
    const refusal = paidOperationRefusal(row, kind);
    if (refusal) throw new AppError(ERROR[kind], { data: { reason: refusal } });
    const years = spec.kind === 'renew' ? spec.years : 1;
    const order = await createOrder(tx, {
      buyerId: user.id,
      partner: null,
      source: SOURCE[kind],
      sourceRef: `d${row.id}-${now.getTime()}`,
      domain: row.name,
      amountExTaxCents: paidOperationPriceCents(row.tld, kind, years),
      taxRateBps: app.platform.parameters.get('taxRateBps'),
      now,
      actor: user,
    });
    const { availableCents } = await getBalances(tx, user.id);
    if (availableCents < order.amountCents) {
      throw new AppError('Funds.InsufficientBalance', { data: { requiredCents: order.amountCents, availableCents } });
    }
    await payOrder(tx, { order, actor: user, billing, now });
    const to = DURING[kind];
    await transitionDomain(tx, row, to, { now, actor: user, action: kind, set: { pendingOperation: kind } });
    op = await recordOperation(tx, {
      userId: user.id,
      domainId: row.id,
      domain: row.name,
      kind,
      params:
        spec.kind === 'renew'
          ? { years: spec.years, ...(row.expiresAt ? { currentExpiresAt: row.expiresAt.toISOString() } : {}) }
          : {},
      orderId: order.id,
      now,
    });
    return { orderId: order.id, amountCents: order.amountCents, status: to };
  });
  const recorded = op;
  if (recorded) await afterCommit(() => submitNow(app, [recorded]));
  return result;
}

/**
 * POST /api/domains/:name/renew: renews for `years` (1–10) at the TLD's renewal price, paid from the
 * balance. Also the batch's `renew` (it catches the AppError per domain). Domain.RenewalFailed with
 * `reason` not_renewable / in_progress; Funds.InsufficientBalance.
 */
export function renewDomain(app: DomainsApp, user: Actor, name: string, years: number): Promise<DomainOrderResult> {
  return startPaidOperation(app, user, name, { kind: 'renew', years });
}

/** POST /api/domains/:name/redeem: restores a domain in its redemption period at the restore fee. */
export function redeemDomain(app: DomainsApp, user: Actor, name: string): Promise<DomainOrderResult> {
  return startPaidOperation(app, user, name, { kind: 'redeem' });
}

// ---- Registrar results ----

function yearsOf(op: OperationRow): number {
  try {
    const years = Number((JSON.parse(op.params) as { years?: unknown }).years);
    return Number.isInteger(years) && years > 0 ? years : 1;
  } catch {
    return 1;
  }
}

function addYears(date: Date, years: number): Date {
  const next = new Date(date.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

function parseDate(iso: string | undefined): Date | null {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

/** The new expiry: the registrar's, else (renew) the old one plus the years, (redeem) a year from now. */
function newExpiry(op: OperationRow, domain: DomainRow, reported: string | undefined, now: Date): Date {
  const told = parseDate(reported);
  if (told) return told;
  if (op.kind === 'renew') return addYears(domain.expiresAt ?? now, yearsOf(op));
  return addYears(now, 1);
}

async function paidOrder(tx: Tx, op: OperationRow) {
  if (op.orderId === null) return undefined;
  const order = await lockOrder(tx, op.orderId);
  return order?.status === 'paid_awaiting_delivery' ? order : undefined;
}

function paidHandler(kind: PaidKind): OperationHandler {
  const done = kind === 'renew' ? 'domain_renewed' : 'domain_redeemed';
  const failedKind = kind === 'renew' ? 'domain_renewal_failed' : 'domain_redemption_failed';
  return {
    async succeeded(ctx: OperationContext, data) {
      const { tx, op, domain, now } = ctx;
      const order = await paidOrder(tx, op);
      if (order) await completeOrder(tx, { order, actor: 'system', now });
      let expiresAt: Date | null = parseDate(data.expiresAt);
      if (domain && domain.status === DURING[kind]) {
        expiresAt = newExpiry(op, domain, data.expiresAt, now);
        const to = settledStatus(domain.status as DomainStatus, expiresAt, now);
        await transitionDomain(tx, domain, to, {
          now,
          actor: 'system',
          action: kind === 'renew' ? 'renewed' : 'redeemed',
          set: { expiresAt, pendingOperation: null },
        });
      }
      await notify(tx, {
        userId: op.userId,
        kind: done,
        params: {
          domain: op.domain,
          ...(kind === 'renew' ? { years: yearsOf(op) } : {}),
          expiresAt: expiresAt ? expiresAt.toISOString() : null,
          orderId: op.orderId,
          amountCents: order?.amountCents ?? null,
        },
        link: DOMAINS_LINK,
        dedupeKey: `domain-op:${op.id}`,
        now,
      });
      return undefined;
    },
    async failed(ctx: OperationContext, reason) {
      const { tx, op, domain, now } = ctx;
      const order = await paidOrder(tx, op);
      if (order) await refundOrder(tx, { order, actor: 'system', now, reason });
      if (domain && domain.status === DURING[kind]) {
        const back: DomainStatus =
          kind === 'renew' ? settledStatus('renewing', domain.expiresAt, now) : 'in_redemption';
        await transitionDomain(tx, domain, back, {
          now,
          actor: 'system',
          action: kind === 'renew' ? 'renewal_failed' : 'redemption_failed',
          reason,
          set: { pendingOperation: null },
        });
      }
      await notify(tx, {
        userId: op.userId,
        kind: failedKind,
        params: {
          domain: op.domain,
          ...(kind === 'renew' ? { years: yearsOf(op) } : {}),
          orderId: op.orderId,
          amountCents: order?.amountCents ?? null,
          reason,
        },
        link: DOMAINS_LINK,
        dedupeKey: `domain-op:${op.id}`,
        now,
      });
      return undefined;
    },
  };
}

/**
 * The status a domain leaves `from` (renewing, pending_activation) for: the one its dates call for
 * when the transition table allows it; else the nearest legal one, which the dates sweeper moves on
 * from (normal → renewable, in_redemption → non_renewable).
 */
export function settledStatus(from: DomainStatus, expiresAt: Date | null, now: Date): DomainStatus {
  const resting = restingStatus(expiresAt, now);
  const allowed = DOMAIN_TRANSITIONS[from];
  if (allowed.includes(resting)) return resting;
  if (resting === 'renewable' && allowed.includes('normal')) return 'normal';
  return 'in_redemption';
}

/** Renewal and redemption results (the lead wires them into the operations sweeper). */
export const RENEWAL_HANDLERS: OperationHandlers = {
  renew: paidHandler('renew'),
  redeem: paidHandler('redeem'),
};
