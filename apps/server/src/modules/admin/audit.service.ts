import type { AuditEntry, AuditQuery, Page } from '@namebourse/contract';
import type { DbOrTx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import { getUserByAccountNo, getUsersByIds } from '../account/account.service.ts';
import {
  type AuditFilter,
  type AuditRow,
  insertAudit,
  insertAudits,
  listAudit,
  searchAuditRows,
} from './audit.repository.ts';

/** Who made a change: an operator or user (with their role), or the system (the sweeper, a webhook). */
export type Actor = Pick<AuthUser, 'id' | 'role'> | 'system';

export interface AuditInput {
  entityType: string;
  entityId: string;
  action: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  reason?: string | null;
  actor: Actor;
  now: Date;
}

function auditValues(input: AuditInput): Omit<AuditRow, 'id'> {
  return {
    entityType: input.entityType,
    entityId: input.entityId,
    action: input.action,
    fromStatus: input.fromStatus ?? null,
    toStatus: input.toStatus ?? null,
    reason: input.reason ?? null,
    actorId: input.actor === 'system' ? null : input.actor.id,
    actorRole: input.actor === 'system' ? 'system' : input.actor.role,
    createdAt: input.now,
  };
}

/** Records a change (who, what, when) in the same transaction as the change itself. */
export async function recordAudit(db: DbOrTx, input: AuditInput): Promise<void> {
  await insertAudit(db, auditValues(input));
}

/** Records many changes at once (a sweep closing many lots), in the given order, in one statement. */
export async function recordAudits(db: DbOrTx, inputs: AuditInput[]): Promise<void> {
  await insertAudits(db, inputs.map(auditValues));
}

/** The history of one entity, newest first. */
export function auditTrail(db: DbOrTx, entityType: string, entityId: string): Promise<AuditRow[]> {
  return listAudit(db, entityType, entityId);
}

/** One recorded change as the consoles show it, with the acting account's number (or 'system'). */
export function presentAuditEntry(row: AuditRow, actor: string): AuditEntry {
  return {
    id: row.id.toString(),
    entityType: row.entityType,
    entityId: row.entityId,
    action: row.action,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    reason: row.reason,
    actor,
    actorRole: row.actorRole,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Rows presented with the acting accounts' numbers (or 'system'). */
async function presentWithActors(app: Pick<App, 'platform'>, rows: AuditRow[]): Promise<AuditEntry[]> {
  const actors = await getUsersByIds(
    app,
    rows.flatMap((r) => (r.actorId === null ? [] : [r.actorId])),
  );
  return rows.map((row) =>
    presentAuditEntry(
      row,
      row.actorId === null ? 'system' : (actors.get(row.actorId.toString())?.accountNo ?? `#${row.actorId}`),
    ),
  );
}

/** The recorded history of one entity, newest first, each with the acting account's number (or 'system'). */
export async function auditHistory(
  app: Pick<App, 'platform'>,
  entityType: string,
  entityId: string,
): Promise<AuditEntry[]> {
  return presentWithActors(app, await auditTrail(app.platform.db, entityType, entityId));
}

/** The system's own changes are filed under this actor (the sweeper, webhooks). */
export const SYSTEM_ACTOR = 'system';

/** A `from`/`to` filter value as a moment: a day alone is midnight UTC (`to` then means the end of that day). */
function boundOf(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00.000Z`);
    return end ? new Date(day.getTime() + 24 * 3600 * 1000) : day;
  }
  // A time without an offset is UTC.
  const at = new Date(/(?:Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`);
  return end ? new Date(at.getTime() + 1) : at;
}

/**
 * GET /admin/audit: the audit log, newest first, filtered by actor (an account number, or `system`),
 * entity type and id, action and a time range (`to` inclusive). An unknown actor matches nothing.
 */
export async function searchAudit(app: Pick<App, 'platform'>, query: AuditQuery): Promise<Page<AuditEntry>> {
  const filter: AuditFilter = {};
  if (query.actor !== undefined) {
    if (query.actor.toLowerCase() === SYSTEM_ACTOR) filter.actorId = null;
    else {
      const actor = await getUserByAccountNo(app, query.actor);
      if (!actor) return pageOf(query, { items: [], total: 0 });
      filter.actorId = actor.id;
    }
  }
  if (query.entity !== undefined) filter.entityType = query.entity;
  if (query.entityId !== undefined) filter.entityId = query.entityId;
  if (query.action !== undefined) filter.action = query.action;
  if (query.from !== undefined) filter.from = boundOf(query.from, false);
  if (query.to !== undefined) filter.to = boundOf(query.to, true);
  const slice = await searchAuditRows(app.platform.db, filter, windowOf(query));
  return pageOf(query, { items: await presentWithActors(app, slice.items), total: slice.total });
}
