import { ERROR_CATALOGUE, fieldMessage, type Locale } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createPgDatabase, csrfHeaders, enginesFor, type TestContext } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/open-database.ts';
import type { App } from './app-context.ts';
import { ManualClock } from './clock.ts';

const FEEDBACK = '/api/general/service/feedback';
let ipCounter = 0;
/** A fresh client address per request, so the feedback route's own rate limit stays out of the way. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const validFeedback = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  category: 'other',
  content: 'Hello, a question about transfers.',
};

describe.each(enginesFor('app'))('security and envelope (%s)', (engine) => {
  let t: TestContext;
  let app: App;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('CSRF', () => {
    it('issues a signed token as a JS-readable SameSite=Lax cookie and in the body', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/account/csrf' });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
      expect(cookie).toBeDefined();
      expect(cookie?.httpOnly).toBeFalsy();
      expect(cookie?.sameSite).toBe('Lax');
      expect(cookie?.path).toBe('/');
      expect(cookie?.secure).toBeFalsy();
      expect(res.json().data.csrfToken).toBe(cookie?.value);
      expect(cookie?.value).toMatch(/^[\w-]{24}\.[\w-]{43}$/);
    });

    it('marks the cookie Secure on https behind a trusted proxy, and ignores the header otherwise', async () => {
      const headers = { 'x-forwarded-proto': 'https' };
      const untrusted = await app.inject({ method: 'GET', url: '/api/account/csrf', headers });
      expect(untrusted.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBeFalsy();
      const proxied = await buildTestApp('pglite', { trustProxy: ['127.0.0.1'] });
      try {
        const res = await proxied.app.inject({ method: 'GET', url: '/api/account/csrf', headers });
        expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
      } finally {
        await proxied.close();
      }
    });

    it('keeps a valid token the browser already has', async () => {
      const first = await csrfHeaders(app);
      const res = await app.inject({ method: 'GET', url: '/api/account/csrf', headers: { cookie: first.cookie! } });
      expect(res.json().data.csrfToken).toBe(first['x-xsrf-token']);
    });

    it.each([
      ['zh-CN', ERROR_CATALOGUE['Csrf.Invalid']['zh-CN']],
      ['en-US', ERROR_CATALOGUE['Csrf.Invalid']['en-US']],
    ])('refuses a POST without a token (%s)', async (lang, message) => {
      const res = await app.inject({
        method: 'POST',
        url: FEEDBACK,
        remoteAddress: freshIp(),
        headers: { 'accept-language': lang },
        payload: validFeedback,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'Csrf.Invalid', message, data: null });
      expect(res.json().traceId).toBe(res.headers['x-trace-id']);
    });

    it('refuses a cookie without the header, and a header without the cookie', async () => {
      const h = await csrfHeaders(app);
      const onlyCookie = await app.inject({
        method: 'POST',
        url: FEEDBACK,
        remoteAddress: freshIp(),
        headers: { cookie: h.cookie! },
        payload: validFeedback,
      });
      expect(onlyCookie.statusCode).toBe(403);
      const onlyHeader = await app.inject({
        method: 'POST',
        url: FEEDBACK,
        remoteAddress: freshIp(),
        headers: { 'x-xsrf-token': h['x-xsrf-token']! },
        payload: validFeedback,
      });
      expect(onlyHeader.statusCode).toBe(403);
      expect(onlyHeader.json().code).toBe('Csrf.Invalid');
    });

    it('refuses mismatched cookie and header (two valid tokens)', async () => {
      const a = await csrfHeaders(app);
      const b = await csrfHeaders(app);
      expect(a['x-xsrf-token']).not.toBe(b['x-xsrf-token']);
      const res = await app.inject({
        method: 'POST',
        url: FEEDBACK,
        remoteAddress: freshIp(),
        headers: { cookie: a.cookie!, 'x-xsrf-token': b['x-xsrf-token']! },
        payload: validFeedback,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('Csrf.Invalid');
    });

    it('refuses a forged token even when cookie and header match', async () => {
      const real = (await csrfHeaders(app))['x-xsrf-token']!;
      const [nonce] = real.split('.');
      for (const forged of [
        'attacker-chosen-value',
        `${nonce}.${'A'.repeat(43)}`,
        `${'B'.repeat(24)}.${real.split('.')[1]}`,
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: FEEDBACK,
          remoteAddress: freshIp(),
          headers: { cookie: `XSRF-TOKEN=${forged}`, 'x-xsrf-token': forged, 'accept-language': 'en-US' },
          payload: validFeedback,
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(ERROR_CATALOGUE['Csrf.Invalid']['en-US']);
      }
    });

    it('refuses a token signed with another secret', async () => {
      const other = await buildTestApp('pglite', { appSecret: 'another-secret-another-secret-another-0123' });
      try {
        const foreign = await csrfHeaders(other.app);
        const res = await app.inject({
          method: 'POST',
          url: FEEDBACK,
          remoteAddress: freshIp(),
          headers: foreign,
          payload: validFeedback,
        });
        expect(res.statusCode).toBe(403);
      } finally {
        await other.close();
      }
    });

    it('lets a matching token through', async () => {
      const res = await app.inject({
        method: 'POST',
        url: FEEDBACK,
        remoteAddress: freshIp(),
        headers: await csrfHeaders(app),
        payload: validFeedback,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe('200');
    });

    it('leaves requests with an Authorization header to the API-key check, not CSRF', async () => {
      const res = await app.inject({
        method: 'POST',
        url: FEEDBACK,
        remoteAddress: freshIp(),
        headers: { authorization: 'Bearer nb_ak_example.not-a-real-secret' },
        payload: validFeedback,
      });
      // No CSRF refusal: the key itself is checked (and this one is not valid).
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('Account.Unauthorized');
    });

    it('answers an unknown /api path with 404 Request.NotFound, not 403', async () => {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'GET'] as const) {
        const res = await app.inject({ method, url: '/api/no/such/thing', headers: { 'accept-language': 'zh-CN' } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({
          code: 'Request.NotFound',
          message: ERROR_CATALOGUE['Request.NotFound']['zh-CN'],
        });
      }
    });

    it('does not check safe methods', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/account/check-login' });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('security headers', () => {
    it('sends a same-origin CSP and the usual hardening headers', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).not.toMatch(/https?:\/\//);
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('sends the headers on pages and errors too', async () => {
      for (const url of ['/robots.txt', '/api/missing', '/some/unknown/page']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      }
    });
  });

  describe('envelope', () => {
    it('puts a traceId in every error body and the X-Trace-Id header on every response', async () => {
      const ok = await app.inject({ method: 'GET', url: '/api/health' });
      expect(ok.headers['x-trace-id']).toMatch(/^[0-9a-f]{32}$/);
      const bad = await app.inject({
        method: 'POST',
        url: FEEDBACK,
        remoteAddress: freshIp(),
        headers: await csrfHeaders(app),
        payload: {},
      });
      expect(bad.json().traceId).toBe(bad.headers['x-trace-id']);
    });

    it.each(['zh-CN', 'en-US'] as Locale[])(
      'answers bad input with Request.Invalid and per-field messages (%s)',
      async (lang) => {
        const res = await app.inject({
          method: 'POST',
          url: FEEDBACK,
          remoteAddress: freshIp(),
          headers: { ...(await csrfHeaders(app)), 'accept-language': lang },
          payload: { name: '', email: 'not-an-email', category: 'nonsense', content: 'short' },
        });
        expect(res.statusCode).toBe(400);
        const body = res.json();
        expect(body.code).toBe('Request.Invalid');
        expect(body.message).toBe(ERROR_CATALOGUE['Request.Invalid'][lang]);
        expect(Object.keys(body.data.fields).sort()).toEqual(['category', 'content', 'email', 'name']);
        expect(body.data.fields.name).toBe(fieldMessage('required', lang));
        expect(body.data.fields.email).toBe(fieldMessage('email', lang));
        expect(body.data.fields.content).toBe(fieldMessage('tooShort', lang, { min: 10 }));
      },
    );

    it('answers malformed JSON with Request.Invalid, not a 500', async () => {
      const res = await app.inject({
        method: 'POST',
        url: FEEDBACK,
        remoteAddress: freshIp(),
        headers: { ...(await csrfHeaders(app)), 'content-type': 'application/json' },
        payload: '{"name": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('Request.Invalid');
    });
  });
});

describe.each(enginesFor('app'))('unexpected errors (%s)', (engine) => {
  let app: App;
  let database: Database;

  beforeAll(async () => {
    const databaseUrl = engine === 'postgres' ? await createPgDatabase() : undefined;
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      { appSecret: 'test-secret-test-secret-test-secret-0123456789', databaseUrl, seedDemo: false, sweepIntervalMs: 0 },
    );
    database = await openDatabase({ databaseUrl, pgliteDir: 'memory://', poolSize: 2 });
    app = await buildApp({ config, database, clock: new ManualClock(), logger: false });
    app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
      throw new Error('SELECT password_hash FROM users WHERE secret = 42');
    });
    app.get('/api/test/bad-sql', { config: { access: 'public' } }, async () => {
      await app.platform.db.execute('select * from no_such_table_here' as never);
      return { never: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each(['/api/test/boom', '/api/test/bad-sql'])(
    'answers %s with 500 Request.Unexpected and no details',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US' } });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toMatchObject({
        code: 'Request.Unexpected',
        message: ERROR_CATALOGUE['Request.Unexpected']['en-US'],
      });
      expect(body.data).toBeNull();
      expect(body.traceId).toBe(res.headers['x-trace-id']);
      expect(res.body).not.toMatch(/SELECT|password_hash|no_such_table|stack|\.ts:\d+|at /i);
    },
  );
});
