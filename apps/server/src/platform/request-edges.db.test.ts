import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, csrfHeaders, enginesFor, type TestContext } from '../../test/helpers.ts';

const feedback = { name: 'Li Lei', email: 'li@example.com', category: 'other', content: 'Hello, this is a message.' };

/** Requests spelled to slip past a check decided on the raw URL, and forged proxy headers. */
describe.each(enginesFor('app'))('request edges (%s)', (engine) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  it.each(['//api/general/service/feedback', '/%61pi/general/service/feedback', '/api//general/service/feedback'])(
    'never accepts %s without a CSRF token',
    async (url) => {
      const res = await t.app.inject({ method: 'POST', url, payload: feedback });
      expect(res.statusCode).not.toBe(200);
      expect([403, 404]).toContain(res.statusCode);
    },
  );

  // A parameter over the router's length is refused (Request.Invalid) or, where the router finds
  // another branch to try first, not found; either way an envelope that does not echo the path.
  it.each([
    ['a path it cannot decode', '/api/orders/%E0%A4%A', ['Request.Invalid']],
    [
      'a parameter over the router\u2019s length',
      `/api/orders/${'1'.repeat(600)}`,
      ['Request.Invalid', 'Request.NotFound'],
    ],
  ])('answers %s in the envelope, without echoing the path', async (_name, url, codes) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'zh-CN' } });
    const body = res.json();
    expect(codes).toContain(body.code);
    expect(res.statusCode).toBe(body.code === 'Request.Invalid' ? 400 : 404);
    expect(body.message).toBe(body.code === 'Request.Invalid' ? '请求参数有误，请检查后重试' : '地址无效或不存在');
    expect(res.body).not.toContain('%E0');
    expect(res.body).not.toContain('1111111111');
    expect(res.headers['x-trace-id']).toBe(body.traceId);
  });

  it('does not let a forged X-Forwarded-For escape the per-IP limit (no proxy trusted by default)', async () => {
    const headers = await csrfHeaders(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/general/service/feedback',
        payload: feedback,
        headers: { ...headers, 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('builds sitemap URLs from its own host, not a forged X-Forwarded-Host', async () => {
    const res = await t.app.inject({
      url: '/sitemap.xml',
      headers: { host: 'localhost:3000', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.body).not.toContain('evil.example');
  });
});
