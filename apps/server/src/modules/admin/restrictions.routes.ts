import {
  AdminRestrictionsSchema,
  LiftRestrictionRequestSchema,
  MyRestrictionSchema,
  RESTRICTION_SCOPES,
  RestrictRequestSchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import {
  getMyRestriction,
  getRestrictions,
  liftRestriction,
  registerRestrictionSweepers,
  restrictAccount,
  restrictionLookup,
} from './restrictions.service.ts';

const tags = ['admin'];
const accountParams = z.object({ accountNo: z.string().trim().min(1).max(20) });
/** Support agents and admins restrict and lift; finance reviewers only see. */
const restrictors = { operator: ['support' as const] };
const viewers = { operator: ['support' as const, 'finance' as const] };

/**
 * Account restrictions (registered under /api): the operator's view, restrict and lift under
 * /admin/users/:accountNo/restrictions, and the signed-in user's own restriction for the console
 * banner; the lookup the platform's guard asks and the sweeper that records natural ends. Enforcement
 * is the platform's (routes declare `config.restrict`).
 */
export const restrictionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The admin module owns restrictions: it gives the platform's guard its lookup and records natural ends.
  app.platform.restrictions.provideLookup(restrictionLookup(app));
  registerRestrictionSweepers(app, app.platform.sweeper);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/admin/users/:accountNo/restrictions',
    {
      schema: {
        tags,
        summary: 'A user’s restriction in force and its history',
        description:
          'The current restriction (null when none applies) and every restriction, newest first, with who imposed ' +
          'and lifted it. Admin.UserNotFound (404) for an unknown account number. Roles: support, finance, admin.',
        params: accountParams,
        response: { 200: okSchema(AdminRestrictionsSchema) },
      },
      config: { access: viewers, errors: ['Admin.UserNotFound'] },
    },
    async (request) => ok(await getRestrictions(app, request.params.accountNo)),
  );

  app.post(
    '/admin/users/:accountNo/restrictions',
    {
      schema: {
        tags,
        summary: 'Restrict an account',
        description:
          `Refuses the account the scopes given (${RESTRICTION_SCOPES.join(', ')}) with Account.Restricted, ` +
          'naming the reason, until `until` (an ISO time in the future: Request.Invalid otherwise) or until lifted. ' +
          'One restriction applies at a time: this one replaces the current one. `signin` also ends every session ' +
          'of the account. Audited and messaged to the user. Errors: Admin.UserNotFound, ' +
          'Restriction.OperatorAccount (operators cannot be restricted). Roles: support, admin.',
        params: accountParams,
        body: RestrictRequestSchema,
        response: { 200: okSchema(AdminRestrictionsSchema) },
      },
      config: { access: restrictors, errors: ['Admin.UserNotFound', 'Restriction.OperatorAccount'] },
    },
    async (request) =>
      ok(await restrictAccount(app, requireUser(request), request.params.accountNo, request.body, request.locale)),
  );

  app.delete(
    '/admin/users/:accountNo/restrictions',
    {
      schema: {
        tags,
        summary: 'Lift an account’s restriction',
        description:
          'Lifts the restriction in force at once, with an optional note (`reason`) shown to the user; audited and ' +
          'messaged. Errors: Admin.UserNotFound, Restriction.NotFound (none in force). Roles: support, admin.',
        params: accountParams,
        body: LiftRestrictionRequestSchema,
        response: { 200: okSchema(AdminRestrictionsSchema) },
      },
      config: { access: restrictors, errors: ['Admin.UserNotFound', 'Restriction.NotFound'] },
    },
    async (request) =>
      ok(await liftRestriction(app, requireUser(request), request.params.accountNo, request.body?.reason)),
  );

  app.get(
    '/account-manage/get-restrictions',
    {
      schema: {
        tags: ['account'],
        summary: 'My restriction in force',
        description:
          '`restriction` is null when no restriction applies; otherwise the scopes refused, the reason and the end ' +
          '(null: until lifted). The console shows it as a banner.',
        response: { 200: okSchema(MyRestrictionSchema) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await getMyRestriction(app, requireUser(request).id)),
  );
};
