import { HealthSchema } from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../platform/envelope.ts';
import { checkHealth } from './health.service.ts';

/** GET /api/health: `{ status: 'ok', database: 'ok' }` when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['platform'], summary: 'Liveness and database check', response: { 200: okSchema(HealthSchema) } },
    },
    async () => ok(await checkHealth(app)),
  );
};
