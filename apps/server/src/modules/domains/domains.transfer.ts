import { createHmac } from 'node:crypto';
import {
  DOMAIN_RULES,
  type DomainReason,
  type DomainStatus,
  type DomainTransfer,
  type DomainTransfersQuery,
  type ErrorCode,
  type Locale,
  type Page,
  type TransferCodeResult,
} from '@namebourse/contract';
import { RegistrarError } from '../../adapters/registrar/port.ts';
import type { Tx } from '../../db/open-database.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import { afterCommit } from '../../platform/request-tx.ts';
import { recordAudit } from '../admin/audit.service.ts';
import { notify } from '../messages/messages.service.ts';
import {
  findPendingTransfer,
  insertPendingTransfer,
  listUserTransfers,
  type TransferRow,
  updateTransferIf,
} from './domain-transfers.repository.ts';
import { type DomainsApp, recordOperation, submitNow } from './domains.operations.ts';
import { type DomainRow, findUserDomain, type OperationRow, updateDomainIf } from './domains.repository.ts';
import { restingStatus } from './domains.rules.ts';
import { domainRules, requireUserDomain, transitionDomain } from './domains.service.ts';
import { mailTransferCode } from './domains.transfer.mail.ts';
import { presentTransfer } from './domains.transfer.presenter.ts';

export { openTransferIn, requestTransferIn } from './domains.transfer.in.ts';
export {
  expireTransferCodes,
  HOME_REGISTRAR,
  statusAfterTransfer,
  TRANSFER_HANDLERS,
} from './domains.transfer.results.ts';

/**
 * Transfers out and in (spec §1, §2, §4; API.md Domains).
 *
 * Transfer out. The transfer code (TAC) is requested under MFA once the transfer-out wait is over
 * and the lock is open: the registrar issues it at once, it is shown once and e-mailed, and only
 * its hash is kept. The first request moves the domain to `transferring_out`, opens a pending
 * standard transfer (the results page) and records a `transfer_out` operation: the registrar's
 * result (the gaining registrar used the code, or not) completes it — the domain leaves My
 * domains — or fails it — the domain returns to its resting status with the code cleared. A
 * re-request (not within `authCodeReRequestMinutes`) issues a new code, which invalidates the old
 * one, and moves the same pending transfer's expiry. The domain's `pending_operation` stays
 * `transfer_out` for the whole transfer; a fast transfer and a cancellation are operations of
 * their own on the same transfer:
 * - fast transfer (only in transferring_out, after the safety checks): the pending transfer
 *   becomes kind `fast` with the gaining partner; success completes the transfer; failure puts it
 *   back to a pending *standard* transfer (the code still works until it expires) and tells the
 *   user why, who may try again or cancel;
 * - cancel: sets `cancel_requested`; success cancels the transfer and returns the domain; failure
 *   clears the flag (the transfer continues); a transfer that ended first leaves nothing to cancel
 *   (the cancel operation fails `no_pending_transfer`).
 * A transfer that ends by another path than its `transfer_out` operation (cancelled, fast,
 * expired) closes that operation too, so a late registrar answer can never act on it.
 * Code expiry: the sweeper fails a pending standard transfer whose code expired (`code_expired`).
 *
 * Transfer in (domains.transfer.in.ts, re-exported here): a pending transfer (direction in) and a `transfer_in` operation carrying the auth
 * code until it is submitted; success puts the domain in My domains (the transfer-out wait starting
 * then), failure records the registrar's reason. A seller's push of a sold domain (buying) opens the
 * same transfer into the buyer's account with the order's id, and hears of its end (onOrderTransferIn).
 */

const TRANSFER_LINK = '/console/domain/transfer-out';
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

type Actor = Pick<AuthUser, 'id' | 'role'>;

/** A refusal: the error code and its data (`reason` from DOMAIN_REASONS, and extras). */
interface Refusal {
  code: ErrorCode;
  data: { reason?: DomainReason } & Record<string, unknown>;
}

const refuse = (r: Refusal): AppError => new AppError(r.code, { data: r.data });

/** The stored hash of a transfer code (keyed with the app secret; the code itself is never stored). */
export function transferCodeHash(secret: string, domain: string, code: string): string {
  return createHmac('sha256', secret).update(`transfer-code:${domain}:${code}`).digest('hex');
}

// ---- Refusals (pure) ----

/**
 * Why a transfer code cannot be issued for `domain` now, or null. `transfer` is its pending
 * transfer out (a re-request). Order: the transfer-out wait, then the state (another operation in
 * flight, a fast push or a cancellation under way), the lock, a listing, a request too soon after
 * the last one (`authCodeIssuedAt`, also set as a claim while the registrar is asked; a request
 * holding the claim `claimedAt` passes).
 */
