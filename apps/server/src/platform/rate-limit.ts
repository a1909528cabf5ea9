import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from './errors.ts';

export interface RateLimitPluginOptions {
  /** Redis URL for shared counters; defaults to `app.platform.config.redisUrl` (unset → in-memory). */
  redisUrl?: string;
  /** Key prefix in Redis (one per deployment, or per test). */
  keyPrefix?: string;
  /** The overall limit on /api requests per client IP and window. 0 disables it. */
  apiMax?: number;
  apiTimeWindow?: number | string;
}

/** Overall /api allowance per IP: generous, it only stops floods; sensitive routes declare their own. */
export const API_RATE_LIMIT = { max: 1200, timeWindow: '1 minute' } as const;
export const DEFAULT_KEY_PREFIX = 'nb:rl:';

export type RateLimitKeyGenerator = (request: FastifyRequest) => string | number | Promise<string | number>;

export interface RouteRateLimit {
  /** Requests allowed per window (per key). */
  max: number;
  /** Window as milliseconds or a string such as '10 minutes'. */
  timeWindow: number | string;
  /** What is counted; the client IP by default. */
  keyGenerator?: RateLimitKeyGenerator;
}

/**
 * A route's own limit, to spread into its route config:
 * `config: { ...routeRateLimit({ max: 5, timeWindow: '10 minutes' }) }`.
 * Counters are per route and key (the client IP unless a keyGenerator says otherwise) and are
 * shared between instances when Redis is configured. Exceeding answers 429
 * `Request.TooManyRequests` with `retryAfterSeconds` and a Retry-After header.
 */
export function routeRateLimit(limit: RouteRateLimit): { rateLimit: RateLimitOptions } {
  const options: RateLimitOptions = { max: limit.max, timeWindow: limit.timeWindow };
  if (limit.keyGenerator) options.keyGenerator = limit.keyGenerator;
  return { rateLimit: options };
}

/**
 * A limit counted on a key the caller chooses (an account, a target address, a challenge, an IP)
 * rather than on a route: `hit` counts one use and, past `max` in the window, throws 429
 * `Request.TooManyRequests` with `retryAfterSeconds`; `check` counts nothing and throws the same
 * while the key's allowance is used up. Counters live where the route limits' do (Redis when
 * configured), under `<name>:<key>`; create one per limit when the app starts.
 */
export interface KeyedRateLimit {
  hit(key: string): Promise<void>;
  check(key: string): Promise<void>;
}

/** The stand-in request a keyed limit is counted with: only its key is read (and no route group). */
interface KeyedCall {
  rateLimitKey: string;
  routeOptions: { config: Record<string, never> };
}

export function keyedRateLimit(
  app: Pick<FastifyInstance, 'createRateLimit'>,
  limit: { max: number; timeWindow: number | string },
  name: string,
): KeyedRateLimit {
  const limiter = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindow,
    skipOnError: true,
    keyGenerator: (request) => (request as unknown as KeyedCall).rateLimitKey,
  });
  const call = (key: string) =>
    ({ rateLimitKey: `${name}:${key}`, routeOptions: { config: {} } }) satisfies KeyedCall as unknown as FastifyRequest;
  return {
    async hit(key) {
      const result = await limiter(call(key));
      if (!result.isAllowed && result.isExceeded) throw tooManyRequests(result.ttl);
    },
    async check(key) {
      const result = await limiter(call(key), { increment: false });
      if (!result.isAllowed && result.remaining === 0 && result.ttl > 0) throw tooManyRequests(result.ttl);
    },
  };
}

function retryAfterSeconds(ttlMs: number): number {
  return Math.max(1, Math.ceil(ttlMs / 1000));
}

function tooManyRequests(ttlMs: number): AppError {
  return new AppError('Request.TooManyRequests', {
    status: 429,
    data: { retryAfterSeconds: retryAfterSeconds(ttlMs) },
  });
}

function waitForReady(client: Redis, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(value);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    client.once('ready', onReady);
  });
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Rate limiting (DESIGN.md §1, §3): @fastify/rate-limit with `global: false` (routes opt in via
 * `routeRateLimit`), plus one generous overall limit on every /api request per client IP.
 * In memory by default; with REDIS_URL the counters live in Redis, so all instances share them.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: RateLimitPluginOptions) => {
    const redisUrl = opts.redisUrl ?? app.platform?.config.redisUrl;
    let redis: Redis | undefined;
    if (redisUrl) {
      // No offline queue: while Redis is unreachable, calls fail at once and requests go through
      // unlimited (skipOnError) instead of waiting on reconnects.
      redis = new Redis(redisUrl, {
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        enableOfflineQueue: false,
      });
      let lastWarning = 0;
      redis.on('error', (err: Error) => {
        // Reported at most once a minute; requests are let through while Redis is away (skipOnError).
        if (Date.now() - lastWarning < 60_000) return;
        lastWarning = Date.now();
        app.log.warn({ err: { message: err.message } }, 'rate-limit: Redis unavailable');
      });
      const client = redis;
      app.addHook('onClose', async () => {
        await client.quit().catch(() => client.disconnect());
      });
      // Give the connection a moment at start-up so the first requests are counted too.
      const connected = await waitForReady(client, 2000);
      if (!connected) app.log.warn('rate-limit: Redis not reachable yet; limits apply once it is');
    }

    await app.register(rateLimit, {
      global: false,
      skipOnError: true,
      ...(redis ? { redis, nameSpace: opts.keyPrefix ?? DEFAULT_KEY_PREFIX } : {}),
      errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
    });

    const apiMax = opts.apiMax ?? API_RATE_LIMIT.max;
    if (apiMax > 0) {
      const limiter = app.createRateLimit({
        max: apiMax,
        timeWindow: opts.apiTimeWindow ?? API_RATE_LIMIT.timeWindow,
        skipOnError: true,
      });
      app.addHook('onRequest', async (request, reply) => {
        // The matched route decides (raw URLs can be spelled many ways); unknown /api paths count too.
        if (!isApiPath(request.routeOptions.url ?? request.url)) return;
        const result = await limiter(request);
        if (result.isAllowed || !result.isExceeded) return;
        const seconds = retryAfterSeconds(result.ttl);
        reply.header('retry-after', seconds);
        reply.header('x-ratelimit-limit', result.max);
        reply.header('x-ratelimit-remaining', 0);
        reply.header('x-ratelimit-reset', seconds);
        throw tooManyRequests(result.ttl);
      });
    }
  },
  { name: 'rate-limit', dependencies: ['envelope'] },
);
