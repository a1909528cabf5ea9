import {
  type AdminRestrictions,
  fieldMessage,
  isOperatorRole,
  type Locale,
  type MyRestriction,
  RESTRICTION_AUDIT_ACTIONS,
  type RestrictRequest,
} from '@namebourse/contract';
import type { Db } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { KeyedBatcher } from '../../platform/batcher.ts';
import { AppError } from '../../platform/errors.ts';
import { currentRequestTx } from '../../platform/request-tx.ts';
import type { RestrictionLookup } from '../../platform/restrictions.ts';
import type { Sweeper } from '../../platform/sweeper.ts';
import { getUserByAccountNo, getUserById, getUsersByIds } from '../account/account.service.ts';
import { revokeAllSessions } from '../account/session.service.ts';
import { notify } from '../messages/messages.service.ts';
import { USER_ENTITY } from './admin.service.ts';
import { recordAudit } from './audit.service.ts';
import { presentRestriction, presentRestrictionNotice } from './restrictions.presenter.ts';
import {
  claimEndedRestrictions,
  findRestrictionsInForce,
  insertRestriction,
  listRestrictions,
  lockOpenRestrictions,
  markEnded,
  markLifted,
  type RestrictionRow,
} from './restrictions.repository.ts';

/**
 * Account restrictions (issue 18): an operator (support or admin) restricts an account's actions —
 * bid, buy, list, settle, api, signin — with a reason and an optional end; a refused action answers
 * Account.Restricted (platform/restrictions.ts enforces what routes declare). Decisions:
 * - One restriction applies per account: a new one replaces the current one (recorded as lifted at
 *   that moment by the operator); to widen or extend, restrict again with the whole new set.
 * - A restriction past its `until` stops applying at once (the lookup compares with the clock); the
 *   sweeper then records the end (audit `restriction_ended` by the system) and messages the user.
 * - `signin` ends every session of the account when imposed (the session check reads the database on
 *   each request, so they stop at once) and refuses sign-in while it applies; API keys are `api`'s.
 * - Operator accounts cannot be restricted (Restriction.OperatorAccount).
 * Every change is audited (entity `user`, the account number) and messaged, in one transaction.
 */

type RestrictionsApp = Pick<App, 'platform'>;

/** Where a message about a restriction leads: the help centre's contact page. */
const CONTACT_LINK = '/contact-us';

async function userByAccountNo(app: RestrictionsApp, accountNo: string) {
  const user = await getUserByAccountNo(app, accountNo);
  if (!user) throw new AppError('Admin.UserNotFound');
  return user;
}

/**
 * The lookup the platform's guard asks (provided to `platform.restrictions`): the user's restriction in
 * force, or null. Outside a request transaction concurrent checks share one statement (the guard runs
 * before any is opened); inside one (a service asking, as sign-in does) it reads through it.
 */
export function restrictionLookup(app: RestrictionsApp): RestrictionLookup {
  const { clock } = app.platform;
  const batch = new KeyedBatcher(async (_key, ids: bigint[]) => {
    const found = await findRestrictionsInForce(app.platform.db, ids, clock.now());
    return ids.map((id) => {
      const row = found.get(id.toString());
      return { ok: true as const, value: row ? presentRestrictionNotice(row) : null };
    });
  });
  return async (userId) => {
    if (currentRequestTx()) {
      const row = (await findRestrictionsInForce(app.platform.db, [userId], clock.now())).get(userId.toString());
      return row ? presentRestrictionNotice(row) : null;
    }
    return batch.submit('restrictions', userId);
  };
}

/** GET /account-manage/get-restrictions: the signed-in user's restriction in force (the console banner). */
export async function getMyRestriction(app: RestrictionsApp, userId: bigint): Promise<MyRestriction> {
  const found = await findRestrictionsInForce(app.platform.db, [userId], app.platform.clock.now());
  const row = found.get(userId.toString());
  return { restriction: row ? presentRestrictionNotice(row) : null };
}

/** The account's current restriction and its history, operators by account number. */
async function restrictionsOf(
  app: RestrictionsApp,
  user: { id: bigint; accountNo: string },
): Promise<AdminRestrictions> {
  const now = app.platform.clock.now();
  const rows = await listRestrictions(app.platform.db, user.id);
  const operatorIds = rows.flatMap((r) => [r.createdBy, r.liftedBy]).filter((id): id is bigint => id !== null);
  const operators = await getUsersByIds(app, operatorIds);
  const accountNoOf = (id: bigint | null) =>
    id === null ? null : (operators.get(id.toString())?.accountNo ?? `#${id}`);
  const history = rows.map((row) => presentRestriction(row, now, accountNoOf));
  return { accountNo: user.accountNo, current: history.find((r) => r.status === 'active') ?? null, history };
}

/** GET /admin/users/:accountNo/restrictions. */
export async function getRestrictions(app: RestrictionsApp, accountNo: string): Promise<AdminRestrictions> {
  return restrictionsOf(app, await userByAccountNo(app, accountNo));
}

