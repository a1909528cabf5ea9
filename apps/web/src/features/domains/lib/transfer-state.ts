import type { DomainStatus, LockStatus, MyDomain } from '@namebourse/contract';

/**
 * What the transfer-out page may offer for one domain, from its state (the server decides again and refuses with
 * the same reasons; this only keeps buttons honest). `now` is the server's time in ms.
 */

/** Statuses from which a transfer code can be requested (the lifecycle table: normal and renewable → transferring_out). */
const CODE_STATUSES: readonly DomainStatus[] = ['normal', 'renewable', 'transferring_out'];

export type CodeBlock =
  /** Before transferOutAllowedFrom (Domain.TransferNotAllowedYet). */
  | 'wait_period'
  /** The transfer lock is on, or changing (reason `locked`). */
  | 'locked'
  /** Listed for sale (reason `listed`). */
  | 'listed'
  /** Another registrar operation is in flight. */
  | 'in_progress'
  /** Not in a state that allows a code (reason `state`). */
  | 'state';

/** The transfer lock is off (transfers allowed) only when `open`; turning on or off is still in flight. */
export function isLockOff(lock: LockStatus): boolean {
  return lock === 'open';
}

/** Whether the transfer-out wait has passed. */
export function isTransferOutAllowed(domain: Pick<MyDomain, 'transferOutAllowedFrom'>, now: number): boolean {
  const from = Date.parse(domain.transferOutAllowedFrom);
  return Number.isNaN(from) || from <= now;
}

type CodeDomain = Pick<MyDomain, 'status' | 'lockStatus' | 'transferOutAllowedFrom' | 'listed' | 'pendingOperation'>;

/** Why a (new) transfer code cannot be requested now; null when it can. */
export function codeBlock(domain: CodeDomain, now: number): CodeBlock | null {
  if (!CODE_STATUSES.includes(domain.status)) return 'state';
  if (!isTransferOutAllowed(domain, now)) return 'wait_period';
  if (domain.status === 'transferring_out') return isIdleTransfer(domain) ? null : 'in_progress';
  if (domain.pendingOperation) return 'in_progress';
  if (domain.listed) return 'listed';
  if (!isLockOff(domain.lockStatus)) return 'locked';
  return null;
}

/** The transfer out itself may be the operation in flight; a fast transfer or cancellation on its way is another. */
function isIdleTransfer(domain: Pick<MyDomain, 'pendingOperation'>): boolean {
  return domain.pendingOperation === null || domain.pendingOperation === 'transfer_out';
}

/** Fast transfer and cancellation need a transfer out in progress with no fast transfer or cancellation in flight. */
export function canActOnTransfer(domain: Pick<MyDomain, 'status' | 'pendingOperation'>): boolean {
  return domain.status === 'transferring_out' && isIdleTransfer(domain);
}

/** The transfer code has expired (a fast transfer needs a current one). */
export function isCodeExpired(domain: Pick<MyDomain, 'authCodeExpiresAt'>, now: number): boolean {
  if (!domain.authCodeExpiresAt) return false;
  return Date.parse(domain.authCodeExpiresAt) <= now;
}
