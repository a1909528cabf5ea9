import { ERROR_CATALOGUE, type ErrorCode } from '@namebourse/contract';
import type { RouteAccess } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The catalogue codes this route's own logic may answer with (Order.NotFound, Funds.Insufficient…),
     * published in the OpenAPI document beside the codes the platform adds from the route's
     * declarations (access, input schema, CSRF, idempotency, MFA, rate limits, outages).
     */
    errors?: readonly ErrorCode[];
    /** What a route answers on success when it is not an enveloped JSON body (a PDF, an image, a stream). */
    produces?: { type: string; description: string };
  }
}

/** What the OpenAPI transform knows about a route. */
export interface OperationRoute {
  method: string;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; operationId?: string };
  config?: {
    access?: RouteAccess;
    csrf?: boolean;
    idempotency?: boolean | 'batched';
    mfa?: string;
    rateLimit?: unknown;
    errors?: readonly ErrorCode[];
    produces?: { type: string; description: string };
  };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The operation id of a route, from its method and path: `GET /api/orders/:orderId/invoice` →
 * `getOrdersByOrderIdInvoice`. Stable as long as the path is (API.md keeps paths), unique per route.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = segment.startsWith(':') || segment.startsWith('{');
      const name = segment.replace(/^[:{]|}$/g, '');
      const parts = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
      return param ? ['By', ...parts] : parts;
    })
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return method.toLowerCase() + (words.join('') || 'Root');
}

/**
 * Every error code a route may answer with: the platform's, implied by what the route declares, and
 * the route's own (`config.errors`). Ordered by status, then code.
 */
export function errorCodesOf(route: OperationRoute): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  const method = route.method.toUpperCase();
  const config = route.config ?? {};
  const schema = route.schema ?? {};
  // Any request may be refused as invalid: its input schema, or hostile input on any route.
  codes.add('Request.Invalid');
  // A path parameter that names nothing there is.
  if (schema.params) codes.add('Request.NotFound');
  const access = config.access;
  if (access && access !== 'public') {
    codes.add('Account.Unauthorized');
    // Operators without the role; API keys where keys may not act, or from outside their allow-list.
    codes.add('Account.Forbidden');
  }
  const changing = STATE_CHANGING.has(method) || config.csrf === true;
  if (changing && config.csrf !== false) codes.add('Csrf.Invalid');
  if (STATE_CHANGING.has(method)) {
    codes.add('Request.PayloadTooLarge');
    codes.add('Request.UnsupportedMediaType');
  }
  if (STATE_CHANGING.has(method) && config.idempotency !== false) {
    codes.add('Request.IdempotencyConflict');
    codes.add('Request.IdempotencyInProgress');
  }
  if (config.mfa) {
    codes.add('Account.Mfa.Required');
    codes.add('Account.Mfa.Required.Retry');
    codes.add('Account.Mfa.Failed');
  }
  // Every /api route is under the overall per-client allowance; some declare a stricter one.
  codes.add('Request.TooManyRequests');
  codes.add('Request.Unavailable');
  for (const code of config.errors ?? []) codes.add(code);
  return [...codes].sort((a, b) => ERROR_CATALOGUE[a].status - ERROR_CATALOGUE[b].status || a.localeCompare(b));
}

const errorEnvelope = (codes: ErrorCode[]) => ({
  type: 'object',
  properties: {
    code: { type: 'string', enum: codes },
    message: { type: 'string', description: "The code's text in the reader's language (Accept-Language)" },
    data: { description: 'Details for some codes (field errors, retryAfterSeconds, an MFA challenge)' },
    traceId: { type: 'string' },
  },
  required: ['code', 'message'],
});

/** The error responses of an operation, one per HTTP status, each listing its codes. */
export function errorResponsesOf(route: OperationRoute): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(route)) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of byStatus) {
    responses[String(status)] = {
      description: codes.map((code) => `\`${code}\`: ${ERROR_CATALOGUE[code]['en-US']}`).join('; '),
      content: { 'application/json': { schema: errorEnvelope(codes) } },
    };
  }
  return responses;
}

/** The success response of a route that answers with something other than the JSON envelope. */
export function producedResponseOf(route: OperationRoute): Record<string, unknown> {
  const produces = route.config?.produces;
  if (!produces) return {};
  const schema = produces.type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' };
  return { '200': { description: produces.description, content: { [produces.type]: { schema } } } };
}
