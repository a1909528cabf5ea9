import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, csrfHeaders, enginesFor, type TestContext } from '../../test/helpers.ts';
import { ok } from './envelope.ts';
import { AppError } from './errors.ts';
import { IDEMPOTENCY_TTL_SECONDS } from './idempotency.ts';
import { afterCommit } from './request-tx.ts';

const feedback = {
  name: 'Wang Fang',
  email: 'wang@example.com',
  category: 'payment',
  content: 'My top-up did not arrive.',
};

describe.each(enginesFor('sql'))('Idempotency-Key (%s)', (engine) => {
  let t: TestContext;
  let headers: Record<string, string>;
  let slowCalls = 0;
  let failCalls = 0;
  let guardedCalls = 0;
  let refuseCalls = 0;
  const outsideCalls: string[] = [];
  let writeFailCalls = 0;

  beforeAll(async () => {
    t = await buildTestApp(engine, {}, (app) => {
      app.post(
        '/api/test/slow',
        { schema: { body: z.object({ n: z.number() }) }, config: { access: 'public' } },
        async (request) => {
          slowCalls++;
          await new Promise((r) => setTimeout(r, 300));
          return ok({ n: (request.body as { n: number }).n, call: slowCalls });
        },
      );
      app.post('/api/test/guarded', { config: { access: 'public' } }, async (request) => {
        // Stands in for an MFA-guarded route: challenged until the retry carries mfaVerification.
        const body = request.body as { n: number; mfaVerification?: unknown };
        if (!body.mfaVerification) throw new AppError('Account.Mfa.Required', { data: { challengeId: 'c1' } });
        guardedCalls++;
        return ok({ n: body.n, call: guardedCalls });
      });
      app.post('/api/test/write-then-fail', { config: { access: 'public' } }, async () => {
        writeFailCalls++;
        await app.platform.db.execute(
          sql`insert into feedback (feedback_no, name, email, category, content, locale, created_at)
              values (${`T-${writeFailCalls}`}, 'T', 't@example.com', 'other', 'written first', 'en-US', now())`,
        );
        if (writeFailCalls === 1) throw new Error('crashed after writing');
        return ok({ call: writeFailCalls });
      });
      app.post('/api/test/outside', { config: { access: 'public' } }, async (request) => {
        const fail = (request.body as { fail?: boolean } | undefined)?.fail === true;
        await afterCommit(async () => {
          outsideCalls.push(fail ? 'after a failure' : 'after the commit');
        });
        if (fail) throw new Error('failed after queueing outside work');
        return ok({ queued: true });
      });
      app.post('/api/test/refuse', { config: { access: 'public' } }, async () => {
        refuseCalls++;
        throw new AppError('Funds.InsufficientBalance', { data: { requiredCents: 100, availableCents: 0 } });
      });
      app.post('/api/test/flaky', { config: { access: 'public' } }, async () => {
        failCalls++;
        if (failCalls === 1) throw new Error('database went away');
        return ok({ call: failCalls });
      });
    });
    headers = await csrfHeaders(t.app);
  });
  afterAll(() => t.close());

  const countFeedback = async () => {
    const result = (await t.app.platform.db.execute(sql`select count(*)::int as n from feedback`)) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]?.n ?? 0;
  };

  it('runs a request once and replays its first response for the same key and body', async () => {
    const before = await countFeedback();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/general/service/feedback',
        payload: feedback,
        headers: { ...headers, 'idempotency-key': 'fb-0001' },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.feedbackId).toBe(first.json().data.feedbackId);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await countFeedback()).toBe(before + 1);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^namebourse_idempotency_replays_total [1-9]/m);
  });

  it('refuses the same key with a different body', async () => {
    const key = { ...headers, 'idempotency-key': 'fb-0002', 'accept-language': 'en-US' };
    await t.app.inject({ method: 'POST', url: '/api/general/service/feedback', payload: feedback, headers: key });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/general/service/feedback',
      payload: { ...feedback, content: 'Something else entirely.' },
      headers: key,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'Request.IdempotencyConflict',
      message: 'This idempotency key was already used for a different request',
    });
  });

  it('makes a concurrent duplicate wait for the first and replay its answer (the work runs once)', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/test/slow',
        payload: { n: 7 },
        headers: { ...headers, 'idempotency-key': 'slow-1' },
      });
    const before = slowCalls;
    const firstP = send();
    await new Promise((r) => setTimeout(r, 100));
    const second = await send();
    const first = await firstP;
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    expect(slowCalls).toBe(before + 1);
  });

  it('commits the change and its stored answer together: a failed request leaves neither', async () => {
    const before = await countFeedback();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/test/write-then-fail',
        headers: { ...headers, 'idempotency-key': 'wtf-1' },
      });
    const failed = await send();
    expect(failed.statusCode).toBe(500);
    // The feedback written before the failure was rolled back with the request's transaction.
    expect(await countFeedback()).toBe(before);
    const retry = await send();
    expect(retry.statusCode).toBe(200);
    expect(await countFeedback()).toBe(before + 1);
    const replay = await send();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(retry.body);
    expect(await countFeedback()).toBe(before + 1);
  });

  it('calls the outside world only after a keyed request commits, and never after a rollback', async () => {
    const send = (key: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/test/outside',
        payload,
        headers: { ...headers, 'idempotency-key': key },
      });
    expect((await send('outside-fail', { fail: true })).statusCode).toBe(500);
    expect((await send('outside-ok', {})).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(outsideCalls).toEqual(['after the commit']);
    // Without a key there is no request transaction: the work runs at once.
    await t.app.inject({ method: 'POST', url: '/api/test/outside', payload: {}, headers });
    expect(outsideCalls).toEqual(['after the commit', 'after the commit']);
  });

  it('keeps a business refusal with what it changed, and replays it', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/test/refuse',
        headers: { ...headers, 'idempotency-key': 'refuse-1', 'accept-language': 'en-US' },
      });
    const first = await send();
    expect(first.statusCode).toBe(402);
    const again = await send();
    expect(again.statusCode).toBe(402);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(refuseCalls).toBe(1);
  });

  it('lets the retry after an MFA challenge (same key, now with mfaVerification) run, once', async () => {
    const send = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/test/guarded',
        payload,
        headers: { ...headers, 'idempotency-key': 'mfa-1' },
      });
    const challenged = await send({ n: 5 });
    expect(challenged.statusCode).toBe(403);
    expect(challenged.json().code).toBe('Account.Mfa.Required');
    const verification = { challengeId: 'c1', factors: [{ method: 'AUTHENTICATOR', token: '123456' }] };
    const passed = await send({ n: 5, mfaVerification: verification });
    expect(passed.statusCode).toBe(200);
    const replayed = await send({ n: 5, mfaVerification: verification });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json().data).toEqual(passed.json().data);
    expect((await send({ n: 6, mfaVerification: verification })).statusCode).toBe(422);
  });

  it('does not keep server errors, so a retry runs again', async () => {
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/test/flaky', headers: { ...headers, 'idempotency-key': 'flaky-1' } });
    expect((await send()).statusCode).toBe(500);
    const retry = await send();
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toEqual({ call: 2 });
  });

  it('keeps keys apart per caller and rejects malformed keys', async () => {
    const key = { ...headers, 'idempotency-key': 'shared-key' };
    const a = await t.app.inject({ method: 'POST', url: '/api/test/slow', payload: { n: 1 }, headers: key });
    const b = await t.app.inject({
      method: 'POST',
      url: '/api/test/slow',
      payload: { n: 2 },
      headers: key,
      remoteAddress: '198.51.100.9',
    });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().data.n).toBe(2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/slow',
      payload: { n: 1 },
      headers: { ...headers, 'idempotency-key': 'has spaces in it' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields['Idempotency-Key']).toBeTruthy();
  });

  it('forgets keys after 24 hours (swept), after which the key runs anew', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/test/slow',
        payload: { n: 2 },
        headers: { ...headers, 'idempotency-key': 'old-1' },
      });
    const first = await send();
    t.clock.advance(IDEMPOTENCY_TTL_SECONDS + 1);
    const sweep = await t.app.inject({ method: 'POST', url: '/api/dev/sweep' });
    expect(sweep.json().data.advanced).toContainEqual({ sweeper: 'idempotency.expire', count: expect.any(Number) });
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json().data.call).toBeGreaterThan(first.json().data.call);
  });
});
