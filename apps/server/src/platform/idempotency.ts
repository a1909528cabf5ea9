import { createHash } from 'node:crypto';
import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx, Tx } from '../db/open-database.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AFTER_KEYED_COMMIT } from './crash-points.ts';
import { ok, sendError } from './envelope.ts';
import { runInRequestTx } from './request-tx.ts';
import { claimDue } from './sweeper.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: this route ignores Idempotency-Key (dev tools, provider webhooks with their own ids).
     * 'batched': the route's service writes the key and its response in the transaction of the
     * batch that carries the change (group-committed bids) through `keyedRequestOf(request)`.
     * Default: the request runs in a transaction of its own that commits with its stored response.
     */
    idempotency?: boolean | 'batched';
  }
  interface FastifyRequest {
    /**
     * Who is acting: set by the session/API-key layer once it knows the user ('user:<id>'); until
     * then requests are scoped by client address. Idempotency keys are scoped by it.
     */
    actorScope: string | null;
    /**
     * What identifies a body Fastify does not parse (a multipart upload: its fields and file bytes),
     * set by the route before the keyed transaction opens, so the same key with another file is a
     * conflict rather than a replay.
     */
    idempotencyFingerprint?: string;
  }
}

/** How long a stored response is replayed (Stripe keeps keys 24 h). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** How long a duplicate waits for the first request with its key before answering 409 in progress. */
export const IDEMPOTENCY_WAIT_MS = 10_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = 'application/json; charset=utf-8';

type KeyRow = typeof idempotencyKeys.$inferSelect;

/** A stored answer: what the first request with a key was told. */
export interface StoredResponse {
  status: number;
  type: string | null;
  body: string;
}

/**
 * A keyed request whose service records its own answer in the business transaction ('batched'
 * routes): the key's identity, and how the route's success payload is serialised.
 */
export interface KeyedRequest {
  scope: string;
  key: string;
  method: string;
  route: string;
  requestHash: string;
  /** The bytes of a success carrying `data`, as the route's own serializer writes them. */
  render(data: unknown): string;
}

/** What identifies a key row's request. */
type KeyIdentity = Pick<KeyedRequest, 'scope' | 'key' | 'method' | 'route' | 'requestHash'>;

/** What a 'batched' route's service returns for a keyed request: the recorded (or replayed) answer. */
export interface RecordedAnswer {
  recorded: StoredResponse;
  replayed: boolean;
}

/** An open request transaction: ended by committing (with or without a stored answer) or rolling back. */
interface OpenTx {
  tx: Tx;
  end(commit: boolean): Promise<void>;
  /** Called when the transaction ends: the request's later queries go to the plain database; returns the work queued for after the commit. */
  leave: () => (() => Promise<void>)[];
}

interface Context {
  scope: string;
  key: string;
  method: string;
  route: string;
  requestHash: string;
  open: OpenTx | null;
  keyed: KeyedRequest | null;
  /** A 'batched' route sent an answer its service recorded (or replayed): nothing to keep after. */
  answered: boolean;
}

const kContext = Symbol('idempotency-context');
type WithContext = FastifyRequest & { [kContext]?: Context };

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
    .update('\n')
    .update(request.idempotencyFingerprint ?? '')
    .digest('base64url');
}

/** Whether an answer with this status and body is a result to keep and replay. */
function isResult(status: number, body: string | null): body is string {
  return status < 500 && body !== null && !isChallenge(status, body);
}

function sameRequest(row: KeyRow, ctx: Pick<Context, 'method' | 'route' | 'requestHash'>): boolean {
  return row.requestHash === ctx.requestHash && row.method === ctx.method && row.route === ctx.route;
}

function storedOf(row: KeyRow): StoredResponse {
  return { status: row.responseStatus ?? 200, type: row.responseType, body: row.responseBody ?? '' };
}

