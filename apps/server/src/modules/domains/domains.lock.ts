import { type DomainReason, type DomainStatus, LOCK_TRANSITIONS, type LockStatus } from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { assertTransition } from '../../platform/transitions.ts';
import { recordAudit } from '../admin/audit.service.ts';
import { notify } from '../messages/messages.service.ts';
import {
  type DomainsApp,
  type OperationHandler,
  type OperationHandlers,
  recordOperations,
  submitNow,
} from './domains.operations.ts';
import {
  type DomainRow,
  findUserDomains,
  type OperationRow,
  updateDomainIf,
  updateDomainsIf,
} from './domains.repository.ts';
import { lockRefusal } from './domains.rules.ts';
import { delistForLock, requireUserDomain } from './domains.service.ts';

/**
 * The transfer lock (spec §4): `closed` = locked, `open` = unlocked. A change is asked of the
 * registrar and is asynchronous: closed → opening → open, open → closing → closed, back to where
 * it started on failure. Renewal, redemption and transfer periods refuse a change; turning the
 * lock on delists a listed domain. One domain (the route) or many (the batch) go the same way.
 */

const DOMAINS_LINK = '/console/domain/list';

/** Up to this many operations are submitted before the answer. */
const SUBMIT_INLINE_MAX = 50;

const transitional = (locked: boolean): LockStatus => (locked ? 'closing' : 'opening');
const settled = (locked: boolean): LockStatus => (locked ? 'closed' : 'open');

export interface LockOutcome {
  /** Names whose change was accepted (now opening/closing). */
  accepted: string[];
  /** Names refused, with why. */
  refused: { name: string; reason: DomainReason }[];
}

/**
 * Asks for the lock of many of the user's domains to go on (`locked`) or off: each is checked
 * (lockRefusal), the eligible ones move to opening/closing in one conditional statement (a
 * concurrent change refuses that one with `in_progress`) with their operations recorded in the
 * same transaction, and the operations are submitted to the registrar after commit.
 */
export async function requestLocks(
  app: DomainsApp,
  user: Pick<AuthUser, 'id' | 'role'>,
  names: string[],
  locked: boolean,
): Promise<LockOutcome> {
  const { db } = app.platform;
  const now = app.platform.clock.now();
  const wanted = [...new Set(names.map((n) => n.trim().toLowerCase()))];
  const kind = locked ? 'lock' : 'unlock';
  const refused: LockOutcome['refused'] = [];
  let ops: OperationRow[] = [];
  const accepted: string[] = [];
  await db.transaction(async (tx) => {
    const rows = await findUserDomains(tx, user.id, wanted);
    const byName = new Map(rows.map((r) => [r.name, r]));
    const eligible: DomainRow[] = [];
    for (const name of wanted) {
      const row = byName.get(name);
      if (!row) {
        refused.push({ name, reason: 'not_found' });
        continue;
      }
      const why = lockRefusal(
        {
          status: row.status as DomainStatus,
          lockStatus: row.lockStatus as LockStatus,
          pendingOperation: row.pendingOperation,
          listed: row.listed,
        },
        locked,
      );
      if (why) refused.push({ name, reason: why });
      else eligible.push(row);
    }
    const from = settled(!locked);
    assertTransition(LOCK_TRANSITIONS, from, transitional(locked), 'Domain.TransferLockFailed');
    const moved = await updateDomainsIf(
      tx,
      eligible.map((r) => r.id),
      { lockStatus: from, pendingOperation: null, status: ['normal', 'renewable'] },
      { lockStatus: transitional(locked), pendingOperation: kind, updatedAt: now },
    );
    const movedIds = new Set(moved.map((r) => r.id));
    for (const row of eligible) {
      if (movedIds.has(row.id)) accepted.push(row.name);
      else refused.push({ name: row.name, reason: 'in_progress' });
    }
    if (locked) for (const row of eligible) if (movedIds.has(row.id)) await delistForLock(tx, row, now);
    ops = await recordOperations(
      tx,
      moved.map((row) => ({ userId: user.id, domainId: row.id, domain: row.name, kind, now })),
    );
  });
  // A few are submitted before answering; a large batch answers at once and is submitted in the
  // background (and by the sweeper, whatever that misses).
  if (ops.length <= SUBMIT_INLINE_MAX) await submitNow(app, ops);
  else void submitNow(app, ops);
  return { accepted, refused };
}

/** POST /api/domains/:name/transfer-lock: one domain; a refusal is Domain.TransferLockFailed with the reason. */
export async function requestLock(
  app: DomainsApp,
  user: Pick<AuthUser, 'id' | 'role'>,
  name: string,
  locked: boolean,
): Promise<{ lockStatus: LockStatus }> {
  await requireUserDomain(app.platform.db, user.id, name);
  const outcome = await requestLocks(app, user, [name], locked);
  const refusal = outcome.refused[0];
  if (refusal) throw new AppError('Domain.TransferLockFailed', { data: { reason: refusal.reason } });
  return { lockStatus: transitional(locked) };
}

/** The registrar's result of a lock change: the lock settles, or returns to where it was. */
function lockHandler(locked: boolean): OperationHandler {
  const apply = async (tx: Tx, op: OperationRow, domain: DomainRow | undefined, now: Date, reason: string | null) => {
    if (!domain) return undefined;
    const from = transitional(locked);
    const to = reason === null ? settled(locked) : settled(!locked);
    assertTransition(LOCK_TRANSITIONS, from, to, 'Domain.TransferLockFailed');
    const updated = await updateDomainIf(tx, domain.id, { lockStatus: from }, { lockStatus: to, updatedAt: now });
    if (!updated) return undefined;
    await recordAudit(tx, {
      entityType: 'domain_lock',
      entityId: domain.id.toString(),
      action: reason === null ? (locked ? 'locked' : 'unlocked') : 'lock_change_failed',
      fromStatus: from,
      toStatus: to,
      reason,
      actor: 'system',
      now,
    });
    await notify(tx, {
      userId: op.userId,
      kind: reason === null ? 'domain_lock_changed' : 'domain_lock_failed',
      params: { domain: domain.name, locked: String(locked), ...(reason === null ? {} : { reason }) },
      link: DOMAINS_LINK,
      dedupeKey: `domain-op:${op.id}`,
      now,
    });
    return undefined;
  };
  return {
    succeeded: ({ tx, op, domain, now }) => apply(tx, op, domain, now, null),
    failed: ({ tx, op, domain, now }, reason) => apply(tx, op, domain, now, reason),
  };
}

export const LOCK_HANDLERS: OperationHandlers = {
  lock: lockHandler(true),
  unlock: lockHandler(false),
};
