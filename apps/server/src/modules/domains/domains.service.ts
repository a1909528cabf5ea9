import {
  DOMAIN_RULES,
  DOMAIN_TRANSITIONS,
  type DomainDetail,
  type DomainGroup,
  type DomainGroupCreate,
  type DomainGroupUpdate,
  type DomainSettingsBody,
  type DomainStatus,
  type MyDomain,
  type MyDomainsPage,
  type MyDomainsQuery,
  type RegistryStatus,
  splitDomain,
} from '@namebourse/contract';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { AppError } from '../../platform/errors.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import { assertTransition } from '../../platform/transitions.ts';
import { type Actor, recordAudit } from '../admin/audit.service.ts';
import type { DomainsApp } from './domains.operations.ts';
import { presentDomain, presentGroup, presentOperation } from './domains.presenter.ts';
import {
  countGroups,
  type DomainListRow,
  type DomainRow,
  deleteGroup as deleteGroupRow,
  findDomainByName,
  findDomainsByNames,
  findGroup,
  findUserDomain,
  insertGroup,
  listDomainOperations,
  listGroups,
  listUserDomains,
  type NewDomainRow,
  setDomainsListed,
  updateDomainIf,
  updateGroup,
  upsertDomain,
} from './domains.repository.ts';
import { transferOutAllowedFrom } from './domains.rules.ts';

/**
 * The domains area (spec §2 /console/domain/list, §3 Domain and Group): domains that reached their
 * buyer (delivered, transferred in), their groups and notes, and the helpers the lock, transfer and
 * renewal services share. A delivered domain stays at its original registrar, in the normal
 * lifecycle state with the transfer lock closed.
 */

export type { DomainRow } from './domains.repository.ts';

const DAY_MS = 86_400_000;

/** The domains area's parameters in force (issue 18), read at use. */
export interface DomainParameterRules {
  /** Days after delivery or transfer-in before a transfer out. */
  transferOutWaitDays: number;
  /** Days a transfer code stays valid. */
  authCodeLifetimeDays: number;
}

/** The transferOutWaitDays and authCodeLifetimeDays parameters now. */
export function domainRules(app: Pick<DomainsApp, 'platform'>): DomainParameterRules {
  const { parameters } = app.platform;
  return {
    transferOutWaitDays: parameters.get('transferOutWaitDays'),
    authCodeLifetimeDays: parameters.get('authCodeLifetimeDays'),
  };
}

export interface DeliverDomainInput {
  userId: bigint;
  /** The full name, e.g. example.com. */
  domain: string;
  registrar: string;
  registeredAt: Date | null;
  expiresAt: Date | null;
  /** The order that delivered it (null for a transfer-in). */
  orderId: string | null;
  /** Until when the previous holder can still reclaim it (registry state), if at all. */
  reclaimableUntil?: Date | null;
  /** The transfer-out wait in force (`domainRules(app).transferOutWaitDays`); absent: its default (seeders, tests). */
  transferOutWaitDays?: number;
  now: Date;
}

/**
 * Delivers a domain into the user's My domains, inside the caller's transaction (the delivery
 * sweeper completes the order in the same one). Idempotent per order. The transfer-out wait starts now.
 */
export function deliverDomain(tx: Tx, input: DeliverDomainInput): Promise<DomainRow> {
  const name = input.domain.trim().toLowerCase();
  return upsertDomain(tx, {
    userId: input.userId,
    name,
    tld: splitDomain(name).tld,
    registrar: input.registrar,
    status: 'normal',
    lockStatus: 'closed',
    registeredAt: input.registeredAt,
    expiresAt: input.expiresAt,
    acquiredAt: input.now,
    orderId: input.orderId,
    groupId: null,
    notes: null,
    transferOutAllowedFrom: transferOutAllowedFrom(input.now, input.transferOutWaitDays),
    reclaimableUntil: input.reclaimableUntil ?? null,
    createdAt: input.now,
    updatedAt: input.now,
  });
}

/** Who holds a domain now (undefined when it was never delivered). */
export function findDomain(db: DbOrTx, name: string): Promise<DomainRow | undefined> {
  return findDomainByName(db, name.trim().toLowerCase());
}

/** One of the user's domains, or Domain.NotFound (a domain of another user is not found either). */
export async function requireUserDomain(
  db: DbOrTx,
  userId: bigint,
  name: string,
  options: { lock?: boolean } = {},
): Promise<DomainListRow> {
  const row = await findUserDomain(db, userId, name.trim().toLowerCase(), options);
  if (!row) throw new AppError('Domain.NotFound');
  return row;
}

