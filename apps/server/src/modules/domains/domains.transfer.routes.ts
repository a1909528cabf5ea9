import {
  DOMAIN_RULES,
  DomainAcceptedSchema,
  DomainNameParamsSchema,
  DomainOrderResultSchema,
  DomainTransferSchema,
  DomainTransfersQuerySchema,
  FastTransferBodySchema,
  pageSchema,
  RenewBodySchema,
  TransferCodeBodySchema,
  TransferCodeResultSchema,
  TransferInBodySchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { redeemDomain, renewDomain } from './domains.renewal.ts';
import {
  listMyTransfers,
  requestCancelTransfer,
  requestFastTransfer,
  requestTransferCode,
  requestTransferIn,
} from './domains.transfer.ts';

const tags = ['domains'];
const onDomain = { owner: 'domain', id: 'name' } as const;
const EmptyBodySchema = z.object({}).optional();

/**
 * Transfers out and in, renewal and redemption (API.md Domains), registered under /api by the
 * domains module. Every change here is asynchronous: the answer says it was accepted, the
 * registrar's result arrives later (messages, the transfers list, the domain's status).
 */
export const domainTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/domains/transfers',
    {
      schema: {
        tags,
        summary: 'My transfers out and in',
        description:
          'Newest first, with status (pending, completed, cancelled, failed), the reason of a failure or ' +
          'cancellation, dates and registrars. Filters: `direction`, `status`, `keyword` (part of the name).',
        querystring: DomainTransfersQuerySchema,
        response: { 200: okSchema(pageSchema(DomainTransferSchema)) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await listMyTransfers(app, requireUser(request).id, request.query)),
  );

  app.post(
    '/domains/transfer-in',
    {
      schema: {
        tags,
        summary: 'Transfer a domain in with its auth code',
        description:
          'Starts a transfer in (pending) of a registrable name (else Request.Invalid on `domain`); the registrar completes it (the domain appears in My domains) or fails it ' +
          'with its reason (e.g. wrong_code). Domain.TransferInFailed with `data.reason`: already_held (it is yours ' +
          'already), held_by_other (another account here holds it), transfer_pending.',
        body: TransferInBodySchema,
        response: { 200: okSchema(DomainTransferSchema) },
      },
      config: { access: 'user', errors: ['Domain.TransferInFailed'] },
    },
    async (request) => ok(await requestTransferIn(app, requireUser(request), request.body, request.locale)),
  );

  app.post(
    '/domains/:name/transfer-code',
    {
      schema: {
        tags,
        summary: 'Request (or re-request) the transfer code',
        description:
          'Needs MFA (reason TRANSFER_OUT). The code is in this answer only (and e-mailed); it expires after ' +
          'the authCodeLifetimeDays parameter’s days (default 14) and a new one invalidates the previous. The first request moves ' +
          'the domain to transferring_out. Domain.TransferNotAllowedYet before `transferOutAllowedFrom` (data.allowedFrom); ' +
          'Domain.TransferCodeFailed with `data.reason`: locked (turn the lock off first), state, listed, too_soon ' +
          `(within ${DOMAIN_RULES.authCodeReRequestMinutes} minutes; data.retryAfterSeconds), registrar_unavailable. ` +
          'Not replayed by Idempotency-Key (the code is never stored).',
        params: DomainNameParamsSchema,
        body: TransferCodeBodySchema.optional(),
        response: { 200: okSchema(TransferCodeResultSchema) },
      },
      config: {
        access: onDomain,
        mfa: 'TRANSFER_OUT',
        idempotency: false,
        errors: ['Domain.NotFound', 'Domain.TransferNotAllowedYet', 'Domain.TransferCodeFailed'],
      },
    },
    async (request) => ok(await requestTransferCode(app, requireUser(request), request.params.name, request.locale)),
  );

  app.post(
    '/domains/:name/fast-transfer',
    {
      schema: {
        tags,
        summary: 'Fast transfer-out to a partner registrar',
        description:
          'Only while transferring out. Safety checks first; Domain.FastTransferFailed with `data.reason`: ' +
          'not_transferring_out, in_progress (a fast push or a cancellation is under way), code_expired, registrar (the ' +
          'domain is at that registrar already), listed, ' +
          'dispute, redemption_period. The result comes later; a failed push leaves the standard transfer pending.',
        params: DomainNameParamsSchema,
        body: FastTransferBodySchema,
        response: { 200: okSchema(DomainAcceptedSchema) },
      },
      config: { access: onDomain, errors: ['Domain.NotFound', 'Domain.FastTransferFailed'] },
    },
    async (request) =>
      ok(await requestFastTransfer(app, requireUser(request), request.params.name, request.body.registrar)),
  );

  app.post(
    '/domains/:name/cancel-transfer',
    {
      schema: {
        tags,
        summary: 'Cancel the transfer out',
        description:
          'Asked of the registry (asynchronous): on success the transfer is cancelled, the code stops working and the ' +
          'domain returns to its status. Domain.CancelTransferFailed with `data.reason`: no_pending_transfer, ' +
          'in_progress (a fast push or a cancellation is under way).',
        params: DomainNameParamsSchema,
        body: EmptyBodySchema,
        response: { 200: okSchema(DomainAcceptedSchema) },
      },
      config: { access: onDomain, errors: ['Domain.NotFound', 'Domain.CancelTransferFailed'] },
    },
    async (request) => ok(await requestCancelTransfer(app, requireUser(request), request.params.name)),
  );

  app.post(
    '/domains/:name/renew',
    {
      schema: {
        tags,
        summary: 'Renew a domain',
        description:
          `${DOMAIN_RULES.renewYearsMin}–${DOMAIN_RULES.renewYearsMax} years at the TLD's renewal price (tax added), ` +
          'paid from the available balance as an order; the domain is renewing until the registrar answers (a failure ' +
          'refunds the order). Domain.RenewalFailed with `data.reason`: not_renewable, in_progress; ' +
          'Funds.InsufficientBalance (402, requiredCents, availableCents).',
        params: DomainNameParamsSchema,
        body: RenewBodySchema,
        response: { 200: okSchema(DomainOrderResultSchema) },
      },
      config: {
        access: onDomain,
        errors: ['Domain.NotFound', 'Domain.RenewalFailed', 'Funds.InsufficientBalance'],
      },
    },
    async (request) => ok(await renewDomain(app, requireUser(request), request.params.name, request.body.years)),
  );

  app.post(
    '/domains/:name/redeem',
    {
      schema: {
        tags,
        summary: 'Redeem a domain in its redemption period',
        description:
          "At the TLD's restore fee (tax added), paid from the available balance as an order; the domain is pending " +
          'activation until the registrar answers (a failure refunds the order). Domain.RedemptionFailed with ' +
          '`data.reason`: not_redeemable, in_progress; Funds.InsufficientBalance.',
        params: DomainNameParamsSchema,
        body: EmptyBodySchema,
        response: { 200: okSchema(DomainOrderResultSchema) },
      },
      config: {
        access: onDomain,
        errors: ['Domain.NotFound', 'Domain.RedemptionFailed', 'Funds.InsufficientBalance'],
      },
    },
    async (request) => ok(await redeemDomain(app, requireUser(request), request.params.name)),
  );
};
