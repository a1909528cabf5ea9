import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { auditLog } from '../../db/schema/index.ts';

/** The only file with SQL for audit_log. */
export type AuditRow = typeof auditLog.$inferSelect;

export async function insertAudit(db: DbOrTx, values: Omit<AuditRow, 'id'>): Promise<void> {
  await db.insert(auditLog).values(values);
}

export async function listAudit(db: DbOrTx, entityType: string, entityId: string): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
}
