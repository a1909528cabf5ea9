import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { RegistrarError } from '../../adapters/registrar/port.ts';
import { defaultRedeemed, simulatorOf } from '../../adapters/registrar/simulator.ts';
import { SystemClock } from '../../platform/clock.ts';
import { claimRows } from '../../platform/sweeper.ts';

describe.each(enginesFor('app'))('dev tools on %s', (engine) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('GET /api/dev/clock reads the clock', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dev/clock' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: '200',
      data: { now: ctx.clock.now().toISOString(), mode: 'manual' },
    });
  });

  it('POST /api/dev/clock/advance moves the platform clock (no CSRF token needed)', async () => {
    const before = ctx.app.platform.clock.now().getTime();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/dev/clock/advance', payload: { seconds: 3600 } });
    expect(res.statusCode).toBe(200);
    const after = ctx.app.platform.clock.now();
    expect(after.getTime() - before).toBe(3600_000);
    expect(res.json().data).toEqual({ now: after.toISOString(), mode: 'manual' });

    const bad = await ctx.app.inject({ method: 'POST', url: '/api/dev/clock/advance', payload: { seconds: -1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('Request.Invalid');
  });

  it('POST /api/dev/clock/advance answers 409 Dev.ClockNotManual on the system clock', async () => {
    const platform = ctx.app.platform;
    const manual = platform.clock;
    platform.clock = new SystemClock();
    try {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/dev/clock/advance', payload: { seconds: 1 } });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('Dev.ClockNotManual');
      const state = await ctx.app.inject({ method: 'GET', url: '/api/dev/clock' });
      expect(state.json().data.mode).toBe('system');
    } finally {
      platform.clock = manual;
    }
  });

  it('GET /api/dev/outbox lists mails and SMS to an address, newest first, with codes', async () => {
    const { mailer, sms } = ctx.app.platform;
    await mailer.send({ to: 'Dev@Example.com', subject: 'first', text: 'code 111111', code: '111111' });
    ctx.clock.advance(1);
    await mailer.send({ to: 'dev@example.com', subject: 'second', text: 'code 222222', code: '222222' });
    await sms.send({ to: '+8613812345678', text: 'code 333333', code: '333333' });

    const res = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?to=DEV%40example.com' });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as { subject: string; code: string; channel: string }[];
    expect(items.map((m) => [m.channel, m.subject, m.code])).toEqual([
      ['email', 'second', '222222'],
      ['email', 'first', '111111'],
    ]);

    const encoded = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?to=%2B8613812345678' });
    expect(encoded.json().data.items).toMatchObject([
      { channel: 'sms', to: '+8613812345678', code: '333333', subject: null },
    ]);
    // An unencoded '+' (a space once decoded) finds the same number.
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?to=+8613812345678' });
    expect(plain.json().data.items).toEqual(encoded.json().data.items);

    const missing = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('Request.Invalid');
  });

  it('POST /api/dev/registrar steers redemption and failure of this instance and validates the body', async () => {
    const { registrar } = ctx.app.platform;
    const steer = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: '/api/dev/registrar', payload });
    const res = await steer({ domain: 'Example.COM', redeemed: true, fail: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: '200',
      data: { domain: 'example.com', redeemed: true, fail: true, source: 'instruction' },
    });
    await expect(registrar.checkRedemption('example.com')).rejects.toBeInstanceOf(RegistrarError);
    await expect(registrar.setLock('example.com', false, ctx.clock.now())).rejects.toBeInstanceOf(RegistrarError);
    const reset = await steer({ domain: 'example.com', reset: true });
    expect(reset.json().data).toEqual({
      domain: 'example.com',
      redeemed: defaultRedeemed('example.com'),
      fail: false,
      source: 'default',
      failOperations: null,
      latencySeconds: null,
    });
    expect(simulatorOf(registrar)?.state('example.com').fail).toBe(false);
    for (const payload of [
      { redeemed: true },
      { domain: 'a.com', latencySeconds: -1 },
      { domain: 'a.com', failOperations: '' },
    ]) {
      const bad = await steer(payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().code).toBe('Request.Invalid');
    }
  });

  it('POST /api/dev/registrar makes operations fail and sets their latency; null clears', async () => {
    const { registrar } = ctx.app.platform;
    const steer = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: '/api/dev/registrar', payload });
    const res = await steer({ domain: 'ops.com', failOperations: 'maintenance window', latencySeconds: 90 });
    expect(res.json().data).toMatchObject({ failOperations: 'maintenance window', latencySeconds: 90, fail: false });
    // Fields left out keep their instruction.
    expect((await steer({ domain: 'ops.com', redeemed: false })).json().data).toMatchObject({
      failOperations: 'maintenance window',
      latencySeconds: 90,
    });

    const failing = await registrar.renew('ops.com', 1, ctx.clock.now());
    expect(failing.checkAfter.getTime() - ctx.clock.now().getTime()).toBe(90_000);
    expect(await registrar.poll(failing.ticket, ctx.clock.now())).toMatchObject({ state: 'pending' });
    await ctx.app.inject({ method: 'POST', url: '/api/dev/clock/advance', payload: { seconds: 90 } });
    expect(await registrar.poll(failing.ticket, ctx.clock.now())).toEqual({
      state: 'failed',
      reason: 'registrar: maintenance window',
    });

    const cleared = await steer({ domain: 'ops.com', failOperations: null, latencySeconds: null });
    expect(cleared.json().data).toMatchObject({ failOperations: null, latencySeconds: null });
    const now = ctx.clock.now();
    const out = await registrar.transferOut('ops.com', now);
    expect(out.checkAfter.getTime() - now.getTime()).toBe(5 * 86_400_000);
    await ctx.app.inject({ method: 'POST', url: '/api/dev/clock/advance', payload: { seconds: 5 * 86_400 } });
    expect(await registrar.poll(out.ticket, ctx.clock.now())).toMatchObject({ state: 'succeeded' });
  });

  it('POST /api/dev/sweep runs the registered handlers and reports what advanced', async () => {
    const { db, sweeper } = ctx.app.platform;
    await db.execute(
      sql`create table dev_sweep_test (id serial primary key, due_at timestamptz not null, done boolean not null default false)`,
    );
    const now = ctx.clock.now();
    await db.execute(
      sql`insert into dev_sweep_test (due_at) values (${new Date(now.getTime() - 1000).toISOString()}::timestamptz), (${new Date(now.getTime() + 60_000).toISOString()}::timestamptz)`,
    );
    sweeper.register<{ id: number }>({
      name: 'dev.test',
      claim: (tx, at, limit) =>
        claimRows(
          tx,
          sql`select id from dev_sweep_test where not done and due_at <= ${at.toISOString()}::timestamptz order by due_at limit ${limit}`,
        ),
      apply: async (tx, row) => {
        await tx.execute(sql`update dev_sweep_test set done = true where id = ${row.id}`);
      },
    });

    const first = await ctx.app.inject({ method: 'POST', url: '/api/dev/sweep' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ advanced: [{ sweeper: 'dev.test', count: 1 }], total: 1 });

    await ctx.app.inject({ method: 'POST', url: '/api/dev/clock/advance', payload: { seconds: 60 } });
    const second = await ctx.app.inject({ method: 'POST', url: '/api/dev/sweep', payload: {} });
    expect(second.json().data).toEqual({ advanced: [{ sweeper: 'dev.test', count: 1 }], total: 1 });
    const third = await ctx.app.inject({ method: 'POST', url: '/api/dev/sweep' });
    expect(third.json().data.total).toBe(0);
  });
});

