import { DOMAIN_TRANSITIONS, type DomainStatus, TRANSFER_TRANSITIONS, type TransferStatus } from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import type { AfterCommit, SweepHandler } from '../../platform/sweeper.ts';
import { assertTransition } from '../../platform/transitions.ts';
import { recordAudit } from '../admin/audit.service.ts';
import { notify } from '../messages/messages.service.ts';
import { claimExpiredCodes, findTransfer, type TransferRow, updateTransferIf } from './domain-transfers.repository.ts';
import type { DomainsApp, OperationContext, OperationHandler, OperationHandlers } from './domains.operations.ts';
import {
  type DomainRow,
  deleteDomain,
  findPendingOperation,
  findUserDomain,
  type OperationRow,
  updatePendingOperation,
} from './domains.repository.ts';
import { restingStatus } from './domains.rules.ts';
import { deliverDomain, domainRules, findDomain, transitionDomain } from './domains.service.ts';

/**
 * The registrar's results of transfers (the operations sweeper calls the handlers with the domain
 * row locked) and the code-expiry sweeper step; see domains.transfer.ts for the whole flow. A
 * transfer ends once: every path ends it with a conditional update from pending, and closes the
 * transfer's own `transfer_out` operation when it ends another way, so a late answer finds nothing.
 */

const TRANSFER_LINK = '/console/domain/transfer-out';
const DOMAINS_LINK = '/console/domain/list';
/** The registrar a transferred-in domain is sponsored by (ours). */
export const HOME_REGISTRAR = 'NameBourse Registrar';

/** The status a domain returns to when its transfer out ends without leaving (by its dates). */
export function statusAfterTransfer(expiresAt: Date | null, now: Date): DomainStatus {
  const resting = restingStatus(expiresAt, now);
  return DOMAIN_TRANSITIONS.transferring_out.includes(resting) ? resting : 'in_redemption';
}

// ---- A sale's transfer in (a seller's push; buying registers the hook: domains never imports it) ----

/** How a transfer in that delivers an order ended (inside the transaction that closes it). */
export type OrderTransferInResult = { succeeded: true } | { succeeded: false; reason: string };
export type OrderTransferInHook = (
  tx: Tx,
  input: { orderId: string; domain: string; userId: bigint; result: OrderTransferInResult; now: Date },
) => Promise<void>;

let orderTransferInHook: OrderTransferInHook | undefined;

/** Buying registers what a transfer in carrying an order id does to the order (one hook; set again, replaced). */
export function onOrderTransferIn(hook: OrderTransferInHook): void {
  orderTransferInHook = hook;
}

async function orderTransferInEnded(
  tx: Tx,
  op: OperationRow,
  transfer: TransferRow,
  result: OrderTransferInResult,
  now: Date,
) {
  if (op.orderId === null || !orderTransferInHook) return;
  await orderTransferInHook(tx, { orderId: op.orderId, domain: transfer.domain, userId: transfer.userId, result, now });
}

// ---- Registrar results (the operations sweeper calls these with the domain row locked) ----

/** Ends a pending transfer through TRANSFER_TRANSITIONS, conditional on it still pending, audited. */
async function endTransfer(
  tx: Tx,
  transfer: TransferRow,
  to: Exclude<TransferStatus, 'pending'>,
  now: Date,
  set: { reason?: string | null; toRegistrar?: string | null; fromRegistrar?: string | null } = {},
): Promise<TransferRow | undefined> {
  assertTransition(TRANSFER_TRANSITIONS, transfer.status as TransferStatus, to, 'Domain.InvalidTransition');
  const ended = await updateTransferIf(
    tx,
    transfer.id,
    { status: 'pending' },
    { ...set, status: to, cancelRequested: false, finishedAt: now, updatedAt: now },
  );
  if (!ended) return undefined;
  await recordAudit(tx, {
    entityType: 'domain_transfer',
    entityId: transfer.id.toString(),
    action: to,
    fromStatus: 'pending',
    toStatus: to,
    reason: set.reason ?? null,
    actor: 'system',
    now,
  });
  return ended;
}

