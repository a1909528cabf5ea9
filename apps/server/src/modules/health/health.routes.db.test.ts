import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../../test/helpers.ts';

describe.each(enginesFor('app'))('GET /api/health (%s)', (engine) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('answers ok while the database answers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: '200', message: 'success', data: { status: 'ok', database: 'ok' } });
  });

  it('answers 503 Request.Unavailable, without details, once the database is gone', async () => {
    await t.database.close();
    const res = await t.app.inject({ url: '/api/health', headers: { 'accept-language': 'zh-CN' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    // When to try again, and nothing about the database itself.
    expect(res.json()).toMatchObject({
      code: 'Request.Unavailable',
      message: '服务暂不可用，请稍后再试',
      data: { retryAfterSeconds: 5 },
    });
    expect(JSON.stringify(res.json().data)).not.toMatch(/pglite|postgres|ECONN|closed/i);
  });
});
