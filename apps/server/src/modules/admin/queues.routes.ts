import { type OperatorRole, QueueAssignmentSchema, type ReviewQueue, rowIdText } from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../platform/app-context.ts';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { isPayeeOpen } from '../funds/payees.service.ts';
import { isSettlementOpen } from '../funds/settlements.service.ts';
import { isListingInReview } from '../listings/listings.review.ts';
import { claimQueueItem, releaseQueueItem } from './queues.service.ts';

const tags = ['admin'];

/** Each queue: who reviews it (admins hold every role), its items' id, and whether an item is in it. */
const QUEUES: Record<
  ReviewQueue,
  { roles: OperatorRole[]; id: z.ZodString; isOpen: (app: Pick<App, 'platform'>, id: string) => Promise<boolean> }
> = {
  listings: { roles: ['support'], id: rowIdText('invalid'), isOpen: isListingInReview },
  payees: { roles: ['finance'], id: z.string().trim().min(1).max(64), isOpen: isPayeeOpen },
  settlements: { roles: ['finance'], id: z.string().trim().min(1).max(64), isOpen: isSettlementOpen },
};

/**
 * Assignment of review-queue items to reviewers (issue 18), under /api: POST …/assign takes an item for
 * the signed-in operator, DELETE …/assign gives it back. The queues' lists (GET /admin/listings/review,
 * /admin/payees, /admin/settlements) show who holds each item and take `assigned=me|unassigned`.
 */
export const queuesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  for (const [queue, spec] of Object.entries(QUEUES) as [ReviewQueue, (typeof QUEUES)[ReviewQueue]][]) {
    const params = z.object({ entityId: spec.id });
    const roles = `Roles: ${spec.roles.join(', ')}, admin.`;

    app.post(
      `/admin/queues/${queue}/:entityId/assign`,
      {
        schema: {
          tags,
          summary: `Take a ${queue} queue item`,
          description:
            'Assigns the item to the signed-in reviewer; taking one’s own item again changes nothing. Of two ' +
            'reviewers taking it at once, one wins. Audited in the item’s history. Errors: Queue.ItemNotOpen ' +
            `(404: not, or no longer, in the queue), Queue.AssignedToOther (409, data.assignment: who). ${roles}`,
          params,
          response: { 200: okSchema(QueueAssignmentSchema) },
        },
        config: { access: { operator: spec.roles }, errors: ['Queue.ItemNotOpen', 'Queue.AssignedToOther'] },
      },
      async (request) => {
        const { entityId } = request.params;
        return ok(await claimQueueItem(app, requireUser(request), queue, entityId, await spec.isOpen(app, entityId)));
      },
    );

    app.delete(
      `/admin/queues/${queue}/:entityId/assign`,
      {
        schema: {
          tags,
          summary: `Give a ${queue} queue item back`,
          description:
            'Releases the item (its holder, or an admin for anyone’s); a free item stays free. Audited. Errors: ' +
            `Queue.NotAssignedToYou (409: another reviewer holds it). ${roles}`,
          params,
          response: { 200: okSchema(z.object({ assignment: z.null() })) },
        },
        config: { access: { operator: spec.roles }, errors: ['Queue.NotAssignedToYou'] },
      },
      async (request) => {
        await releaseQueueItem(app, requireUser(request), queue, request.params.entityId);
        return ok({ assignment: null });
      },
    );
  }
};