/** The message params of a restriction (messages.templates.operator.ts). */
function restrictedParams(row: Pick<RestrictionRow, 'scopes' | 'reason' | 'until'>) {
  return { scopes: row.scopes.join(','), reason: row.reason, until: row.until?.toISOString() ?? null };
}

/**
 * POST /admin/users/:accountNo/restrictions: restricts the account (replacing its current restriction),
 * audited and messaged in one transaction; with `signin`, then ends every session of the account.
 */
export async function restrictAccount(
  app: App,
  operator: Pick<AuthUser, 'id' | 'role'>,
  accountNo: string,
  input: RestrictRequest,
  locale: Locale,
): Promise<AdminRestrictions> {
  const { db, clock } = app.platform;
  const user = await userByAccountNo(app, accountNo);
  if (isOperatorRole(user.role)) throw new AppError('Restriction.OperatorAccount');
  const now = clock.now();
  const until = input.until ? new Date(input.until) : null;
  if (until && until.getTime() <= now.getTime()) {
    throw new AppError('Request.Invalid', { data: { fields: { until: fieldMessage('lotEnded', locale) } } });
  }
  await db.transaction(async (tx) => {
    const open = await lockOpenRestrictions(tx, user.id);
    const current = open.find((r) => r.until === null || r.until.getTime() > now.getTime());
    await markLifted(
      tx,
      open.filter((r) => r === current).map((r) => r.id),
      { at: now, by: operator.id, reason: null },
    );
    const row = await insertRestriction(tx, {
      userId: user.id,
      scopes: [...input.scopes],
      reason: input.reason,
      until,
      createdBy: operator.id,
      createdAt: now,
      liftedAt: null,
      liftedBy: null,
      liftReason: null,
    });
    await recordAudit(tx, {
      entityType: USER_ENTITY,
      entityId: user.accountNo,
      action: RESTRICTION_AUDIT_ACTIONS.restrict,
      fromStatus: current ? current.scopes.join(',') : null,
      toStatus: row.scopes.join(','),
      // The end, language-neutral, beside the reason: the audit log viewer shows both.
      reason: until ? `${input.reason} (→ ${until.toISOString()})` : input.reason,
      actor: operator,
      now,
    });
    await notify(tx, {
      userId: user.id,
      kind: 'account_restricted',
      params: restrictedParams(row),
      link: CONTACT_LINK,
      dedupeKey: `restriction:${row.id}`,
      now,
    });
  });
  if (input.scopes.includes('signin')) await revokeAllSessions(app, user.id, 'restricted');
  return restrictionsOf(app, user);
}

/**
 * DELETE /admin/users/:accountNo/restrictions: lifts the restriction in force (Restriction.NotFound
 * when there is none), audited and messaged, with the operator's optional note.
 */
export async function liftRestriction(
  app: RestrictionsApp,
  operator: Pick<AuthUser, 'id' | 'role'>,
  accountNo: string,
  reason: string | undefined,
): Promise<AdminRestrictions> {
  const { db, clock } = app.platform;
  const user = await userByAccountNo(app, accountNo);
  const now = clock.now();
  const note = reason?.trim() || null;
  await db.transaction(async (tx) => {
    const open = await lockOpenRestrictions(tx, user.id);
    const current = open.find((r) => r.until === null || r.until.getTime() > now.getTime());
    if (!current) throw new AppError('Restriction.NotFound');
    await markLifted(tx, [current.id], { at: now, by: operator.id, reason: note });
    await recordAudit(tx, {
      entityType: USER_ENTITY,
      entityId: user.accountNo,
      action: RESTRICTION_AUDIT_ACTIONS.lift,
      fromStatus: current.scopes.join(','),
      toStatus: null,
      reason: note,
      actor: operator,
      now,
    });
    await notify(tx, {
      userId: user.id,
      kind: 'account_restriction_lifted',
      params: { reason: note },
      link: null,
      dedupeKey: `restriction:${current.id}:lifted`,
      now,
    });
  });
  return restrictionsOf(app, user);
}

/**
 * Housekeeping: a restriction past its `until` already no longer applies; the sweeper records the end
 * (lifted at `until` by nobody, audited as the system) and tells the user, once.
 */
export function registerRestrictionSweepers(app: RestrictionsApp, sweeper: Sweeper): void {
  sweeper.register<RestrictionRow>({
    name: 'admin.restrictions.end',
    batchSize: 200,
    claim: claimEndedRestrictions,
    apply: async (tx, row, now) => {
      if (!(await markEnded(tx, row))) return;
      // Read in the sweep's transaction (PGlite has one connection: a read beside it would wait for it).
      const user = await getUserById({ platform: { ...app.platform, db: tx as unknown as Db } }, row.userId);
      await recordAudit(tx, {
        entityType: USER_ENTITY,
        entityId: user?.accountNo ?? `#${row.userId}`,
        action: RESTRICTION_AUDIT_ACTIONS.end,
        fromStatus: row.scopes.join(','),
        toStatus: null,
        reason: null,
        actor: 'system',
        now,
      });
      await notify(tx, {
        userId: row.userId,
        kind: 'account_restriction_lifted',
        params: {},
        link: null,
        dedupeKey: `restriction:${row.id}:lifted`,
        now,
      });
    },
  });
}