export function transferCodeRefusal(
  domain: Pick<
    DomainRow,
    'status' | 'pendingOperation' | 'lockStatus' | 'listed' | 'transferOutAllowedFrom' | 'authCodeIssuedAt'
  >,
  transfer: Pick<TransferRow, 'kind' | 'cancelRequested'> | undefined,
  now: Date,
  options: { claimedAt?: Date; reRequestMinutes?: number; transferOutWaitDays?: number } = {},
): Refusal | null {
  const reRequestMinutes = options.reRequestMinutes ?? DOMAIN_RULES.authCodeReRequestMinutes;
  if (now.getTime() < domain.transferOutAllowedFrom.getTime()) {
    return {
      code: 'Domain.TransferNotAllowedYet',
      data: {
        reason: 'wait_period',
        allowedFrom: domain.transferOutAllowedFrom.toISOString(),
        days: options.transferOutWaitDays ?? DOMAIN_RULES.transferOutWaitDays,
      },
    };
  }
  const failed = (reason: DomainReason, extra: Record<string, unknown> = {}): Refusal => ({
    code: 'Domain.TransferCodeFailed',
    data: { reason, ...extra },
  });
  const reRequest = domain.status === 'transferring_out';
  if (reRequest) {
    if (domain.pendingOperation !== 'transfer_out' || !transfer) return failed('state');
    if (transfer.kind !== 'standard' || transfer.cancelRequested) return failed('state');
  } else if ((domain.status !== 'normal' && domain.status !== 'renewable') || domain.pendingOperation !== null) {
    return failed('state');
  }
  if (domain.lockStatus !== 'open') return failed('locked');
  if (domain.listed) return failed('listed');
  const issued = domain.authCodeIssuedAt;
  if (issued && issued.getTime() !== options.claimedAt?.getTime()) {
    const retryAt = issued.getTime() + reRequestMinutes * MINUTE_MS;
    if (retryAt > now.getTime()) {
      return failed('too_soon', { retryAfterSeconds: Math.ceil((retryAt - now.getTime()) / 1000) });
    }
  }
  return null;
}

/** Registrar names compared as people write them (case, spaces). */
function sameRegistrar(a: string, b: string): boolean {
  const norm = (x: string) => x.trim().toLowerCase().replace(/\s+/g, ' ');
  return norm(a) === norm(b);
}

/**
 * Why a fast transfer cannot start, or null: only a domain being transferred out (its standard
 * transfer pending, no fast push or cancellation under way), then the safety checks — the code is
 * current, the gaining partner is not the registrar it is at already, the domain is not listed,
 * not under a dispute, not in its redemption period.
 */
export function fastTransferRefusal(
  domain: Pick<DomainRow, 'status' | 'listed' | 'disputed' | 'expiresAt' | 'authCodeExpiresAt' | 'registrar'>,
  transfer: Pick<TransferRow, 'kind' | 'cancelRequested'> | undefined,
  now: Date,
  /** The gaining partner: refused when the domain is already there. */
  gaining?: string,
): DomainReason | null {
  if (domain.status !== 'transferring_out' || !transfer) return 'not_transferring_out';
  if (transfer.kind !== 'standard' || transfer.cancelRequested) return 'in_progress';
  if (domain.authCodeExpiresAt === null || domain.authCodeExpiresAt.getTime() <= now.getTime()) return 'code_expired';
  if (gaining !== undefined && sameRegistrar(domain.registrar, gaining)) return 'same_registrar';
  if (domain.listed) return 'listed';
  if (domain.disputed) return 'dispute';
  const byDates = restingStatus(domain.expiresAt, now);
  if (byDates === 'in_redemption' || byDates === 'non_renewable') return 'redemption_period';
  return null;
}

// ---- Transfer code ----

/**
 * POST /api/domains/:name/transfer-code (MFA): issues the transfer code (see the file comment).
 * Three steps, the registrar asked outside any transaction: (1) under the domain's row lock, the
 * checks and a claim (`authCodeIssuedAt` = now), so a second request meanwhile (a double click) is
 * refused `too_soon` instead of asking the registrar for a code that would invalidate the first;
 * (2) the registrar issues the code (on failure the claim is released); (3) under the lock again,
 * the claim still ours, the code's hash, the status, the transfer and the operation are written.
 */
