import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, csrfHeaders, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { findFeedbackByNo } from './support.repository.ts';
import { newFeedbackNo } from './support.service.ts';

describe.each(enginesFor('app'))('feedback (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores a message with its number, locale, IP and trace id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/general/service/feedback',
      remoteAddress: '203.0.113.7',
      headers: { ...(await csrfHeaders(t.app)), 'accept-language': 'zh-CN,zh;q=0.9' },
      payload: {
        name: '  李雷 ',
        email: 'LiLei@Example.com',
        category: 'payment',
        content: '充值之后余额没有变化，请帮忙查看。',
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe('200');
    expect(body.data.feedbackId).toMatch(/^FB20260105\d{6}$/);
    expect(body.data.createdAt).toBe('2026-01-05T00:00:00.000Z');

    const row = await findFeedbackByNo(t.app.platform.db, body.data.feedbackId);
    expect(row).toMatchObject({
      name: '李雷',
      email: 'lilei@example.com',
      category: 'payment',
      content: '充值之后余额没有变化，请帮忙查看。',
      locale: 'zh-CN',
      ip: '203.0.113.7',
      traceId: res.headers['x-trace-id'],
      userAccountNo: null,
    });
  });

  it('refuses over-long input with per-field messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/general/service/feedback',
      remoteAddress: '203.0.113.8',
      headers: { ...(await csrfHeaders(t.app)), 'accept-language': 'en-US' },
      payload: { name: 'x'.repeat(51), email: 'a@b.co', category: 'other', content: 'y'.repeat(2001) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual({
      name: 'Too long (at most 50 characters)',
      content: 'Too long (at most 2000 characters)',
    });
  });
});

describe('feedback numbers', () => {
  it('are FB + UTC date + 6 digits', () => {
    expect(newFeedbackNo(new Date('2026-03-09T23:59:59Z'))).toMatch(/^FB20260309\d{6}$/);
  });
});
