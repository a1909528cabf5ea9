import type { DomainOperationKind, DomainSort, DomainStatus, LockStatus } from '@namebourse/contract';
import { and, asc, desc, eq, inArray, isNull, like, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { domainGroups, domainOperations, domains } from '../../db/schema/index.ts';
import type { PageWindow } from '../../platform/paging.ts';

/** The only file with SQL for the domains, domain_groups and domain_operations tables. */
export type DomainRow = typeof domains.$inferSelect;
export type NewDomainRow = typeof domains.$inferInsert;
export type GroupRow = typeof domainGroups.$inferSelect;
export type OperationRow = typeof domainOperations.$inferSelect;
export type NewOperationRow = typeof domainOperations.$inferInsert;

/** A row of My domains with its group's name. */
export type DomainListRow = DomainRow & { groupName: string | null };

/**
 * Puts the domain in the user's My domains. A name is held by one account: a domain delivered
 * again (sold again later) moves to its new holder, with its group, notes and transfer code
 * cleared; delivering the same order twice changes nothing.
 */
export async function upsertDomain(db: DbOrTx, row: NewDomainRow): Promise<DomainRow> {
  const rows = await db
    .insert(domains)
    .values(row)
    .onConflictDoUpdate({
      target: domains.name,
      set: {
        userId: row.userId,
        tld: row.tld,
        registrar: row.registrar,
        status: row.status,
        lockStatus: row.lockStatus,
        registeredAt: row.registeredAt ?? null,
        expiresAt: row.expiresAt ?? null,
        acquiredAt: row.acquiredAt,
        orderId: row.orderId ?? null,
        groupId: null,
        notes: null,
        transferOutAllowedFrom: row.transferOutAllowedFrom,
        reclaimableUntil: row.reclaimableUntil ?? null,
        listed: false,
        pendingOperation: null,
        authCodeHash: null,
        authCodeIssuedAt: null,
        authCodeExpiresAt: null,
        updatedAt: row.updatedAt,
      },
      setWhere: sql`${domains.orderId} is distinct from excluded.order_id`,
    })
    .returning();
  if (rows[0]) return rows[0];
  const existing = await db.select().from(domains).where(eq(domains.name, row.name)).limit(1);
  return existing[0] as DomainRow;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface DomainListFilter {
  userId: bigint;
  keyword?: string | undefined;
  status?: DomainStatus | undefined;
  tld?: string | undefined;
  /** A group id, or 'none' for ungrouped. */
  groupId?: bigint | 'none' | undefined;
  /** Expiring before this time (and not expired long ago: any expiry ≤ it). */
  expiresBefore?: Date | undefined;
  lock?: LockStatus | undefined;
  sort: DomainSort;
}

const ORDERINGS: Record<DomainSort, SQL[]> = {
  acquired_desc: [desc(domains.acquiredAt), desc(domains.id)],
  expires_asc: [sql`${domains.expiresAt} asc nulls last`, asc(domains.id)],
  expires_desc: [sql`${domains.expiresAt} desc nulls last`, desc(domains.id)],
  name_asc: [asc(domains.name)],
  name_desc: [desc(domains.name)],
};

/** My domains, filtered, sorted and paged, with each one's group name. */
export async function listUserDomains(
  db: DbOrTx,
  filter: DomainListFilter,
  { limit, offset }: PageWindow,
): Promise<{ items: DomainListRow[]; total: number }> {
  const parts: SQL[] = [eq(domains.userId, filter.userId)];
  // Names are stored in lower case: `like` on the lowered keyword is `ilike` without its cost.
  if (filter.keyword) parts.push(like(domains.name, `%${escapeLike(filter.keyword.toLowerCase())}%`));
  if (filter.status) parts.push(eq(domains.status, filter.status));
  if (filter.tld) parts.push(eq(domains.tld, filter.tld));
  if (filter.groupId === 'none') parts.push(isNull(domains.groupId));
  else if (filter.groupId !== undefined) parts.push(eq(domains.groupId, filter.groupId));
  if (filter.expiresBefore) parts.push(lte(domains.expiresAt, filter.expiresBefore));
  if (filter.lock) parts.push(eq(domains.lockStatus, filter.lock));
  const where = and(...parts);
  // The page's ids first (an index-only walk, cheap even at a deep offset), then their rows.
  const page = db
    .select({ id: domains.id })
    .from(domains)
    .where(where)
    .orderBy(...ORDERINGS[filter.sort])
    .limit(limit)
    .offset(offset)
    .as('page');
  const [items, counted] = await Promise.all([
    db
      .select({ domain: domains, groupName: domainGroups.name })
      .from(page)
      .innerJoin(domains, eq(domains.id, page.id))
      .leftJoin(domainGroups, eq(domainGroups.id, domains.groupId))
      .orderBy(...ORDERINGS[filter.sort]),
    db.select({ n: sql<number>`count(*)::int` }).from(domains).where(where),
  ]);
  return {
    items: items.map((r) => ({ ...r.domain, groupName: r.groupName ?? null })),
    total: Number(counted[0]?.n ?? 0),
  };
}

export async function findDomainByName(db: DbOrTx, name: string): Promise<DomainRow | undefined> {
  const rows = await db.select().from(domains).where(eq(domains.name, name)).limit(1);
  return rows[0];
}

/** One domain of a user (locked FOR UPDATE inside a transaction when `lock`). */
export async function findUserDomain(
  db: DbOrTx,
  userId: bigint,
  name: string,
  options: { lock?: boolean } = {},
): Promise<DomainListRow | undefined> {
  const query = db
    .select({ domain: domains, groupName: domainGroups.name })
    .from(domains)
    .leftJoin(domainGroups, eq(domainGroups.id, domains.groupId))
    .where(and(eq(domains.userId, userId), eq(domains.name, name)))
    .limit(1);
  const rows = options.lock ? await query.for('update', { of: domains }) : await query;
  const row = rows[0];
  return row ? { ...row.domain, groupName: row.groupName ?? null } : undefined;
}

/** Several domains of a user by name (batch actions), unlocked. */
export async function findUserDomains(db: DbOrTx, userId: bigint, names: string[]): Promise<DomainRow[]> {
  if (names.length === 0) return [];
  return db
    .select()
    .from(domains)
    .where(and(eq(domains.userId, userId), inArray(domains.name, names)));
}

/** What a conditional update expects the row to be. */
export interface DomainExpect {
  status?: DomainStatus | readonly DomainStatus[];
  lockStatus?: LockStatus | readonly LockStatus[];
  /** null: no operation in flight. */
  pendingOperation?: DomainOperationKind | null;
}

function expectParts(expect: DomainExpect): SQL[] {
  const parts: SQL[] = [];
  if (typeof expect.status === 'string') parts.push(eq(domains.status, expect.status));
  else if (expect.status) parts.push(inArray(domains.status, [...expect.status]));
  if (typeof expect.lockStatus === 'string') parts.push(eq(domains.lockStatus, expect.lockStatus));
  else if (expect.lockStatus) parts.push(inArray(domains.lockStatus, [...expect.lockStatus]));
  if (expect.pendingOperation === null) parts.push(isNull(domains.pendingOperation));
  else if (expect.pendingOperation !== undefined) parts.push(eq(domains.pendingOperation, expect.pendingOperation));
  return parts;
}

/**
 * Updates one domain only if it still is what the caller saw (`expect`): a concurrent change makes
 * it return undefined instead of writing over it.
 */
export async function updateDomainIf(
  db: DbOrTx,
  id: bigint,
  expect: DomainExpect,
  set: Partial<NewDomainRow>,
): Promise<DomainRow | undefined> {
  const rows = await db
    .update(domains)
    .set(set)
    .where(and(eq(domains.id, id), ...expectParts(expect)))
    .returning();
  return rows[0];
}

/** `updateDomainIf` for many domains at once; returns the rows that matched and changed. */
export async function updateDomainsIf(
  db: DbOrTx,
  ids: bigint[],
  expect: DomainExpect,
  set: Partial<NewDomainRow>,
): Promise<DomainRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(domains)
    .set(set)
    .where(and(inArray(domains.id, ids), ...expectParts(expect)))
    .returning();
}

/** Removes a domain from My domains (it was transferred out). */
export async function deleteDomain(tx: Tx, id: bigint): Promise<void> {
  await tx.delete(domains).where(eq(domains.id, id));
}

/** Sets or clears the group of a user's domains by name; returns the names changed. */
export async function setGroupOf(
  db: DbOrTx,
  userId: bigint,
  names: string[],
  groupId: bigint | null,
  now: Date,
): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .update(domains)
    .set({ groupId, updatedAt: now })
    .where(and(eq(domains.userId, userId), inArray(domains.name, names)))
    .returning({ name: domains.name });
  return rows.map((r) => r.name);
}

