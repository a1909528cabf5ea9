import {
  ParameterChangeSchema,
  ParameterSchema,
  PublicParametersSchema,
  UpdateParameterRequestSchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import {
  changeParameter,
  listParameters,
  parameterHistory,
  publicParameters,
  registerParameterRefresh,
} from './parameters.service.ts';

const tags = ['admin'];
const keyParams = z.object({ key: z.string().trim().min(1).max(64) });
/** Admins only. */
const admin = { access: { operator: 'admin' as const } };
/**
 * The public values may be cached a moment, never longer: a change must show at once (issue 18), and
 * TanStack Query refetches them on focus anyway.
 */
const PUBLIC_CACHE = 'public, max-age=2';

/**
 * The parameters store (issue 18; API.md Operator console): the console's list, change (MFA, reason,
 * history, audit, every instance reloads) and history, admins only; the public values, no sign-in.
 */
export const parametersRoutes: FastifyPluginAsyncZod = async (app) => {
  registerParameterRefresh(app);
  app.get(
    '/admin/parameters',
    {
      schema: {
        tags,
        summary: 'Every parameter with the value in force',
        description:
          'One row per business number an operator may change: value, type (cents, bps, count, days, months, ' +
          'boolean), group, default, bounds, whether pages show it, the description in the reader’s language, ' +
          'and when and by whom (account number) it was last set (null while it has its default). Role: admin.',
        response: { 200: okSchema(z.array(ParameterSchema)) },
      },
      config: admin,
      onSend: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      },
    },
    async (request) => ok(await listParameters(app, request.locale)),
  );

  app.post(
    '/admin/parameters/:key',
    {
      schema: {
        tags,
        summary: 'Change a parameter',
        description:
          'Sets the value with a reason (2–500 characters). Needs MFA (reason UPDATE_PARAMETER). The value must ' +
          'fit the parameter’s type and bounds: Request.Invalid with fields.value otherwise. The value already ' +
          'in force: Parameter.Unchanged (409). Unknown key: Parameter.NotFound (404). The value, its history ' +
          'row and the audit entry are written in one transaction; then every instance reloads its parameters, ' +
          'so the next read anywhere uses the new value. Role: admin.',
        params: keyParams,
        body: UpdateParameterRequestSchema,
        response: { 200: okSchema(ParameterSchema) },
      },
      config: { ...admin, mfa: 'UPDATE_PARAMETER', errors: ['Parameter.NotFound', 'Parameter.Unchanged'] },
      onSend: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      },
    },
    async (request) =>
      ok(await changeParameter(app, requireUser(request), request.params.key, request.body, request.locale)),
  );

  app.get(
    '/admin/parameters/:key/history',
    {
      schema: {
        tags,
        summary: 'A parameter’s history',
        description:
          'Every change of the parameter, newest first: old and new value, reason, the operator’s account ' +
          'number, time. Unknown key: Parameter.NotFound (404). Role: admin.',
        params: keyParams,
        response: { 200: okSchema(z.array(ParameterChangeSchema)) },
      },
      config: { ...admin, errors: ['Parameter.NotFound'] },
      onSend: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      },
    },
    async (request) => ok(await parameterHistory(app, request.params.key)),
  );

  app.get(
    '/parameters/public',
    {
      schema: {
        tags: ['parameters'],
        summary: 'The parameters pages show',
        description:
          'No sign-in. The values of the public parameters (top-up fee rates, deposit rule, commission, tax ' +
          'rate, minimums, export cap, waits, API-access thresholds), keyed by name. Cached 2 seconds at most.',
        response: { 200: okSchema(PublicParametersSchema) },
      },
      config: { access: 'public' },
      onSend: async (_request, reply) => {
        reply.header('cache-control', reply.statusCode === 200 ? PUBLIC_CACHE : 'no-store');
      },
    },
    async () => ok(publicParameters(app)),
  );
};