/** The operation's transfer, locked, while it is still pending. */
async function pendingTransferOf(tx: Tx, op: OperationRow): Promise<TransferRow | undefined> {
  if (op.transferId === null) return undefined;
  const transfer = await findTransfer(tx, op.transferId, { lock: true });
  return transfer?.status === 'pending' ? transfer : undefined;
}

/** Closes the transfer's own `transfer_out` operation when the transfer ended another way. */
async function closeTransferOutOperation(
  tx: Tx,
  transferId: bigint,
  result: { status: 'succeeded' } | { status: 'failed'; reason: string },
  now: Date,
): Promise<void> {
  const op = await findPendingOperation(tx, { transferId, kind: 'transfer_out' }, { lock: true });
  if (!op) return;
  await updatePendingOperation(tx, op.id, {
    status: result.status,
    reason: result.status === 'failed' ? result.reason : null,
    finishedAt: now,
    updatedAt: now,
  });
}

/**
 * The transfer's domain while it is still the transfer's: held by the same user and transferring
 * out (a name delivered to someone else meanwhile keeps its row id, and is not touched).
 */
function domainOfTransfer(domain: DomainRow | undefined, transfer: TransferRow): DomainRow | undefined {
  return domain?.userId === transfer.userId && domain.status === 'transferring_out' ? domain : undefined;
}

/** The domain returns from transferring_out to its resting status, its code cleared. */
async function returnFromTransfer(
  tx: Tx,
  domain: DomainRow | undefined,
  now: Date,
  action: string,
  reason: string | null,
): Promise<void> {
  if (!domain) return;
  await transitionDomain(tx, domain, statusAfterTransfer(domain.expiresAt, now), {
    now,
    actor: 'system',
    action,
    reason,
    set: { authCodeHash: null, authCodeIssuedAt: null, authCodeExpiresAt: null, pendingOperation: null },
  });
}

/** A completed transfer out: the transfer is completed, the domain leaves My domains. */
async function completeTransferOut(
  ctx: OperationContext,
  transfer: TransferRow,
  gaining: string | null,
): Promise<undefined> {
  const { tx, op, now } = ctx;
  const domain = domainOfTransfer(ctx.domain, transfer);
  const ended = await endTransfer(tx, transfer, 'completed', now, { toRegistrar: gaining });
  if (!ended) return undefined;
  if (op.kind !== 'transfer_out') await closeTransferOutOperation(tx, transfer.id, { status: 'succeeded' }, now);
  if (domain) {
    await recordAudit(tx, {
      entityType: 'domain',
      entityId: domain.id.toString(),
      action: 'transferred_out',
      fromStatus: domain.status,
      toStatus: null,
      reason: gaining,
      actor: 'system',
      now,
    });
    await deleteDomain(tx, domain.id);
  }
  await notify(tx, {
    userId: transfer.userId,
    kind: 'transfer_out_completed',
    params: { domain: transfer.domain, registrar: gaining },
    link: TRANSFER_LINK,
    dedupeKey: `transfer:${transfer.id}:completed`,
    now,
  });
  return undefined;
}

function notifyTransferOutFailed(tx: Tx, transfer: TransferRow, reason: string, key: string, now: Date) {
  return notify(tx, {
    userId: transfer.userId,
    kind: 'transfer_out_failed',
    params: { domain: transfer.domain, reason },
    link: TRANSFER_LINK,
    dedupeKey: `transfer:${transfer.id}:${key}`,
    now,
  });
}

const transferOutHandler: OperationHandler = {
  async succeeded(ctx, data) {
    const transfer = await pendingTransferOf(ctx.tx, ctx.op);
    if (!transfer) return undefined;
    return completeTransferOut(ctx, transfer, data.registrar ?? null);
  },
  async failed({ tx, op, domain, now }, reason) {
    const transfer = await pendingTransferOf(tx, op);
    if (!transfer) return undefined;
    if (!(await endTransfer(tx, transfer, 'failed', now, { reason }))) return undefined;
    await returnFromTransfer(tx, domainOfTransfer(domain, transfer), now, 'transfer_out_failed', reason);
    await notifyTransferOutFailed(tx, transfer, reason, 'failed', now);
    return undefined;
  },
};

