import { OwnershipParamsSchema, OwnershipSchema } from '@namebourse/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { routeRateLimit } from '../../platform/rate-limit.ts';
import { checkOwnership } from './ownership.checks.ts';
import { getOwnership } from './ownership.service.ts';

const tags = ['listings'];

/**
 * Checks asked of DNS per user (else per IP): enough to retry while a record propagates, too few
 * to use us to hammer a resolver or someone's name servers.
 */
export const OWNERSHIP_CHECK_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;
/** Records shown per user (each ask of a new domain stores a token): generous, it only stops floods. */
export const OWNERSHIP_SHOW_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

const perUser = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : request.ip);

/**
 * Ownership proofs of domains held elsewhere (API.md Seller centre, issue 16), under /api: the TXT
 * record to publish and a check now. Each user has their own token per domain.
 */
export const ownershipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ownership/:domain',
    {
      schema: {
        tags,
        summary: 'The TXT record proving I hold a domain',
        description:
          'The record to publish (`_namebourse.<domain>` TXT `namebourse-verification=<token>`) and the last check. ' +
          'Made on the first ask; the same token after. For a domain held in my account here: status `verified`, ' +
          'reason `held_here`, no value to publish.',
        params: OwnershipParamsSchema,
        response: { 200: okSchema(OwnershipSchema) },
      },
      config: { access: 'user', ...routeRateLimit({ ...OWNERSHIP_SHOW_RATE_LIMIT, keyGenerator: perUser }) },
    },
    async (request) => ok(await getOwnership(app, requireUser(request).id, request.params.domain, request.locale)),
  );

  app.post(
    '/ownership/:domain',
    {
      schema: {
        tags,
        summary: 'Check the TXT record now',
        description:
          'Asks DNS for the record. Found: `verified` (listings of the domain may go on sale). Not found: 200 with ' +
          'status `failed` and `reason` (`nxdomain`, `no_record`, `wrong_token`, `timeout`, `unreachable`; ' +
          '`token_expired` when a token never proven in time was replaced) and `reasonText`. ' +
          `At most ${OWNERSHIP_CHECK_RATE_LIMIT.max} checks a minute per user.`,
        params: OwnershipParamsSchema,
        response: { 200: okSchema(OwnershipSchema) },
      },
      config: {
        access: 'user',
        ...routeRateLimit({ ...OWNERSHIP_CHECK_RATE_LIMIT, keyGenerator: perUser }),
      },
    },
    async (request) => ok(await checkOwnership(app, requireUser(request).id, request.params.domain, request.locale)),
  );
};