/** Sends a stored answer again, marked as a replay. */
function replay(reply: FastifyReply, stored: StoredResponse) {
  reply.header('idempotent-replayed', 'true');
  if (stored.type) reply.type(stored.type);
  return reply.status(stored.status).send(stored.body);
}

/** Whether a 'batched' service returned a recorded answer (the request carried a key). */
export function isRecordedAnswer(value: unknown): value is RecordedAnswer {
  return !!value && typeof value === 'object' && 'recorded' in value && 'replayed' in value;
}

/** Sends the answer a 'batched' route's service recorded (or found stored): the same bytes, a replay marked. */
export function sendRecorded(reply: FastifyReply, { recorded, replayed }: RecordedAnswer): FastifyReply {
  const ctx = (reply.request as WithContext)[kContext];
  if (ctx) ctx.answered = true;
  if (replayed) {
    reply.header('idempotent-replayed', 'true');
    reply.server.platform.metrics.idempotencyReplays.inc();
  }
  return reply
    .type(recorded.type ?? JSON_TYPE)
    .status(recorded.status)
    .send(recorded.body);
}

/** The keyed request of a 'batched' route, or null when the request carries no key. */
export function keyedRequestOf(request: FastifyRequest): KeyedRequest | null {
  return (request as WithContext)[kContext]?.keyed ?? null;
}

// ---- The key rows (platform SQL) ----

/** The live key row, if any (an expired one counts as absent). */
async function findKey(db: DbOrTx, scope: string, key: string, now: Date): Promise<KeyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return row && row.expiresAt > now ? row : undefined;
}

/**
 * Finds the live answers stored for some keys, by `scope + ' ' + key` (for a batch that records its
 * answers: a key already answered is replayed, never applied twice).
 */
export async function findAnswers(
  tx: DbOrTx,
  keys: readonly Pick<KeyedRequest, 'scope' | 'key'>[],
  now: Date,
): Promise<Map<string, KeyRow>> {
  const found = new Map<string, KeyRow>();
  if (keys.length === 0) return found;
  const scopes = keys.map((k) => k.scope);
  const names = keys.map((k) => k.key);
  const rows = await tx
    .select()
    .from(idempotencyKeys)
    .where(
      sql`(${idempotencyKeys.scope}, ${idempotencyKeys.key}) in (select * from unnest(${sql.param(scopes)}::text[], ${sql.param(names)}::text[]))`,
    );
  for (const row of rows) if (row.expiresAt > now) found.set(`${row.scope} ${row.key}`, row);
  return found;
}

/** The answer a batch found stored for a keyed request: replayed when it is the same request, else a conflict. */
export function answerOf(row: KeyRow, keyed: KeyIdentity): RecordedAnswer | 'conflict' {
  return sameRequest(row, keyed) ? { recorded: storedOf(row), replayed: true } : 'conflict';
}

/**
 * Writes answers with their keys, in the caller's transaction (the one that carries the change they
 * describe). An expired row under the same key is replaced; a live one is kept (first answer wins).
 */
export async function recordAnswers(
  tx: DbOrTx,
  answers: readonly { keyed: KeyIdentity; stored: StoredResponse }[],
  now: Date,
): Promise<void> {
  if (answers.length === 0) return;
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_SECONDS * 1000);
  await tx
    .insert(idempotencyKeys)
    .values(
      answers.map(({ keyed, stored }) => ({
        scope: keyed.scope,
        key: keyed.key,
        method: keyed.method,
        route: keyed.route,
        requestHash: keyed.requestHash,
        status: 'done' as const,
        responseStatus: stored.status,
        responseType: stored.type,
        responseBody: stored.body,
        createdAt: now,
        expiresAt,
      })),
    )
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.key],
      set: {
        method: sql`excluded.method`,
        route: sql`excluded.route`,
        requestHash: sql`excluded.request_hash`,
        status: sql`excluded.status`,
        responseStatus: sql`excluded.response_status`,
        responseType: sql`excluded.response_type`,
        responseBody: sql`excluded.response_body`,
        createdAt: sql`excluded.created_at`,
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: lte(idempotencyKeys.expiresAt, now),
    });
}