describe.each(enginesFor('app'))('dev tools disabled on %s', (engine) => {
  const cases: [string, Partial<TestContext['config']>][] = [
    ['DEV_TOOLS off', { devTools: false }],
    ['production mode', { devTools: true, isProduction: true, env: 'production' }],
  ];

  for (const [label, overrides] of cases) {
    describe(label, () => {
      let ctx: TestContext;
      beforeAll(async () => {
        ctx = await buildTestApp(engine, overrides);
      });
      afterAll(async () => {
        await ctx?.close();
      });

      it('every /api/dev/* path answers 404 Dev.Disabled', async () => {
        const requests = [
          { method: 'GET', url: '/api/dev/outbox?to=a%40b.c' },
          { method: 'GET', url: '/api/dev/clock' },
          { method: 'POST', url: '/api/dev/clock/advance', payload: { seconds: 60 } },
          { method: 'POST', url: '/api/dev/sweep' },
          { method: 'POST', url: '/api/dev/registrar', payload: { domain: 'a.com' } },
          { method: 'GET', url: '/api/dev/anything/else' },
          { method: 'GET', url: '/api/dev' },
        ] as const;
        const before = ctx.clock.now().getTime();
        for (const request of requests) {
          const res = await ctx.app.inject(request);
          expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
          expect(res.json().code, `${request.method} ${request.url}`).toBe('Dev.Disabled');
        }
        expect(ctx.clock.now().getTime()).toBe(before);
      });
    });
  }
});
