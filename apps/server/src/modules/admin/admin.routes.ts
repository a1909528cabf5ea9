import {
  AdjustmentRequestSchema,
  AdminUserDetailSchema,
  AdminUserSchema,
  AdminUsersQuerySchema,
  LedgerCheckSchema,
  OperatorSchema,
  pageSchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { adjustBalance, findUsers, getOperator, getUserDetail, ledgerCheck } from './admin.service.ts';

const tags = ['admin'];
const accountParams = z.object({ accountNo: z.string().trim().min(1).max(20) });
/** Every operator role (admins hold them all). */
const anyOperator = { access: { operator: ['support' as const, 'finance' as const] } };
/** Finance (and admins): money. */
const finance = { access: { operator: ['finance' as const] } };

/** The operator console's own routes (registered under /api, paths under /admin); roles on every route. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/admin/me',
    {
      schema: {
        tags,
        summary: 'The signed-in operator',
        description: 'Any operator role (admin, finance, support); Account.Forbidden (403) for other accounts.',
        response: { 200: okSchema(OperatorSchema) },
      },
      config: anyOperator,
    },
    async (request) => ok(await getOperator(app, requireUser(request))),
  );

  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        summary: 'Look users up',
        description:
          '`q`: an account number, or part of an e-mail or nickname; newest first, with balances. Roles: support, finance, admin.',
        querystring: AdminUsersQuerySchema,
        response: { 200: okSchema(pageSchema(AdminUserSchema)) },
      },
      config: anyOperator,
    },
    async (request) => ok(await findUsers(app, request.query)),
  );

  app.get(
    '/admin/users/:accountNo',
    {
      schema: {
        tags,
        summary: 'One user: balances, holds, recent ledger lines, recorded changes',
        description: 'Admin.UserNotFound (404) for an unknown account number. Roles: support, finance, admin.',
        params: accountParams,
        response: { 200: okSchema(AdminUserDetailSchema) },
      },
      config: { ...anyOperator, errors: ['Admin.UserNotFound'] },
    },
    async (request) => ok(await getUserDetail(app, request.params.accountNo, request.locale)),
  );

  app.post(
    '/admin/users/:accountNo/adjustments',
    {
      schema: {
        tags,
        summary: 'Adjust a balance',
        description:
          'Credits (positive) or debits (negative) the available balance or earnings against the platform’s ' +
          '`adjustments` account, with a reason recorded in the audit log; the user gets a message. Never below ' +
          'zero: Funds.InsufficientBalance (402). Honours Idempotency-Key. Roles: finance, admin.',
        params: accountParams,
        body: AdjustmentRequestSchema,
        response: { 200: okSchema(AdminUserDetailSchema) },
      },
      config: { ...finance, errors: ['Admin.UserNotFound', 'Funds.InsufficientBalance'] },
    },
    async (request) =>
      ok(await adjustBalance(app, requireUser(request), request.params.accountNo, request.body, request.locale)),
  );

  app.get(
    '/admin/ledger/check',
    {
      schema: {
        tags,
        summary: 'The books check',
        description:
          'Rebuilds every balance from the postings: balanced when all postings sum to zero, every transaction ' +
          'balances, every stored balance and frozen bucket matches, and no available balance is negative. Roles: finance, admin.',
        response: { 200: okSchema(LedgerCheckSchema) },
      },
      config: finance,
    },
    async () => ok(await ledgerCheck(app)),
  );
};
