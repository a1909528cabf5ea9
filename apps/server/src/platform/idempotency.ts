import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencyKeys } from '../db/schema/index.ts';
import { sendError } from './envelope.ts';
import { claimDue } from './sweeper.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route ignores Idempotency-Key (dev tools, provider webhooks with their own ids). */
    idempotency?: boolean;
  }
  interface FastifyRequest {
    /**
     * Who is acting: set by the session/API-key layer once it knows the user ('user:<id>'); until
     * then requests are scoped by client address. Idempotency keys are scoped by it.
     */
    actorScope: string | null;
  }
}

/** How long a stored response is replayed (Stripe keeps keys 24 h). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** A 'running' key older than this is treated as abandoned (its request crashed) and may run again. */
export const IDEMPOTENCY_STALE_SECONDS = 120;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Claim {
  scope: string;
  key: string;
}
const kClaim = Symbol('idempotency-claim');
type WithClaim = FastifyRequest & { [kClaim]?: Claim };

/** The body without `mfaVerification`: a retry after an MFA challenge is the same request. */
function bodyForHash(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body ?? null;
  const { mfaVerification: _ignored, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** Answers that are not a result: the client is asked to do something and send the request again. */
function isChallenge(status: number, body: string): boolean {
  return status === 403 && /"code":"Account\.Mfa\./.test(body);
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(request.method)
    .update('\n')
    .update(request.routeOptions.url ?? request.url)
    .update('\n')
    .update(JSON.stringify(request.params ?? null))
    .update('\n')
    .update(JSON.stringify(bodyForHash(request.body)))
    .digest('base64url');
}

function replay(reply: FastifyReply, row: typeof idempotencyKeys.$inferSelect) {
  reply.header('idempotent-replayed', 'true');
  if (row.responseType) reply.type(row.responseType);
  return reply.status(row.responseStatus ?? 200).send(row.responseBody ?? '');
}

/**
 * Idempotency-Key on state-changing calls (API.md conventions; IETF httpapi idempotency-key):
 * the first request with a key runs and its response is kept; a repeat with the same key and the
 * same request gets that response again (header `Idempotent-Replayed: true`); the same key with a
 * different request is refused (422 `Request.IdempotencyConflict`); a repeat while the first still
 * runs is refused (409 `Request.IdempotencyInProgress`). Server errors (5xx) and MFA challenges are
 * not kept, and `mfaVerification` is not part of the request's identity, so the retry after a
 * challenge (same key) runs. Keys are scoped by actor and expire after 24 h (swept).
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, clock, sweeper } = app.platform;
    app.decorateRequest('actorScope', null);

    app.addHook('preHandler', async (request, reply) => {
      if (!STATE_CHANGING.has(request.method) || request.is404) return;
      if (request.routeOptions.config?.idempotency === false) return;
      const raw = request.headers['idempotency-key'];
      if (raw === undefined) return;
      const key = Array.isArray(raw) ? raw[0] : raw;
      if (!key || !KEY_PATTERN.test(key)) {
        return sendError(request, reply, 'Request.Invalid', {
          data: {
            fields: { 'Idempotency-Key': request.locale === 'zh-CN' ? '幂等键格式无效' : 'Invalid idempotency key' },
          },
        });
      }
      const scope = request.actorScope ?? `ip:${request.ip}`;
      const hash = requestHash(request);
      const route = request.routeOptions.url ?? request.url;

      for (let attempt = 0; attempt < 2; attempt++) {
        const now = clock.now();
        const inserted = await db
          .insert(idempotencyKeys)
          .values({
            scope,
            key,
            method: request.method,
            route,
            requestHash: hash,
            status: 'running',
            createdAt: now,
            expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_SECONDS * 1000),
          })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (inserted.length > 0) {
          (request as WithClaim)[kClaim] = { scope, key };
          return;
        }
        const [row] = await db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
        if (!row) continue; // expired and swept meanwhile: try again
        const expired = row.expiresAt <= now;
        const abandoned =
          row.status === 'running' && now.getTime() - row.createdAt.getTime() > IDEMPOTENCY_STALE_SECONDS * 1000;
        if (expired || abandoned) {
          await db
            .delete(idempotencyKeys)
            .where(
              and(
                eq(idempotencyKeys.scope, scope),
                eq(idempotencyKeys.key, key),
                eq(idempotencyKeys.createdAt, row.createdAt),
              ),
            );
          continue;
        }
        if (row.requestHash !== hash || row.method !== request.method || row.route !== route) {
          return sendError(request, reply, 'Request.IdempotencyConflict');
        }
        if (row.status === 'running') return sendError(request, reply, 'Request.IdempotencyInProgress');
        return replay(reply, row);
      }
      return sendError(request, reply, 'Request.IdempotencyInProgress');
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const claim = (request as WithClaim)[kClaim];
      if (!claim) return payload;
      (request as WithClaim)[kClaim] = undefined;
      const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      if (reply.statusCode >= 500 || body === null || isChallenge(reply.statusCode, body)) {
        // Not a result to keep (a server error, a stream, or an MFA challenge): the client may try again.
        await db.delete(idempotencyKeys).where(where);
        return payload;
      }
      const type = reply.getHeader('content-type');
      await db
        .update(idempotencyKeys)
        .set({
          status: 'done',
          responseStatus: reply.statusCode,
          responseType: typeof type === 'string' ? type : null,
          responseBody: body,
        })
        .where(where);
      return payload;
    });

    sweeper.register<typeof idempotencyKeys.$inferSelect>({
      name: 'idempotency.expire',
      batchSize: 500,
      claim: (tx, now, limit) => claimDue(tx, idempotencyKeys, idempotencyKeys.expiresAt, { now, limit }),
      apply: async (tx, row) => {
        await tx
          .delete(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.scope, row.scope),
              eq(idempotencyKeys.key, row.key),
              lt(idempotencyKeys.expiresAt, new Date(row.expiresAt.getTime() + 1)),
            ),
          );
      },
    });
  },
  { name: 'idempotency', dependencies: ['envelope'] },
);
