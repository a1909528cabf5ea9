import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/helpers.ts';

/**
 * X-Forwarded-For decides the client address (per-IP limits, API-key allow-lists, the sessions
 * list) only when it comes from a proxy listed in TRUST_PROXY.
 */
describe('TRUST_PROXY', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { trustProxy: ['127.0.0.1'] }, (app) => {
      app.get('/test/client-ip', async (request) => ({ ip: request.ip }));
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const clientIp = async (remoteAddress: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/test/client-ip',
      remoteAddress,
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    return res.json().ip as string;
  };

  it('honours X-Forwarded-For from a trusted proxy', async () => {
    expect(await clientIp('127.0.0.1')).toBe('203.0.113.9');
  });

  it('ignores X-Forwarded-For from any other address', async () => {
    expect(await clientIp('198.51.100.7')).toBe('198.51.100.7');
  });
});