/**
 * Opens a transaction that stays open across the request's hooks and handler. It is taken through
 * `db` (the request-scoped database), so a request made from inside another keyed request (an
 * in-process webhook) becomes a savepoint of that one instead of waiting for it.
 */
async function openTransaction(db: DbOrTx): Promise<OpenTx> {
  const rollback = Symbol('rollback');
  let settle!: (commit: boolean) => void;
  const ended = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  let ready!: (tx: Tx) => void;
  let failed!: (error: unknown) => void;
  const opened = new Promise<Tx>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  const finished = db.transaction(async (tx) => {
    ready(tx);
    if (!(await ended)) throw rollback;
  });
  finished.catch(failed);
  const open: OpenTx = {
    tx: await opened,
    leave: () => [],
    async end(commit) {
      settle(commit);
      let committed = false;
      try {
        await finished;
        committed = commit;
      } catch (error) {
        if (error !== rollback) throw error;
      } finally {
        const queued = open.leave();
        // Work on the outside world waits for the commit, and is dropped with a rollback.
        if (committed) for (const work of queued) void work().catch(() => undefined);
      }
    },
  };
  return open;
}

/** The SQLSTATE of a database error, wrapped by drizzle or not. */
function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.cause?.code === 'string' ? e.cause.code : e?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Idempotency-Key on state-changing calls (API.md conventions; IETF httpapi idempotency-key; ADR
 * 0005): the key and the answer are written in the same transaction as the change they describe,
 * so after a crash a retry either replays what was committed or, nothing having been committed,
 * runs again at once.
 * - A keyed request runs in a transaction of its own (`platform.db` inside the request is that
 *   transaction; services' transactions become savepoints). Its first statement takes a lock on the
 *   key, so a concurrent duplicate waits for the first (up to IDEMPOTENCY_WAIT_MS, then 409
 *   `Request.IdempotencyInProgress`) and then replays its answer. When the answer is sent, the key
 *   row with the answer (status, content type, body) is inserted and the transaction commits; only
 *   then does the answer leave. 5xx answers roll the transaction back (the client may retry); MFA
 *   challenges and streams commit without keeping an answer.
 * - 'batched' routes (bids, group-committed) get a KeyedRequest and record their answers in the
 *   batch's transaction (`findAnswers`, `recordAnswers`); refusals, which change nothing, are kept
 *   after the fact.
 * - The same key with a different request → 422 `Request.IdempotencyConflict`; a replay carries
 *   `Idempotent-Replayed: true`; `mfaVerification` is not part of a request's identity. Keys are
 *   scoped by actor and expire after 24 h (swept).
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, clock, sweeper, crashPoints } = app.platform;
    app.decorateRequest('actorScope', null);

    /**
     * Takes the key's lock in the request transaction, waiting at most IDEMPOTENCY_WAIT_MS for a
     * duplicate that holds it (one statement: the select list runs left to right). False when the
     * wait ran out; the transaction is then aborted and must be rolled back.
     */
    async function lockKey(tx: Tx, scope: string, key: string): Promise<boolean> {
      try {
        await tx.execute(
          sql`select set_config('lock_timeout', ${`${IDEMPOTENCY_WAIT_MS}ms`}, true),
                     pg_advisory_xact_lock(hashtextextended(${`${scope} ${key}`}, 0)),
                     set_config('lock_timeout', '0', true)`,
        );
        return true;
      } catch (error) {
        if (sqlState(error) === '55P03') return false;
        throw error;
      }
    }

    app.addHook('preHandler', (request, reply, done) => {
      if (!STATE_CHANGING.has(request.method) || request.is404) return done();
      const mode = request.routeOptions.config?.idempotency;
      if (mode === false) return done();
      const raw = request.headers['idempotency-key'];
      if (raw === undefined) return done();
      const key = Array.isArray(raw) ? raw[0] : raw;
      if (!key || !KEY_PATTERN.test(key)) {
        sendError(request, reply, 'Request.Invalid', {
          data: {
            fields: { 'Idempotency-Key': request.locale === 'zh-CN' ? '幂等键格式无效' : 'Invalid idempotency key' },
          },
        });
        return;
      }
      const ctx: Context = {
        scope: request.actorScope ?? `ip:${request.ip}`,
        key,
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        requestHash: requestHash(request),
        open: null,
        keyed: null,
        answered: false,
      };

      const answerFrom = (row: KeyRow) => {
        if (!sameRequest(row, ctx)) return sendError(request, reply, 'Request.IdempotencyConflict');
        app.platform.metrics.idempotencyReplays.inc();
        return replay(reply, storedOf(row));
      };

      const start = async (): Promise<'answered' | 'run'> => {
        const found = await findKey(db, ctx.scope, ctx.key, clock.now());
        if (found) {
          answerFrom(found);
          return 'answered';
        }
        if (mode === 'batched') {
          ctx.keyed = {
            scope: ctx.scope,
            key: ctx.key,
            method: ctx.method,
            route: ctx.route,
            requestHash: ctx.requestHash,
            render: (data) => reply.serialize(ok(data)) as string,
          };
          return 'run';
        }
        const open = await openTransaction(db);
        try {
          if (!(await lockKey(open.tx, ctx.scope, ctx.key))) {
            await open.end(false);
            sendError(request, reply, 'Request.IdempotencyInProgress');
            return 'answered';
          }
          const now = clock.now();
          const row = await findKey(open.tx, ctx.scope, ctx.key, now);
          if (row) {
            await open.end(false);
            answerFrom(row);
            return 'answered';
          }
        } catch (error) {
          await open.end(false).catch(() => undefined);
          throw error;
        }
        ctx.open = open;
        return 'run';
      };

      start().then(
        (next) => {
          if (next === 'answered') return;
          (request as WithContext)[kContext] = ctx;
          if (!ctx.open) return done();
          // The rest of the request (later hooks, the handler, what they start) runs in its transaction.
          const { end } = runInRequestTx(ctx.open.tx, () => done());
          ctx.open.leave = end;
        },
        (error: unknown) => done(error as Error),
      );
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const ctx = (request as WithContext)[kContext];
      if (!ctx) return payload;
      (request as WithContext)[kContext] = undefined;
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      const type = reply.getHeader('content-type');
      const stored = isResult(reply.statusCode, body)
        ? { status: reply.statusCode, type: typeof type === 'string' ? type : null, body }
        : null;

      if (ctx.open) {
        const { open } = ctx;
        if (reply.statusCode >= 500) {
          // Roll back; a failed rollback (the database went away) must not replace the answer.
          await open.end(false).catch(() => undefined);
          return payload;
        }
        try {
          if (stored) await recordAnswers(open.tx, [{ keyed: ctx, stored }], clock.now());
        } catch (error) {
          await open.end(false).catch(() => undefined);
          throw error;
        }
        await open.end(true);
        if (stored) crashPoints.pass(AFTER_KEYED_COMMIT);
        return payload;
      }

      // 'batched': a success was recorded with the change; a refusal (which changed nothing) is kept now.
      if (ctx.keyed && !ctx.answered && stored) {
        await recordAnswers(db, [{ keyed: ctx, stored }], clock.now());
      }
      return payload;
    });

    // A request that ends without sending through onSend (aborted, hijacked) leaves nothing open.
    app.addHook('onResponse', async (request) => {
      const ctx = (request as WithContext)[kContext];
      if (!ctx?.open) return;
      (request as WithContext)[kContext] = undefined;
      await ctx.open.end(false).catch(() => undefined);
    });

    sweeper.register<KeyRow>({
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