/**
 * A fast push's result. Success completes the transfer. Failure: the push did not happen, the
 * standard transfer (and its code) stay as they were — the transfer returns to kind `standard`,
 * still pending — and the user is told why (`transfer_out_failed` with the registrar's reason);
 * they may try again or cancel.
 */
const fastTransferHandler: OperationHandler = {
  async succeeded(ctx, data) {
    const transfer = await pendingTransferOf(ctx.tx, ctx.op);
    if (!transfer) return undefined;
    return completeTransferOut(ctx, transfer, data.registrar ?? transfer.toRegistrar);
  },
  async failed({ tx, op, now }, reason) {
    const transfer = await pendingTransferOf(tx, op);
    if (transfer?.kind !== 'fast') return undefined;
    const back = await updateTransferIf(
      tx,
      transfer.id,
      { status: 'pending', kind: 'fast' },
      { kind: 'standard', toRegistrar: null, updatedAt: now },
    );
    if (!back) return undefined;
    await recordAudit(tx, {
      entityType: 'domain_transfer',
      entityId: transfer.id.toString(),
      action: 'fast_transfer_failed',
      fromStatus: 'pending',
      toStatus: 'pending',
      reason,
      actor: 'system',
      now,
    });
    await notifyTransferOutFailed(tx, transfer, reason, `fast:${op.id}`, now);
    return undefined;
  },
};

const cancelTransferHandler: OperationHandler = {
  async succeeded({ tx, op, domain, now }) {
    const transfer = await pendingTransferOf(tx, op);
    if (!transfer) {
      // The transfer ended before the registry's answer: nothing was cancelled.
      await updatePendingOperation(tx, op.id, {
        status: 'failed',
        reason: 'no_pending_transfer',
        finishedAt: now,
        updatedAt: now,
      });
      return undefined;
    }
    if (!(await endTransfer(tx, transfer, 'cancelled', now, { reason: 'cancelled' }))) return undefined;
    await closeTransferOutOperation(tx, transfer.id, { status: 'failed', reason: 'cancelled' }, now);
    await returnFromTransfer(tx, domainOfTransfer(domain, transfer), now, 'transfer_cancelled', 'cancelled');
    await notify(tx, {
      userId: transfer.userId,
      kind: 'transfer_out_cancelled',
      params: { domain: transfer.domain },
      link: TRANSFER_LINK,
      dedupeKey: `transfer:${transfer.id}:cancelled`,
      now,
    });
    return undefined;
  },
  async failed({ tx, op, now }, reason) {
    const transfer = await pendingTransferOf(tx, op);
    if (!transfer?.cancelRequested) return undefined;
    await updateTransferIf(tx, transfer.id, { status: 'pending' }, { cancelRequested: false, updatedAt: now });
    await recordAudit(tx, {
      entityType: 'domain_transfer',
      entityId: transfer.id.toString(),
      action: 'cancel_failed',
      fromStatus: 'pending',
      toStatus: 'pending',
      reason,
      actor: 'system',
      now,
    });
    await notify(tx, {
      userId: transfer.userId,
      kind: 'transfer_out_cancel_failed',
      params: { domain: transfer.domain, reason },
      link: TRANSFER_LINK,
      dedupeKey: `transfer:${transfer.id}:cancel-failed:${op.id}`,
      now,
    });
    return undefined;
  },
};

