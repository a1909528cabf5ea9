import { and, count, desc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { PageWindow, Slice } from '../../platform/paging.ts';

/** The only file with SQL for audit_log. */
export type AuditRow = typeof auditLog.$inferSelect;

export async function insertAudit(db: DbOrTx, values: Omit<AuditRow, 'id'>): Promise<void> {
  await db.insert(auditLog).values(values);
}

/**
 * Several entries, in the given order, in one statement (column arrays: the statement has the
 * same nine parameters however many entries there are).
 */
export async function insertAudits(db: DbOrTx, values: Omit<AuditRow, 'id'>[]): Promise<void> {
  if (values.length === 0) return;
  const col = <T>(pick: (v: Omit<AuditRow, 'id'>) => T) => sql.param(values.map(pick));
  await db.execute(sql`
    insert into ${auditLog} (entity_type, entity_id, action, from_status, to_status, reason, actor_id, actor_role, created_at)
    select t, i, a, f, s, r, u, ro, c
    from unnest(
      ${col((v) => v.entityType)}::text[], ${col((v) => v.entityId)}::text[], ${col((v) => v.action)}::text[],
      ${col((v) => v.fromStatus)}::text[], ${col((v) => v.toStatus)}::text[], ${col((v) => v.reason)}::text[],
      ${col((v) => (v.actorId === null ? null : v.actorId.toString()))}::bigint[], ${col((v) => v.actorRole)}::text[],
      ${col((v) => v.createdAt.toISOString())}::timestamptz[]
    ) with ordinality as v(t, i, a, f, s, r, u, ro, c, n)
    order by n`);
}

export async function listAudit(db: DbOrTx, entityType: string, entityId: string): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
}

/** What the audit log viewer filters by (all optional; `actorId` null means the system). */
export interface AuditFilter {
  actorId?: bigint | null;
  entityType?: string;
  entityId?: string;
  action?: string;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

function auditConditions(filter: AuditFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.actorId === undefined
      ? undefined
      : filter.actorId === null
        ? isNull(auditLog.actorId)
        : eq(auditLog.actorId, filter.actorId),
    filter.entityType === undefined ? undefined : eq(auditLog.entityType, filter.entityType),
    filter.entityId === undefined ? undefined : eq(auditLog.entityId, filter.entityId),
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
    filter.from === undefined ? undefined : gte(auditLog.createdAt, filter.from),
    filter.to === undefined ? undefined : lt(auditLog.createdAt, filter.to),
  ];
  return and(...conditions);
}

/** One page of the audit log, newest first, with how many entries match. */
export async function searchAuditRows(db: DbOrTx, filter: AuditFilter, window: PageWindow): Promise<Slice<AuditRow>> {
  const where = auditConditions(filter);
  const [items, totals] = [
    await db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(window.limit)
      .offset(window.offset),
    await db.select({ total: count() }).from(auditLog).where(where),
  ];
  return { items, total: totals[0]?.total ?? 0 };
}