export async function requestTransferCode(
  app: DomainsApp,
  user: Actor,
  name: string,
  locale: Locale,
): Promise<TransferCodeResult> {
  const { db, clock, registrar, config } = app.platform;
  const now = clock.now();
  const rules = domainRules(app);
  const seen = await db.transaction(async (tx) => {
    const row = await requireUserDomain(tx, user.id, name, { lock: true });
    const pending =
      row.status === 'transferring_out' ? await findPendingTransfer(tx, row.name, 'out', { lock: true }) : undefined;
    const refusal = transferCodeRefusal(row, pending, now, { transferOutWaitDays: rules.transferOutWaitDays });
    if (refusal) throw refuse(refusal);
    await updateDomainIf(tx, row.id, {}, { authCodeIssuedAt: now });
    return row;
  });

  let authCode: string;
  try {
    ({ authCode } = await registrar.requestAuthCode(seen.name, now));
  } catch (err) {
    if (!(err instanceof RegistrarError)) throw err;
    app.log.warn({ err: { message: err.message }, domain: seen.name }, 'transfer code not issued');
    await releaseClaim(app, seen, now);
    throw new AppError('Domain.TransferCodeFailed', { data: { reason: 'registrar_unavailable' } });
  }

  const expiresAt = new Date(now.getTime() + rules.authCodeLifetimeDays * DAY_MS);
  const authCodeHash = transferCodeHash(config.appSecret, seen.name, authCode);
  const { transfer, ops } = await db.transaction(async (tx) => {
    const row = await requireUserDomain(tx, user.id, name, { lock: true });
    const pending = await findPendingTransfer(tx, row.name, 'out', { lock: true });
    const reRequest = row.status === 'transferring_out';
    const refusal = transferCodeRefusal(row, reRequest ? pending : undefined, now, {
      claimedAt: now,
      transferOutWaitDays: rules.transferOutWaitDays,
    });
    if (refusal) throw refuse(refusal);
    if (row.authCodeIssuedAt?.getTime() !== now.getTime()) {
      throw new AppError('Domain.TransferCodeFailed', { data: { reason: 'state' } });
    }
    const code = { authCodeHash, authCodeIssuedAt: now, authCodeExpiresAt: expiresAt };
    if (reRequest && pending) {
      const moved = await updateDomainIf(
        tx,
        row.id,
        { status: 'transferring_out', pendingOperation: 'transfer_out' },
        { ...code, updatedAt: now },
      );
      const kept = await updateTransferIf(
        tx,
        pending.id,
        { status: 'pending', kind: 'standard', cancelRequested: false },
        { authCodeExpiresAt: expiresAt, updatedAt: now },
      );
      if (!moved || !kept) throw new AppError('Domain.TransferCodeFailed', { data: { reason: 'state' } });
      await recordAudit(tx, {
        entityType: 'domain',
        entityId: row.id.toString(),
        action: 'transfer_code_reissued',
        fromStatus: 'transferring_out',
        toStatus: 'transferring_out',
        actor: user,
        now,
      });
      await notifyCodeReady(tx, user.id, row.name, kept.id, expiresAt, now);
      return { transfer: kept, ops: [] as OperationRow[] };
    }
    // A pending transfer out left over for this name (it should not exist): refuse rather than guess.
    if (pending) throw new AppError('Domain.TransferCodeFailed', { data: { reason: 'state' } });
    await transitionDomain(tx, row, 'transferring_out', {
      now,
      actor: user,
      action: 'transfer_code',
      set: { ...code, pendingOperation: 'transfer_out' },
    });
    const opened = await insertPendingTransfer(tx, {
      userId: user.id,
      domain: row.name,
      direction: 'out',
      kind: 'standard',
      status: 'pending',
      fromRegistrar: row.registrar,
      toRegistrar: null,
      authCodeExpiresAt: expiresAt,
      cancelRequested: false,
      requestedAt: now,
      updatedAt: now,
    });
    if (!opened) throw new AppError('Domain.TransferCodeFailed', { data: { reason: 'state' } });
    const op = await recordOperation(tx, {
      userId: user.id,
      domainId: row.id,
      domain: row.name,
      kind: 'transfer_out',
      transferId: opened.id,
      now,
    });
    await notifyCodeReady(tx, user.id, row.name, opened.id, expiresAt, now);
    return { transfer: opened, ops: [op] };
  });

  await afterCommit(async () => {
    await submitNow(app, ops);
    await mailTransferCode(app, user.id, transfer.domain, authCode, expiresAt, locale);
  });
  return { authCode, expiresAt: expiresAt.toISOString(), transferId: transfer.id.toString() };
}

/** Gives the claim back after the registrar failed (only if it is still ours). */
async function releaseClaim(app: DomainsApp, seen: DomainRow, claimedAt: Date): Promise<void> {
  const { db } = app.platform;
  await db.transaction(async (tx) => {
    const row = await findUserDomain(tx, seen.userId, seen.name, { lock: true });
    if (row?.authCodeIssuedAt?.getTime() !== claimedAt.getTime()) return;
    await updateDomainIf(tx, row.id, {}, { authCodeIssuedAt: seen.authCodeIssuedAt });
  });
}

