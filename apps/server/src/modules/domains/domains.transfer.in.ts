import {
  DOMAIN_NAME_RE,
  type DomainReason,
  type DomainTransfer,
  fieldMessage,
  type Locale,
  type TransferInBody,
} from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { afterCommit } from '../../platform/request-tx.ts';
import { insertPendingTransfer, type TransferRow } from './domain-transfers.repository.ts';
import { type DomainsApp, recordOperation, submitNow } from './domains.operations.ts';
import type { OperationRow } from './domains.repository.ts';
import { findDomain } from './domains.service.ts';
import { presentTransfer } from './domains.transfer.presenter.ts';
import { HOME_REGISTRAR } from './domains.transfer.results.ts';

/**
 * Transfers in (API.md POST /api/domains/transfer-in): a user brings a domain held elsewhere, and a
 * seller's push of a sold domain (buying/delivery.service.ts) brings it into the buyer's account
 * with the order's id, handed back with the result (domains.transfer.results.ts, onOrderTransferIn).
 */

type Actor = Pick<AuthUser, 'id' | 'role'>;

/**
 * POST /api/domains/transfer-in: starts bringing a domain held elsewhere (asynchronous). A name
 * that is not a registrable domain is Request.Invalid on `domain` (it would never arrive).
 */
export async function requestTransferIn(
  app: DomainsApp,
  user: Actor,
  body: TransferInBody,
  locale: Locale,
): Promise<DomainTransfer> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const name = body.domain.trim().toLowerCase();
  if (!DOMAIN_NAME_RE.test(name)) {
    throw new AppError('Request.Invalid', { data: { fields: { domain: fieldMessage('domainInvalid', locale) } } });
  }
  const { op, transfer } = await db.transaction((tx) =>
    openTransferIn(tx, { userId: user.id, domain: name, authCode: body.authCode, now }),
  );
  await afterCommit(() => submitNow(app, [op]));
  return presentTransfer(transfer);
}

/**
 * Opens a transfer in of `domain` (a registrable name, lower case) into `userId`'s account inside
 * the caller's transaction: a pending transfer and its `transfer_in` operation, to submit after
 * commit (submitNow). `orderId`: the sale it delivers (a seller's push), handed back with the result
 * (onOrderTransferIn). Domain.TransferInFailed when the name is held here or a transfer is pending.
 */
export async function openTransferIn(
  tx: Tx,
  input: { userId: bigint; domain: string; authCode: string; orderId?: string | null; now: Date },
): Promise<{ op: OperationRow; transfer: TransferRow }> {
  const { userId, domain: name, now } = input;
  const held = await findDomain(tx, name);
  if (held) {
    const reason: DomainReason = held.userId === userId ? 'already_held' : 'held_by_other';
    throw new AppError('Domain.TransferInFailed', { data: { reason } });
  }
  const opened = await insertPendingTransfer(tx, {
    userId,
    domain: name,
    direction: 'in',
    kind: 'standard',
    status: 'pending',
    fromRegistrar: null,
    toRegistrar: HOME_REGISTRAR,
    authCodeExpiresAt: null,
    cancelRequested: false,
    requestedAt: now,
    updatedAt: now,
  });
  if (!opened) throw new AppError('Domain.TransferInFailed', { data: { reason: 'transfer_pending' } });
  const op = await recordOperation(tx, {
    userId,
    domainId: null,
    domain: name,
    kind: 'transfer_in',
    params: { authCode: input.authCode },
    orderId: input.orderId ?? null,
    transferId: opened.id,
    now,
  });
  return { op, transfer: opened };
}
