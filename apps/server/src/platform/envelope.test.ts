import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopePlugin, localiseIssue, newTraceId, ok, okSchema } from './envelope.ts';
import { AppError } from './errors.ts';

function miniApp() {
  const app = Fastify({ logger: false, genReqId: newTraceId }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

describe('envelope plugin', () => {
  const app = miniApp();

  beforeAll(async () => {
    await app.register(envelopePlugin, {
      notFound: (_req, reply) => reply.type('text/html').send('<html>spa</html>'),
    });
    app.get('/api/echo', async (request) =>
      ok({
        locale: request.locale,
        offset: request.timezoneOffsetMinutes,
        fingerprint: request.deviceFingerprint,
      }),
    );
    app.post(
      '/api/form',
      {
        schema: {
          body: z.object({
            email: z.email(),
            address: z.object({ line: z.string().min(10).max(200) }),
            count: z.number().int().max(5),
          }),
          response: { 200: okSchema(z.object({ saved: z.boolean() })) },
        },
      },
      async () => ok({ saved: true }),
    );
    app.get('/api/insufficient', async () => {
      throw new AppError('Verification.TooManyRequests', { data: { retryAfterSeconds: 42 } });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('makes locale, time-zone offset and device fingerprint available to handlers', async () => {
    const res = await app.inject({
      url: '/api/echo',
      headers: {
        'accept-language': 'zh-TW,zh;q=0.9',
        'accept-timezone-offset': '480',
        'x-device-fingerprint': 'fp_1a2b3c',
      },
    });
    expect(res.json()).toEqual({
      code: '200',
      message: 'success',
      data: { locale: 'zh-CN', offset: 480, fingerprint: 'fp_1a2b3c' },
    });
    expect(res.headers['x-trace-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('falls back safely on missing or hostile headers', async () => {
    const res = await app.inject({
      url: '/api/echo',
      headers: { 'accept-timezone-offset': '99999', 'x-device-fingerprint': '<script>alert(1)</script>' },
    });
    expect(res.json().data).toEqual({ locale: 'en-US', offset: 0, fingerprint: 'unknown' });
  });

  it('answers invalid input with per-field messages in the caller’s language', async () => {
    const payload = { email: 'nope', address: { line: 'short' }, count: 9 };
    const zh = await app.inject({ method: 'POST', url: '/api/form', payload, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({
      code: 'Request.Invalid',
      message: '请求参数有误，请检查后重试',
      data: {
        fields: {
          email: '请输入有效的邮箱地址',
          'address.line': '内容过短（至少 10 个字符）',
          count: '数值过大（最多 5）',
        },
      },
    });
    const en = await app.inject({
      method: 'POST',
      url: '/api/form',
      payload: {},
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().data.fields).toEqual({
      email: 'This field is required',
      address: 'This field is required',
      count: 'This field is required',
    });
    expect(en.json().traceId).toBe(en.headers['x-trace-id']);
  });

  it('sends business errors with their status, localised message and data', async () => {
    const res = await app.inject({ url: '/api/insufficient', headers: { 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: 'Verification.TooManyRequests',
      data: { retryAfterSeconds: 42 },
    });
  });

  it('answers unknown /api paths with 404 Request.NotFound and other paths with the SPA fallback', async () => {
    const api = await app.inject({ url: '/api/no/such/thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('Request.NotFound');
    const page = await app.inject({ url: '/help-center/whatever' });
    expect(page.body).toBe('<html>spa</html>');
  });
});

describe('localiseIssue', () => {
  it('maps zod issue kinds to field messages', () => {
    const issue = (keyword: string, params: Record<string, unknown> = {}, message = '') => ({
      keyword,
      instancePath: '/x',
      message,
      params,
    });
    expect(localiseIssue(issue('too_small', { origin: 'number', minimum: 5 }), 'en-US')).toBe('Too small (at least 5)');
    expect(localiseIssue(issue('too_big', { origin: 'string', maximum: 20 }), 'zh-CN')).toBe(
      '内容过长（最多 20 个字符）',
    );
    expect(localiseIssue(issue('unrecognized_keys'), 'en-US')).toBe('Unknown field');
    expect(localiseIssue(issue('invalid_value', { values: ['a', 'b'] }), 'zh-CN')).toBe('请选择有效的选项');
    expect(localiseIssue(issue('custom', {}, 'passwordMismatch'), 'en-US')).toBe('Passwords do not match');
    expect(localiseIssue(issue('custom', {}, 'anything else'), 'en-US')).toBe('Invalid value');
    // A wrong kind of value ('abc' for a number) is not a missing one: the schema's message, else 'Invalid value'.
    expect(localiseIssue(issue('invalid_type', { expected: 'number', received: 'NaN' }, 'notInteger'), 'en-US')).toBe(
      'Must be a whole number',
    );
    expect(localiseIssue(issue('invalid_type', { expected: 'number', received: 'NaN' }, 'x'), 'zh-CN')).toBe(
      '格式不正确',
    );
    expect(localiseIssue(issue('invalid_type', { expected: 'number' }, 'notInteger'), 'en-US')).toBe(
      'This field is required',
    );
  });
});