const transferInHandler: OperationHandler = {
  async succeeded({ app, tx, op, now }, data) {
    const transfer = await pendingTransferOf(tx, op);
    if (!transfer) return undefined;
    const held = await findDomain(tx, transfer.domain);
    if (held && held.userId !== transfer.userId) {
      // Someone here received the name meanwhile (a sale delivered it): do not move it silently.
      await endTransfer(tx, transfer, 'failed', now, {
        reason: 'held_by_other',
        fromRegistrar: data.registrar ?? null,
      });
      await orderTransferInEnded(tx, op, transfer, { succeeded: false, reason: 'held_by_other' }, now);
      if (op.orderId !== null) return undefined;
      await notify(tx, {
        userId: transfer.userId,
        kind: 'transfer_in_failed',
        params: { domain: transfer.domain, reason: 'held_by_other' },
        link: TRANSFER_LINK,
        dedupeKey: `transfer:${transfer.id}:failed`,
        now,
      });
      return undefined;
    }
    const date = (iso: string | undefined) => {
      const d = iso ? new Date(iso) : null;
      return d && !Number.isNaN(d.getTime()) ? d : null;
    };
    if (!held) {
      const row = await deliverDomain(tx, {
        userId: transfer.userId,
        domain: transfer.domain,
        registrar: HOME_REGISTRAR,
        registeredAt: date(data.registeredAt),
        expiresAt: date(data.expiresAt),
        orderId: op.orderId,
        transferOutWaitDays: domainRules(app).transferOutWaitDays,
        now,
      });
      await recordAudit(tx, {
        entityType: 'domain',
        entityId: row.id.toString(),
        action: 'transferred_in',
        fromStatus: null,
        toStatus: row.status,
        reason: data.registrar ?? null,
        actor: 'system',
        now,
      });
    }
    await endTransfer(tx, transfer, 'completed', now, { fromRegistrar: data.registrar ?? null });
    await orderTransferInEnded(tx, op, transfer, { succeeded: true }, now);
    // A sale's delivery: the order's own messages tell the buyer (order_delivered).
    if (op.orderId !== null) return undefined;
    await notify(tx, {
      userId: transfer.userId,
      kind: 'transfer_in_completed',
      params: { domain: transfer.domain },
      link: DOMAINS_LINK,
      dedupeKey: `transfer:${transfer.id}:completed`,
      now,
    });
    return undefined;
  },
  async failed({ tx, op, now }, reason) {
    const transfer = await pendingTransferOf(tx, op);
    if (!transfer) return undefined;
    if (!(await endTransfer(tx, transfer, 'failed', now, { reason }))) return undefined;
    await orderTransferInEnded(tx, op, transfer, { succeeded: false, reason }, now);
    if (op.orderId !== null) return undefined;
    await notify(tx, {
      userId: transfer.userId,
      kind: 'transfer_in_failed',
      params: { domain: transfer.domain, reason },
      link: TRANSFER_LINK,
      dedupeKey: `transfer:${transfer.id}:failed`,
      now,
    });
    return undefined;
  },
};

/** The transfer operations' result handlers (the lead wires them into the operations sweeper). */
export const TRANSFER_HANDLERS: OperationHandlers = {
  transfer_out: transferOutHandler,
  fast_transfer: fastTransferHandler,
  cancel_transfer: cancelTransferHandler,
  transfer_in: transferInHandler,
};

// ---- Code expiry (a sweeper step) ----

/**
 * Pending standard transfers out whose code expired: the transfer fails `code_expired`, its
 * `transfer_out` operation is closed, the domain returns to its resting status and the user is told.
 */
export function expireTransferCodes(app: Pick<DomainsApp, 'log'>): SweepHandler<TransferRow> {
  return {
    name: 'domains.transfer_codes',
    batchSize: 50,
    claim: (tx, now, limit) => claimExpiredCodes(tx, now, limit),
    async apply(tx, claimed, now): Promise<AfterCommit | undefined> {
      const transfer = await findTransfer(tx, claimed.id, { lock: true });
      if (
        transfer?.status !== 'pending' ||
        transfer.direction !== 'out' ||
        transfer.kind !== 'standard' ||
        transfer.authCodeExpiresAt === null ||
        transfer.authCodeExpiresAt > now
      ) {
        return undefined;
      }
      const domain = await findUserDomain(tx, transfer.userId, transfer.domain, { lock: true });
      if (!(await endTransfer(tx, transfer, 'failed', now, { reason: 'code_expired' }))) return undefined;
      await closeTransferOutOperation(tx, transfer.id, { status: 'failed', reason: 'code_expired' }, now);
      await returnFromTransfer(tx, domainOfTransfer(domain, transfer), now, 'transfer_code_expired', 'code_expired');
      await notifyTransferOutFailed(tx, transfer, 'code_expired', 'failed', now);
      app.log.info({ transferId: transfer.id.toString(), domain: transfer.domain }, 'transfer code expired');
      return undefined;
    },
  };
}
