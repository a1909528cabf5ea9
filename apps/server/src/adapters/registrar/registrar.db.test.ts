import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { RegistrarError } from './port.ts';
import { defaultRedeemed, RegistrarSimulator, simulatorOf } from './simulator.ts';

describe('registrar simulator', () => {
  it('decides per domain deterministically: about 10% redeemed, the same answer in every instance', async () => {
    const names = Array.from({ length: 2_000 }, (_, i) => `name${i}.com`);
    const redeemed = names.filter((n) => defaultRedeemed(n)).length;
    expect(redeemed).toBeGreaterThan(120);
    expect(redeemed).toBeLessThan(280);
    const a = new RegistrarSimulator({ seed: 1, maxLatencyMs: 0 });
    const b = new RegistrarSimulator({ seed: 99, maxLatencyMs: 0 });
    for (const name of names.slice(0, 50)) {
      const [ra, rb] = await Promise.all([a.checkRedemption(name), b.checkRedemption(name.toUpperCase())]);
      expect(ra).toEqual(rb);
      expect(ra.redeemed).toBe(defaultRedeemed(name));
    }
  });

  it('follows instructions per domain and fails on command until told otherwise', async () => {
    const sim = new RegistrarSimulator({ maxLatencyMs: 2 });
    const domain = names(1)[0] as string;
    const natural = defaultRedeemed(domain);
    expect(sim.steer(domain, { redeemed: !natural })).toMatchObject({ redeemed: !natural, source: 'instruction' });
    expect(await sim.checkRedemption(domain)).toEqual({ redeemed: !natural });
    sim.steer(domain, { fail: true });
    await expect(sim.checkRedemption(domain)).rejects.toBeInstanceOf(RegistrarError);
    // Other domains are unaffected.
    expect((await sim.checkRedemption('other-name.net')).redeemed).toBe(defaultRedeemed('other-name.net'));
    sim.steer(domain, { fail: false });
    expect(await sim.checkRedemption(domain)).toEqual({ redeemed: !natural });
    sim.reset(domain);
    expect(sim.state(domain)).toEqual({ domain, redeemed: natural, fail: false, source: 'default' });
  });
});

function names(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `steer${i}.com`);
}

describe('POST /api/dev/registrar', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('steers the simulator of this instance and validates the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/registrar',
      payload: { domain: 'Example.COM', redeemed: true, fail: true },
    });
    expect(res.json()).toMatchObject({
      code: '200',
      data: { domain: 'example.com', redeemed: true, fail: true, source: 'instruction' },
    });
    await expect(t.app.platform.registrar.checkRedemption('example.com')).rejects.toBeInstanceOf(RegistrarError);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/dev/registrar',
      payload: { domain: 'example.com', reset: true },
    });
    expect(reset.json().data).toMatchObject({ fail: false, source: 'default' });
    expect(simulatorOf(t.app.platform.registrar)?.state('example.com').fail).toBe(false);
    const bad = await t.app.inject({ method: 'POST', url: '/api/dev/registrar', payload: { redeemed: true } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('Request.Invalid');
  });

  it('is not there without dev tools', async () => {
    const prod = await buildTestApp('pglite', { devTools: false });
    try {
      const res = await prod.app.inject({ method: 'POST', url: '/api/dev/registrar', payload: { domain: 'a.com' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('Dev.Disabled');
    } finally {
      await prod.close();
    }
  });
});
