import { randomBytes, randomInt } from 'node:crypto';
import { ERROR_CATALOGUE } from '@namebourse/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, csrfHeaders, enginesFor, type TestContext } from '../../test/helpers.ts';
import { envelopePlugin } from './envelope.ts';
import { keyedRateLimit, type RateLimitPluginOptions, rateLimitPlugin, routeRateLimit } from './rate-limit.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAvailable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
const hasRedis = await redisAvailable();

const uniquePrefix = () => `nb:test:rl:${Date.now().toString(36)}:${randomBytes(4).toString('hex')}:`;

/** A minimal app: the envelope, the rate-limit plugin and a few routes. */
async function miniApp(options: RateLimitPluginOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, trustProxy: true });
  await app.register(envelopePlugin);
  await app.register(rateLimitPlugin, options);
  app.get('/api/limited', { config: routeRateLimit({ max: 2, timeWindow: '1 minute' }) }, async () => ({ ok: 1 }));
  app.get(
    '/api/by-header',
    {
      config: routeRateLimit({
        max: 1,
        timeWindow: 60_000,
        keyGenerator: (request) => String(request.headers['x-client'] ?? 'none'),
      }),
    },
    async () => ({ ok: 1 }),
  );
  app.get('/api/free', async () => ({ ok: 1 }));
  app.get('/page', async () => 'page');
  await app.ready();
  return app;
}

type Store = 'memory' | 'redis';
const STORES: Store[] = hasRedis ? ['memory', 'redis'] : ['memory'];