function notifyCodeReady(tx: Tx, userId: bigint, domain: string, transferId: bigint, expiresAt: Date, now: Date) {
  return notify(tx, {
    userId,
    kind: 'transfer_code_ready',
    params: { domain, expiresAt: expiresAt.toISOString() },
    link: TRANSFER_LINK,
    dedupeKey: `transfer:${transferId}:code:${now.getTime()}`,
    now,
  });
}

// ---- Fast transfer, cancel ----

/** POST /api/domains/:name/fast-transfer: pushes the domain to a partner registrar (asynchronous). */
export async function requestFastTransfer(
  app: DomainsApp,
  user: Actor,
  name: string,
  gaining: string,
): Promise<{ status: DomainStatus; transferId: string }> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const { op, transfer } = await db.transaction(async (tx) => {
    const row = await requireUserDomain(tx, user.id, name, { lock: true });
    const pending =
      row.status === 'transferring_out' ? await findPendingTransfer(tx, row.name, 'out', { lock: true }) : undefined;
    const reason = fastTransferRefusal(row, pending, now, gaining);
    if (reason || !pending) throw new AppError('Domain.FastTransferFailed', { data: { reason } });
    const fast = await updateTransferIf(
      tx,
      pending.id,
      { status: 'pending', kind: 'standard', cancelRequested: false },
      { kind: 'fast', toRegistrar: gaining, updatedAt: now },
    );
    if (!fast) throw new AppError('Domain.FastTransferFailed', { data: { reason: 'in_progress' } });
    await recordAudit(tx, {
      entityType: 'domain',
      entityId: row.id.toString(),
      action: 'fast_transfer',
      fromStatus: row.status,
      toStatus: row.status,
      reason: gaining,
      actor: user,
      now,
    });
    const recorded = await recordOperation(tx, {
      userId: user.id,
      domainId: row.id,
      domain: row.name,
      kind: 'fast_transfer',
      params: { registrar: gaining },
      transferId: fast.id,
      now,
    });
    return { op: recorded, transfer: fast };
  });
  await afterCommit(() => submitNow(app, [op]));
  return { status: 'transferring_out', transferId: transfer.id.toString() };
}

/** POST /api/domains/:name/cancel-transfer: asks the registry to cancel the pending transfer out. */
export async function requestCancelTransfer(
  app: DomainsApp,
  user: Actor,
  name: string,
): Promise<{ status: DomainStatus; transferId: string }> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const { op, transfer } = await db.transaction(async (tx) => {
    const row = await requireUserDomain(tx, user.id, name, { lock: true });
    const pending =
      row.status === 'transferring_out' ? await findPendingTransfer(tx, row.name, 'out', { lock: true }) : undefined;
    if (!pending) throw new AppError('Domain.CancelTransferFailed', { data: { reason: 'no_pending_transfer' } });
    if (pending.kind !== 'standard' || pending.cancelRequested) {
      throw new AppError('Domain.CancelTransferFailed', { data: { reason: 'in_progress' } });
    }
    const asked = await updateTransferIf(
      tx,
      pending.id,
      { status: 'pending', kind: 'standard', cancelRequested: false },
      { cancelRequested: true, updatedAt: now },
    );
    if (!asked) throw new AppError('Domain.CancelTransferFailed', { data: { reason: 'in_progress' } });
    await recordAudit(tx, {
      entityType: 'domain',
      entityId: row.id.toString(),
      action: 'cancel_transfer_requested',
      fromStatus: row.status,
      toStatus: row.status,
      actor: user,
      now,
    });
    const recorded = await recordOperation(tx, {
      userId: user.id,
      domainId: row.id,
      domain: row.name,
      kind: 'cancel_transfer',
      transferId: asked.id,
      now,
    });
    return { op: recorded, transfer: asked };
  });
  await afterCommit(() => submitNow(app, [op]));
  return { status: 'transferring_out', transferId: transfer.id.toString() };
}

// ---- Results ----

/** GET /api/domains/transfers: the user's transfers out and in, newest first. */
export async function listMyTransfers(
  app: DomainsApp,
  userId: bigint,
  query: DomainTransfersQuery,
): Promise<Page<DomainTransfer>> {
  return pageOf(
    query,
    await listUserTransfers(
      app.platform.db,
      { userId, direction: query.direction, status: query.status, keyword: query.keyword || undefined },
      windowOf(query),
    ),
    presentTransfer,
  );
}
