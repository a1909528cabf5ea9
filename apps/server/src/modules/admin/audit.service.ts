import type { AuditEntry } from '@namebourse/contract';
import type { DbOrTx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { getUsersByIds } from '../account/account.service.ts';
import { type AuditRow, insertAudit, insertAudits, listAudit } from './audit.repository.ts';

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

/** The recorded history of one entity, newest first, each with the acting account's number (or 'system'). */
export async function auditHistory(
  app: Pick<App, 'platform'>,
  entityType: string,
  entityId: string,
): Promise<AuditEntry[]> {
  const rows = await auditTrail(app.platform.db, entityType, entityId);
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
