import {
  type QueueAssignedFilter,
  type QueueAssignment,
  type QueueState,
  queueAgeOf,
  type ReviewQueue,
} from '@namebourse/contract';
import type { DbOrTx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import { getUsersByIds } from '../account/account.service.ts';
import { type Actor, recordAudit } from './audit.service.ts';
import {
  type AssignmentRow,
  assignedEntityIds,
  deleteAssignment,
  findAssignment,
  findAssignmentsOf,
  insertAssignmentIfFree,
} from './queues.repository.ts';

/**
 * The review queues' shared mechanics (issue 18): which operator has taken an item (one at a time:
 * the first claim wins), and how long each item has waited against its queue's target (QUEUE_SLA).
 * The queues themselves (listings, payees, settlements) live in their modules, which call
 * `queueStatesOf` and `assignedFilterOf` from their list functions.
 */

type QueueApp = Pick<App, 'platform'>;
type Operator = Exclude<Actor, 'system'>;

/** The audit entity of each queue's items (the item's history shows its assignments). */
const ENTITY_TYPE: Record<ReviewQueue, string> = { listings: 'listing', payees: 'payee', settlements: 'settlement' };

async function presentAssignments(
  app: QueueApp,
  rows: AssignmentRow[],
  viewerId: bigint | undefined,
): Promise<Map<string, QueueAssignment>> {
  const operators = await getUsersByIds(
    app,
    rows.map((r) => r.operatorId),
  );
  return new Map(
    rows.map((row) => {
      const operator = operators.get(row.operatorId.toString());
      return [
        row.entityId,
        {
          operatorAccountNo: operator?.accountNo ?? `#${row.operatorId}`,
          operatorName: operator?.nickname ?? '',
          assignedAt: row.assignedAt.toISOString(),
          isMine: viewerId !== undefined && row.operatorId === viewerId,
        },
      ];
    }),
  );
}

/** The queue state (reviewer, age, late or not) of each listed item, by entity id. */
export async function queueStatesOf(
  app: QueueApp,
  queue: ReviewQueue,
  items: readonly { entityId: string; submittedAt: Date }[],
  viewerId: bigint | undefined,
): Promise<Map<string, QueueState>> {
  const now = app.platform.clock.now();
  const rows = await findAssignmentsOf(
    app.platform.db,
    queue,
    items.map((i) => i.entityId),
  );
  const assignments = await presentAssignments(app, rows, viewerId);
  return new Map(
    items.map((item) => [
      item.entityId,
      {
        assignment: assignments.get(item.entityId) ?? null,
        submittedAt: item.submittedAt.toISOString(),
        ...queueAgeOf(queue, item.submittedAt, now),
      },
    ]),
  );
}

/** A list's `assigned` filter as entity ids: only these (`me`), or all but these (`unassigned`). */
export type AssignedIds = { only: string[] } | { except: string[] } | undefined;

export async function assignedFilterOf(
  app: QueueApp,
  queue: ReviewQueue,
  assigned: QueueAssignedFilter | undefined,
  viewerId: bigint | undefined,
): Promise<AssignedIds> {
  if (assigned === 'me') {
    return { only: viewerId === undefined ? [] : await assignedEntityIds(app.platform.db, queue, viewerId) };
  }
  if (assigned === 'unassigned') return { except: await assignedEntityIds(app.platform.db, queue) };
  return undefined;
}

/**
 * Takes an open item of a queue for the operator (POST /api/admin/queues/:queue/:entityId/assign):
 * taking one's own item again changes nothing; an item another reviewer holds → Queue.AssignedToOther
 * (409, data: who); an item not (or no longer) in the queue → Queue.ItemNotOpen. Audited.
 */
export async function claimQueueItem(
  app: QueueApp,
  operator: Operator,
  queue: ReviewQueue,
  entityId: string,
  isOpen: boolean,
): Promise<QueueAssignment> {
  if (!isOpen) throw new AppError('Queue.ItemNotOpen');
  const { db, clock } = app.platform;
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const inserted = await insertAssignmentIfFree(tx, { queue, entityId, operatorId: operator.id, assignedAt: now });
    if (inserted) {
      await recordAudit(tx, { entityType: ENTITY_TYPE[queue], entityId, action: 'assign', actor: operator, now });
      return inserted;
    }
    return findAssignment(tx, queue, entityId);
  });
  // Read after the transaction (one connection on PGlite): who holds it now.
  const presented = row ? (await presentAssignments(app, [row], operator.id)).get(entityId) : undefined;
  if (!presented?.isMine) throw new AppError('Queue.AssignedToOther', { data: { assignment: presented ?? null } });
  return presented;
}

/**
 * Gives an item back to the queue (DELETE …/assign): the holder may, and an admin may release anyone's;
 * another operator's item → Queue.NotAssignedToYou. Releasing a free item changes nothing. Audited.
 */
export async function releaseQueueItem(
  app: QueueApp,
  operator: Operator,
  queue: ReviewQueue,
  entityId: string,
): Promise<void> {
  const { db, clock } = app.platform;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const held = await findAssignment(tx, queue, entityId);
    if (!held) return;
    if (held.operatorId !== operator.id && operator.role !== 'admin') throw new AppError('Queue.NotAssignedToYou');
    const removed = await deleteAssignment(tx, queue, entityId, held.operatorId);
    if (!removed) return;
    await recordAudit(tx, {
      entityType: ENTITY_TYPE[queue],
      entityId,
      action: 'release',
      actor: operator,
      now,
      ...(held.operatorId === operator.id ? {} : { reason: `released for #${held.operatorId}` }),
    });
  });
}

/** Once an item is decided it leaves the queue: its assignment goes with it (call in the deciding transaction). */
export async function clearQueueItem(tx: DbOrTx, queue: ReviewQueue, entityId: string): Promise<void> {
  await deleteAssignment(tx, queue, entityId);
}
