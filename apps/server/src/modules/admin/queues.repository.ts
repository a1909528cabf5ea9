import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database.ts';
import { reviewAssignments } from '../../db/schema/index.ts';

/** The only file with SQL for review_assignments. */
export type AssignmentRow = typeof reviewAssignments.$inferSelect;

/**
 * Takes an item for an operator unless someone holds it: `insert … on conflict do nothing`, so of two
 * reviewers claiming at once exactly one row is written (the other's insert waits for the first and then
 * does nothing). Returns the row written, or undefined when the item was already held.
 */
export async function insertAssignmentIfFree(db: DbOrTx, values: AssignmentRow): Promise<AssignmentRow | undefined> {
  const rows = await db.insert(reviewAssignments).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function findAssignment(db: DbOrTx, queue: string, entityId: string): Promise<AssignmentRow | undefined> {
  const rows = await db
    .select()
    .from(reviewAssignments)
    .where(and(eq(reviewAssignments.queue, queue), eq(reviewAssignments.entityId, entityId)))
    .limit(1);
  return rows[0];
}

/** Removes the item's assignment (only the given operator's, when one is given); the row removed, if any. */
export async function deleteAssignment(
  db: DbOrTx,
  queue: string,
  entityId: string,
  operatorId?: bigint,
): Promise<AssignmentRow | undefined> {
  const rows = await db
    .delete(reviewAssignments)
    .where(
      and(
        eq(reviewAssignments.queue, queue),
        eq(reviewAssignments.entityId, entityId),
        operatorId === undefined ? undefined : eq(reviewAssignments.operatorId, operatorId),
      ),
    )
    .returning();
  return rows[0];
}

export async function findAssignmentsOf(db: DbOrTx, queue: string, entityIds: string[]): Promise<AssignmentRow[]> {
  if (entityIds.length === 0) return [];
  return db
    .select()
    .from(reviewAssignments)
    .where(and(eq(reviewAssignments.queue, queue), inArray(reviewAssignments.entityId, entityIds)));
}

/** The ids of a queue's assigned items (one operator's, when given). */
export async function assignedEntityIds(db: DbOrTx, queue: string, operatorId?: bigint): Promise<string[]> {
  const rows = await db
    .select({ entityId: reviewAssignments.entityId })
    .from(reviewAssignments)
    .where(
      and(
        eq(reviewAssignments.queue, queue),
        operatorId === undefined ? undefined : eq(reviewAssignments.operatorId, operatorId),
      ),
    );
  return rows.map((r) => r.entityId);
}
