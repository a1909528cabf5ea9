import { BankCardsSchema } from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { listCards, removeCard } from './cards.service.ts';

const tags = ['funds'];

/** Bank cards saved with the payment provider (registered under /api by the top-up routes). */
export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/funds/cards',
    {
      schema: {
        tags,
        summary: 'My saved bank cards',
        description:
          "Cards are saved on the provider's page when a top-up is paid with them (at most FUNDS_LIMITS.cardsMax).",
        response: { 200: okSchema(BankCardsSchema) },
      },
      config: { access: 'user' },
    },
    async (request) => ok({ items: await listCards(app, requireUser(request).id) }),
  );

  app.delete(
    '/funds/cards/:cardId',
    {
      schema: {
        tags,
        summary: 'Remove a saved card (also detached at the provider)',
        description: 'Answers the cards left. Funds.CardNotFound for an unknown, removed or foreign card.',
        params: z.object({ cardId: z.string().min(1).max(64) }),
        response: { 200: okSchema(BankCardsSchema) },
      },
      config: { errors: ['Funds.CardNotFound'], access: { owner: 'card' } },
    },
    async (request) => ok({ items: await removeCard(app, requireUser(request), request.params.cardId) }),
  );
};
