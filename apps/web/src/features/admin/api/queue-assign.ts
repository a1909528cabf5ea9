import { type QueueAssignment, QueueAssignmentSchema, type ReviewQueue } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const queueAssignPath = (queue: ReviewQueue, entityId: string) =>
  `/admin/queues/${queue}/${encodeURIComponent(entityId)}/assign`;

export interface QueueItemRef {
  queue: ReviewQueue;
  entityId: string;
}

/** POST /api/admin/queues/:queue/:entityId/assign: take the item (Queue.AssignedToOther when someone holds it). */
export async function assignQueueItem({ queue, entityId }: QueueItemRef): Promise<QueueAssignment> {
  return QueueAssignmentSchema.parse(await api.post<unknown>(queueAssignPath(queue, entityId), undefined));
}

/** DELETE /api/admin/queues/:queue/:entityId/assign: give it back. */
export async function releaseQueueItem({ queue, entityId }: QueueItemRef): Promise<void> {
  await api.delete<unknown>(queueAssignPath(queue, entityId));
}

/** The queue list each queue's items come from (refreshed after a take or a give-back, won or lost). */
const LIST_KEY = {
  listings: adminKeys.listingReviews,
  payees: adminKeys.payees,
  settlements: adminKeys.settlements,
} as const;

/** Take or give back an item; the queue's list is read again either way (someone else may have won). */
export function useQueueAssignment() {
  const queryClient = useQueryClient();
  const refresh = (ref: QueueItemRef) => queryClient.invalidateQueries({ queryKey: LIST_KEY[ref.queue]() });
  const assign = useMutation({ mutationFn: assignQueueItem, onSettled: (_d, _e, ref) => refresh(ref) });
  const release = useMutation({ mutationFn: releaseQueueItem, onSettled: (_d, _e, ref) => refresh(ref) });
  return { assign, release };
}