describe.each(STORES)('rate limits with the %s store', (store) => {
  const apps: FastifyInstance[] = [];
  const make = async (options: RateLimitPluginOptions = {}) => {
    const app = await miniApp(
      store === 'redis' ? { redisUrl: REDIS_URL, keyPrefix: uniquePrefix(), ...options } : options,
    );
    apps.push(app);
    return app;
  };
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  it('refuses a route past its own limit with 429 Request.TooManyRequests, retryAfterSeconds and Retry-After', async () => {
    const app = await make();
    const hit = () => app.inject({ method: 'GET', url: '/api/limited', headers: { 'accept-language': 'zh-CN' } });
    expect((await hit()).statusCode).toBe(200);
    const second = await hit();
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-ratelimit-remaining']).toBe('0');
    const third = await hit();
    expect(third.statusCode).toBe(429);
    const body = third.json();
    expect(body).toMatchObject({
      code: 'Request.TooManyRequests',
      message: ERROR_CATALOGUE['Request.TooManyRequests']['zh-CN'],
    });
    expect(body.data.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(body.data.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(Number(third.headers['retry-after'])).toBe(body.data.retryAfterSeconds);
    expect(body.traceId).toEqual(expect.any(String));
  });

  it('counts per client IP', async () => {
    const app = await make();
    for (let i = 0; i < 2; i++) await app.inject({ method: 'GET', url: '/api/limited', remoteAddress: '10.0.0.1' });
    expect((await app.inject({ method: 'GET', url: '/api/limited', remoteAddress: '10.0.0.1' })).statusCode).toBe(429);
    expect((await app.inject({ method: 'GET', url: '/api/limited', remoteAddress: '10.0.0.2' })).statusCode).toBe(200);
  });

  it('lets a route choose what is counted (keyGenerator)', async () => {
    const app = await make();
    const hit = (client: string) =>
      app.inject({ method: 'GET', url: '/api/by-header', headers: { 'x-client': client } });
    expect((await hit('a')).statusCode).toBe(200);
    expect((await hit('a')).statusCode).toBe(429);
    expect((await hit('b')).statusCode).toBe(200);
  });

  it('counts a keyed limit per key, and checking it counts nothing', async () => {
    const app = await make();
    const perUser = keyedRateLimit(app, { max: 2, timeWindow: '1 minute' }, 'per-user');
    const other = keyedRateLimit(app, { max: 2, timeWindow: '1 minute' }, 'other');
    const refusal = (work: Promise<void>) =>
      work.then(
        () => null,
        (err: unknown) => err,
      );
    await perUser.check('u1');
    await perUser.hit('u1');
    await perUser.check('u1');
    await perUser.hit('u1');
    // The allowance is used up: checking refuses, and so does the next use.
    for (const attempt of [perUser.check('u1'), perUser.hit('u1')]) {
      const err = (await refusal(attempt)) as { code: string; status: number; data: { retryAfterSeconds: number } };
      expect(err).toMatchObject({ code: 'Request.TooManyRequests', status: 429 });
      expect(err.data.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(err.data.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    // Another key, and the same key under another limit's name, have their own counters.
    expect(await refusal(perUser.hit('u2'))).toBeNull();
    expect(await refusal(other.hit('u1'))).toBeNull();
  });

  it('applies the overall /api limit to every /api path, known or not, and not to pages', async () => {
    const app = await make({ apiMax: 3, apiTimeWindow: '1 minute' });
    const urls = ['/api/free', '/api/free', '/api/unknown'];
    for (const url of urls) expect((await app.inject({ method: 'GET', url })).statusCode).not.toBe(429);
    const over = await app.inject({ method: 'GET', url: '/api/unknown', headers: { 'accept-language': 'en-US' } });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      code: 'Request.TooManyRequests',
      message: ERROR_CATALOGUE['Request.TooManyRequests']['en-US'],
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await app.inject({ method: 'GET', url: '/api/free' })).statusCode).toBe(429);
    expect((await app.inject({ method: 'GET', url: '/page' })).statusCode).toBe(200);
  });

  it(
    store === 'redis'
      ? 'shares counters between instances with the same prefix'
      : 'keeps counters per instance in memory',
    async () => {
      const prefix = uniquePrefix();
      const opts = store === 'redis' ? { keyPrefix: prefix } : {};
      const a = await make(opts);
      const b = await make(opts);
      await a.inject({ method: 'GET', url: '/api/limited' });
      await b.inject({ method: 'GET', url: '/api/limited' });
      const third = await a.inject({ method: 'GET', url: '/api/limited' });
      expect(third.statusCode).toBe(store === 'redis' ? 429 : 200);
    },
  );
});

describe.runIf(hasRedis)('rate limits when Redis goes away', () => {
  it('lets requests through rather than failing them', async () => {
    // Nothing listens on port 1: every Redis call fails, and skipOnError keeps the API up.
    const app = await miniApp({ redisUrl: 'redis://127.0.0.1:1', keyPrefix: uniquePrefix() });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await app.inject({ method: 'GET', url: '/api/free' })).statusCode).toBe(200);
      }
    } finally {
      await app.close();
    }
  });
});

/** A random client address: counters in a shared Redis outlive a test run. */
const freshIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const feedback = {
  name: 'Rate Tester',
  email: 'rate@example.com',
  category: 'other',
  content: 'Testing the rate limit here.',
};

describe.each(enginesFor('app'))('feedback rate limit in the app (%s)', (engine) => {
  const contexts: TestContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
  });

  const variants: Store[] = hasRedis ? ['memory', 'redis'] : ['memory'];
  let apps: Record<string, TestContext> = {};
  beforeAll(async () => {
    apps = {};
    for (const v of variants) {
      const ctx = await buildTestApp(engine, v === 'redis' ? { redisUrl: REDIS_URL } : {});
      contexts.push(ctx);
      apps[v] = ctx;
    }
  });

  it.each(variants)('allows 5 messages per 10 minutes per IP, then 429 (%s store)', async (variant) => {
    const { app } = apps[variant]!;
    const ip = freshIp();
    const headers = await csrfHeaders(app);
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/general/service/feedback',
        headers,
        payload: feedback,
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(200);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('Request.TooManyRequests');
    expect(refused.json().data.retryAfterSeconds).toBeGreaterThan(500);
    expect(Number(refused.headers['retry-after'])).toBe(refused.json().data.retryAfterSeconds);
  });
});
