import type { DomainOperation, DomainOperationKind, DomainStatus, LockStatus, MyDomain } from '@namebourse/contract';

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

/** A domain as the page sees it: its pending operation and (from GET /domains/:name) its operations. */
type Operations = Pick<MyDomain, 'pendingOperation'> & {
  operations?: readonly Pick<DomainOperation, 'kind' | 'status'>[];
};

/**
 * The registrar operation the page waits for, if any. A standard transfer out stays `pendingOperation` while it
 * waits (days) for the gaining registrar, so it is not one; a fast transfer or a cancellation on its way shows
 * among the pending operations.
 */
export function activeOperation(domain: Operations): DomainOperationKind | null {
  const pushed = domain.operations?.find(
    (op) => op.status === 'pending' && (op.kind === 'fast_transfer' || op.kind === 'cancel_transfer'),
  );
  if (pushed) return pushed.kind;
  return domain.pendingOperation === 'transfer_out' ? null : domain.pendingOperation;
}

type CodeDomain = Pick<MyDomain, 'status' | 'lockStatus' | 'transferOutAllowedFrom' | 'listed'> & Operations;

/** Why a (new) transfer code cannot be requested now; null when it can. */
export function codeBlock(domain: CodeDomain, now: number): CodeBlock | null {
  if (!CODE_STATUSES.includes(domain.status)) return 'state';
  if (!isTransferOutAllowed(domain, now)) return 'wait_period';
  if (activeOperation(domain)) return 'in_progress';
  if (domain.status === 'transferring_out') return null;
  if (domain.pendingOperation) return 'in_progress';
  if (domain.listed) return 'listed';
  if (!isLockOff(domain.lockStatus)) return 'locked';
  return null;
}

/** Fast transfer and cancellation need a transfer out in progress with no fast transfer or cancellation in flight. */
export function canActOnTransfer(domain: Pick<MyDomain, 'status'> & Operations): boolean {
  return domain.status === 'transferring_out' && activeOperation(domain) === null;
}

/** The transfer code has expired (a fast transfer needs a current one). */
export function isCodeExpired(domain: Pick<MyDomain, 'authCodeExpiresAt'>, now: number): boolean {
  if (!domain.authCodeExpiresAt) return false;
  return Date.parse(domain.authCodeExpiresAt) <= now;
}