export interface DomainTransitionOptions {
  now: Date;
  actor: Actor;
  /** The audit action (defaults to the target status). */
  action?: string;
  reason?: string | null;
  /** Other columns written with the status. */
  set?: Partial<NewDomainRow>;
}

/**
 * Moves a domain to `to` through DOMAIN_TRANSITIONS (Domain.InvalidTransition otherwise),
 * conditional on its current status (a concurrent change fails with the same code), audited.
 */
export async function transitionDomain(
  tx: Tx,
  domain: Pick<DomainRow, 'id' | 'status'>,
  to: DomainStatus,
  options: DomainTransitionOptions,
): Promise<DomainRow> {
  const from = domain.status as DomainStatus;
  assertTransition(DOMAIN_TRANSITIONS, from, to, 'Domain.InvalidTransition');
  const updated = await updateDomainIf(
    tx,
    domain.id,
    { status: from },
    { ...options.set, status: to, updatedAt: options.now },
  );
  if (!updated) throw new AppError('Domain.InvalidTransition', { data: { from, to } });
  await recordAudit(tx, {
    entityType: 'domain',
    entityId: domain.id.toString(),
    action: options.action ?? to,
    fromStatus: from,
    toStatus: to,
    reason: options.reason ?? null,
    actor: options.actor,
    now: options.now,
  });
  return updated;
}

// ---- Listing hook (the listings area registers; locking a listed domain delists it) ----

/** Called when turning the lock on delists a domain (spec §4), inside the transaction. */
export type DelistHook = (tx: Tx, domain: DomainRow, now: Date) => Promise<void>;
const delistHooks: DelistHook[] = [];

/** The listings area registers how it withdraws a domain's listing when the lock goes on. */
export function onDelistForLock(hook: DelistHook): () => void {
  delistHooks.push(hook);
  return () => {
    const at = delistHooks.indexOf(hook);
    if (at >= 0) delistHooks.splice(at, 1);
  };
}

/** Delists a listed domain because its lock goes on: the `listed` flag and every registered hook. */
export async function delistForLock(tx: Tx, domain: DomainRow, now: Date): Promise<void> {
  if (!domain.listed) return;
  await updateDomainIf(tx, domain.id, {}, { listed: false, updatedAt: now });
  for (const hook of delistHooks) await hook(tx, domain, now);
}

/**
 * For the listings area: the domains of these names, whoever holds them or only `userId`'s (the
 * caller checks the holder and what decides whether each can be sold: status, lock, operation,
 * dispute), locked FOR UPDATE inside the caller's transaction when `lock` (a lock change then
 * waits for the listing).
 */
export function findDomainsForListing(
  db: DbOrTx,
  names: readonly string[],
  options: { lock?: boolean; userId?: bigint } = {},
): Promise<DomainRow[]> {
  return findDomainsByNames(db, names, options);
}

/** The listings area marks domains listed (a held domain goes on sale) or not (its listing ended). */
export function setDomainsListedFlag(db: DbOrTx, ids: readonly bigint[], listed: boolean, now: Date): Promise<void> {
  return setDomainsListed(db, ids, listed, now);
}

// ---- My domains ----

/** GET /api/domains: the signed-in user's domains, filtered, sorted and paged. */
export async function listMyDomains(app: DomainsApp, userId: bigint, query: MyDomainsQuery): Promise<MyDomainsPage> {
  const now = app.platform.clock.now();
  const groupId = query.groupId === undefined ? undefined : query.groupId === 'none' ? 'none' : BigInt(query.groupId);
  const page = pageOf(
    query,
    await listUserDomains(
      app.platform.db,
      {
        userId,
        keyword: query.keyword || undefined,
        status: query.status,
        tld: query.tld || undefined,
        groupId,
        expiresBefore:
          query.expiringWithinDays === undefined
            ? undefined
            : new Date(now.getTime() + query.expiringWithinDays * DAY_MS),
        lock: query.lock,
        sort: query.sort,
      },
      windowOf(query),
    ),
    (row) => presentDomain(row, now),
  );
  return { ...page, serverTime: now.toISOString() };
}

