import {
  DOMAIN_RULES,
  DOMAIN_TRANSITIONS,
  type DomainReason,
  type DomainStatus,
  LOCK_BLOCKED_STATUSES,
  type LockStatus,
} from '@namebourse/contract';

/**
 * The domains area's rules, pure (no database, no clock of its own): when a domain may be
 * transferred out, which status its dates call for, and why a lock change is refused. Services,
 * the sweeper and the batch read them from here; the tests walk them exhaustively.
 */

const DAY_MS = 86_400_000;

/** No transfer out before `from` + the transfer-out wait (delivery or transfer-in). */
export function transferOutAllowedFrom(from: Date, waitDays: number = DOMAIN_RULES.transferOutWaitDays): Date {
  return new Date(from.getTime() + waitDays * DAY_MS);
}

export interface DatedDomain {
  status: DomainStatus;
  expiresAt: Date | null;
  pendingOperation: string | null;
}

/**
 * The status a domain's dates call for at `now`, or null when they call for no change:
 * normal → renewable within `renewableWithinDays` of expiry; normal/renewable → in_redemption
 * once expired; in_redemption → non_renewable once `redemptionDays` after expiry passed. A domain
 * with an operation in flight, or in any other status, is left to that operation's result.
 */
export function dueStatus(
  domain: DatedDomain,
  now: Date,
  rules: { renewableWithinDays: number; redemptionDays: number } = DOMAIN_RULES,
): DomainStatus | null {
  if (domain.pendingOperation !== null || domain.expiresAt === null) return null;
  const expires = domain.expiresAt.getTime();
  const t = now.getTime();
  let next: DomainStatus | null = null;
  if (domain.status === 'normal' || domain.status === 'renewable') {
    if (t >= expires + rules.redemptionDays * DAY_MS) next = 'non_renewable';
    else if (t >= expires) next = 'in_redemption';
    else if (domain.status === 'normal' && t >= expires - rules.renewableWithinDays * DAY_MS) next = 'renewable';
  } else if (domain.status === 'in_redemption' && t >= expires + rules.redemptionDays * DAY_MS) {
    next = 'non_renewable';
  }
  return next !== null && DOMAIN_TRANSITIONS[domain.status].includes(next) ? next : null;
}

/** The status a domain returns to when an operation ends (renewal, cancelled transfer): by its dates. */
export function restingStatus(
  expiresAt: Date | null,
  now: Date,
  rules: { renewableWithinDays: number; redemptionDays: number } = DOMAIN_RULES,
): DomainStatus {
  if (expiresAt === null) return 'normal';
  const t = now.getTime();
  const expires = expiresAt.getTime();
  if (t >= expires + rules.redemptionDays * DAY_MS) return 'non_renewable';
  if (t >= expires) return 'in_redemption';
  if (t >= expires - rules.renewableWithinDays * DAY_MS) return 'renewable';
  return 'normal';
}

export interface LockableDomain {
  status: DomainStatus;
  lockStatus: LockStatus;
  pendingOperation: string | null;
  listed: boolean;
}

/**
 * Why the transfer lock of `domain` cannot be turned on (`locked`) or off now, or null when it
 * can. Spec §4: renewal or redemption periods block lock changes; a transfer out too. Listed
 * domains cannot be locked — but turning the lock on delists them, so `listed` is not a refusal
 * here: the service delists (see `delistForLock`).
 */
export function lockRefusal(domain: LockableDomain, locked: boolean): DomainReason | null {
  if (domain.pendingOperation !== null) return 'in_progress';
  if (LOCK_BLOCKED_STATUSES.includes(domain.status)) {
    if (domain.status === 'renewing') return 'renewal_period';
    if (domain.status === 'transferring_out') return 'transferring_out';
    return 'redemption_period';
  }
  const target: LockStatus = locked ? 'closed' : 'open';
  if (domain.lockStatus === target) return 'already';
  if (domain.lockStatus === 'opening' || domain.lockStatus === 'closing') return 'in_progress';
  return null;
}