// ---- Dates: the lifecycle sweeper ----

/**
 * Domains whose dates call for a status change at `now` (DOMAIN_RULES): normal → renewable within
 * `renewableWithinMs` of expiry; normal/renewable → in_redemption once expired; in_redemption →
 * non_renewable once the redemption period ended. Claimed FOR UPDATE SKIP LOCKED.
 */
export async function claimLifecycleDue(
  tx: Tx,
  now: Date,
  rules: { renewableWithinMs: number; redemptionMs: number },
  limit: number,
): Promise<DomainRow[]> {
  const renewableFrom = new Date(now.getTime() + rules.renewableWithinMs);
  const redemptionEndedBefore = new Date(now.getTime() - rules.redemptionMs);
  return tx
    .select()
    .from(domains)
    .where(
      and(
        isNull(domains.pendingOperation),
        sql`(
          (${domains.status} = 'normal' and ${domains.expiresAt} <= ${renewableFrom})
          or (${domains.status} = 'renewable' and ${domains.expiresAt} <= ${now})
          or (${domains.status} = 'in_redemption' and ${domains.expiresAt} <= ${redemptionEndedBefore})
        )`,
      ),
    )
    .orderBy(asc(domains.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

// ---- Groups ----

export async function listGroups(db: DbOrTx, userId: bigint): Promise<(GroupRow & { domainCount: number })[]> {
  const rows = await db
    .select({ group: domainGroups, domainCount: sql<number>`count(${domains.id})::int` })
    .from(domainGroups)
    .leftJoin(domains, eq(domains.groupId, domainGroups.id))
    .where(eq(domainGroups.userId, userId))
    .groupBy(domainGroups.id)
    .orderBy(asc(domainGroups.name), asc(domainGroups.id));
  return rows.map((r) => ({ ...r.group, domainCount: Number(r.domainCount) }));
}

export async function countGroups(db: DbOrTx, userId: bigint): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(domainGroups)
    .where(eq(domainGroups.userId, userId));
  return Number(rows[0]?.n ?? 0);
}

export async function findGroup(db: DbOrTx, userId: bigint, groupId: bigint): Promise<GroupRow | undefined> {
  const rows = await db
    .select()
    .from(domainGroups)
    .where(and(eq(domainGroups.id, groupId), eq(domainGroups.userId, userId)))
    .limit(1);
  return rows[0];
}

/** Inserts a group; undefined when the user already has one of that name (any case). */
export async function insertGroup(
  db: DbOrTx,
  row: { userId: bigint; name: string; description: string; now: Date },
): Promise<GroupRow | undefined> {
  const rows = await db
    .insert(domainGroups)
    .values({
      userId: row.userId,
      name: row.name,
      description: row.description,
      createdAt: row.now,
      updatedAt: row.now,
    })
    .onConflictDoNothing()
    .returning();
  return rows[0];
}

/** Renames or describes a group; 'taken' when another group of the user has the new name. */
export async function updateGroup(
  db: DbOrTx,
  userId: bigint,
  groupId: bigint,
  set: { name?: string; description?: string; now: Date },
): Promise<GroupRow | undefined | 'taken'> {
  try {
    const rows = await db
      .update(domainGroups)
      .set({
        ...(set.name !== undefined ? { name: set.name } : {}),
        ...(set.description !== undefined ? { description: set.description } : {}),
        updatedAt: set.now,
      })
      .where(and(eq(domainGroups.id, groupId), eq(domainGroups.userId, userId)))
      .returning();
    return rows[0];
  } catch (err) {
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Deletes a group; its domains become ungrouped (ON DELETE SET NULL). */
export async function deleteGroup(db: DbOrTx, userId: bigint, groupId: bigint): Promise<boolean> {
  const rows = await db
    .delete(domainGroups)
    .where(and(eq(domainGroups.id, groupId), eq(domainGroups.userId, userId)))
    .returning({ id: domainGroups.id });
  return rows.length > 0;
}

// ---- Registrar operations ----

export async function insertOperations(db: DbOrTx, rows: NewOperationRow[]): Promise<OperationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(domainOperations).values(rows).returning();
}

export async function findOperation(db: DbOrTx, id: bigint, options: { lock?: boolean } = {}) {
  const query = db.select().from(domainOperations).where(eq(domainOperations.id, id)).limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0];
}

/** The pending operation of a kind that belongs to a transfer (FOR UPDATE when `lock`). */
export async function findPendingOperation(
  db: DbOrTx,
  where: { transferId: bigint; kind: DomainOperationKind },
  options: { lock?: boolean } = {},
): Promise<OperationRow | undefined> {
  const query = db
    .select()
    .from(domainOperations)
    .where(
      and(
        eq(domainOperations.transferId, where.transferId),
        eq(domainOperations.kind, where.kind),
        eq(domainOperations.status, 'pending'),
      ),
    )
    .orderBy(desc(domainOperations.id))
    .limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0];
}

/** Pending operations due for a submit or a poll, claimed FOR UPDATE SKIP LOCKED. */
export async function claimDueOperations(tx: Tx, now: Date, limit: number): Promise<OperationRow[]> {
  return tx
    .select()
    .from(domainOperations)
    .where(and(eq(domainOperations.status, 'pending'), lte(domainOperations.nextCheckAt, now)))
    .orderBy(asc(domainOperations.nextCheckAt), asc(domainOperations.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Updates a pending operation (conditional on it still pending). */
export async function updatePendingOperation(
  db: DbOrTx,
  id: bigint,
  set: Partial<NewOperationRow>,
): Promise<OperationRow | undefined> {
  const rows = await db
    .update(domainOperations)
    .set(set)
    .where(and(eq(domainOperations.id, id), eq(domainOperations.status, 'pending')))
    .returning();
  return rows[0];
}

/** A domain's recent operations, newest first. */
export async function listDomainOperations(db: DbOrTx, domainId: bigint, limit = 20): Promise<OperationRow[]> {
  return db
    .select()
    .from(domainOperations)
    .where(eq(domainOperations.domainId, domainId))
    .orderBy(desc(domainOperations.createdAt), desc(domainOperations.id))
    .limit(limit);
}

// ---- The listings area: which domains can be listed, and the `listed` flag ----

/**
 * Domains by name (listing checks): whoever holds them, or only `userId`'s; locked FOR UPDATE
 * inside a transaction when `lock`.
 */
export async function findDomainsByNames(
  db: DbOrTx,
  names: readonly string[],
  options: { lock?: boolean; userId?: bigint } = {},
): Promise<DomainRow[]> {
  if (names.length === 0) return [];
  const query = db
    .select()
    .from(domains)
    .where(
      and(
        sql`${domains.name} = any(${sql.param([...names])}::text[])`,
        options.userId === undefined ? undefined : eq(domains.userId, options.userId),
      ),
    )
    .orderBy(asc(domains.id));
  return options.lock ? query.for('update') : query;
}

/** Sets the `listed` flag of these domains (the listings area: listed, delisted). */
export async function setDomainsListed(db: DbOrTx, ids: readonly bigint[], listed: boolean, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(domains)
    .set({ listed, updatedAt: now })
    .where(and(inArray(domains.id, [...ids]), sql`${domains.listed} is distinct from ${listed}`));
}