/** The registry's view of a domain now (RDAP), or why it could not be read. */
async function registryStatus(app: DomainsApp, name: string, now: Date): Promise<RegistryStatus> {
  const rdap = app.platform.rdap;
  try {
    const record = await rdap.lookup(name, now);
    if (!record)
      return { statuses: [], expiresAt: null, lastChangedAt: null, checkedAt: now.toISOString(), error: 'not_found' };
    const date = (action: string) => record.events.find((e) => e.action === action)?.date.toISOString() ?? null;
    return {
      statuses: record.statuses,
      expiresAt: date('expiration'),
      lastChangedAt: date('last changed'),
      checkedAt: now.toISOString(),
      error: null,
    };
  } catch (err) {
    app.log.warn({ err, domain: name }, 'RDAP lookup failed');
    return {
      statuses: [],
      expiresAt: null,
      lastChangedAt: null,
      checkedAt: null,
      error: (err instanceof Error ? err.message : String(err)).slice(0, 200),
    };
  }
}

/** GET /api/domains/:name: one domain with its registry status (RDAP) and its recent operations. */
export async function getMyDomain(app: DomainsApp, userId: bigint, name: string): Promise<DomainDetail> {
  const row = await requireUserDomain(app.platform.db, userId, name);
  const now = app.platform.clock.now();
  const [registry, operations] = await Promise.all([
    registryStatus(app, row.name, now),
    listDomainOperations(app.platform.db, row.id),
  ]);
  return {
    ...presentDomain(row, now),
    serverTime: now.toISOString(),
    registry,
    operations: operations.map(presentOperation),
  };
}

/** POST /api/domains/:name/settings: the domain's group (null: ungrouped) and notes. */
export async function updateDomainSettings(
  app: DomainsApp,
  userId: bigint,
  name: string,
  body: DomainSettingsBody,
): Promise<MyDomain> {
  const { db } = app.platform;
  const now = app.platform.clock.now();
  const row = await requireUserDomain(db, userId, name);
  const set: Partial<NewDomainRow> = { updatedAt: now };
  if (body.groupId !== undefined) {
    if (body.groupId === null) set.groupId = null;
    else {
      const group = await findGroup(db, userId, BigInt(body.groupId));
      if (!group) throw new AppError('Domain.GroupNotFound');
      set.groupId = group.id;
    }
  }
  if (body.notes !== undefined) set.notes = body.notes === '' ? null : body.notes;
  await updateDomainIf(db, row.id, {}, set);
  return presentDomain(await requireUserDomain(db, userId, name), now);
}

// ---- Groups ----

export async function listMyGroups(app: DomainsApp, userId: bigint): Promise<{ items: DomainGroup[] }> {
  return { items: (await listGroups(app.platform.db, userId)).map(presentGroup) };
}

export async function createGroup(app: DomainsApp, userId: bigint, body: DomainGroupCreate): Promise<DomainGroup> {
  const { db } = app.platform;
  if ((await countGroups(db, userId)) >= DOMAIN_RULES.groupsMax) {
    throw new AppError('Domain.GroupsLimit', { data: { max: DOMAIN_RULES.groupsMax } });
  }
  const row = await insertGroup(db, {
    userId,
    name: body.name,
    description: body.description ?? '',
    now: app.platform.clock.now(),
  });
  if (!row) throw new AppError('Domain.GroupNameTaken');
  return presentGroup({ ...row, domainCount: 0 });
}

export async function updateMyGroup(
  app: DomainsApp,
  userId: bigint,
  groupId: string,
  body: DomainGroupUpdate,
): Promise<DomainGroup> {
  const { db } = app.platform;
  const result = await updateGroup(db, userId, BigInt(groupId), {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    now: app.platform.clock.now(),
  });
  if (result === 'taken') throw new AppError('Domain.GroupNameTaken');
  if (!result) throw new AppError('Domain.GroupNotFound');
  const counted = (await listGroups(db, userId)).find((g) => g.id === result.id);
  return presentGroup({ ...result, domainCount: counted?.domainCount ?? 0 });
}

export async function deleteMyGroup(app: DomainsApp, userId: bigint, groupId: string): Promise<{ deleted: true }> {
  if (!(await deleteGroupRow(app.platform.db, userId, BigInt(groupId)))) throw new AppError('Domain.GroupNotFound');
  return { deleted: true };
}

/** The group a batch assigns (null: ungroup), or Domain.GroupNotFound. */
export async function requireGroupId(db: DbOrTx, userId: bigint, groupId: string | null): Promise<bigint | null> {
  if (groupId === null) return null;
  const group = await findGroup(db, userId, BigInt(groupId));
  if (!group) throw new AppError('Domain.GroupNotFound');
  return group.id;
}
