import { HealthSchema } from '@namebourse/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { ok, okSchema } from '../../platform/envelope.ts';

/** GET /api/health: `{ status: 'ok', database: 'ok' }` when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['platform'], summary: 'Liveness and database check', response: { 200: okSchema(HealthSchema) } },
    },
    async () => {
      try {
        await app.platform.db.execute(sql`select 1`);
      } catch (err) {
        throw new AppError('Request.Unavailable', { cause: err });
      }
      return ok({ status: 'ok' as const, database: 'ok' as const });
    },
  );
};
