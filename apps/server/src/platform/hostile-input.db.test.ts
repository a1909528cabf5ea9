import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders, enginesFor, type TestContext } from '../../test/helpers.ts';
import { buildFundsTestApp, PNG, type SignedIn, signIn, upload } from '../modules/funds/payees.test-support.ts';
import { unsafeTextPaths } from './hostile-input.ts';

let ip = 0;
/** Feedback is limited per address: each request here comes from its own. */
const fresh = () => ({ remoteAddress: `198.51.100.${++ip}` });

const feedback = { name: 'Li Lei', email: 'li@example.com', category: 'other', content: 'Hello, this is a message.' };

/** NUL characters and lone surrogates anywhere in a request: 400 Request.Invalid naming the field, never a 500. */
describe.each(enginesFor('app'))('hostile input (%s)', (engine) => {
  let t: TestContext;
  let user: SignedIn;

  beforeAll(async () => {
    t = await buildFundsTestApp(engine);
    user = await signIn(t);
  });
  afterAll(() => t.close());

  const refusedField = (res: { statusCode: number; json(): unknown }, field: string, message: string) => {
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; data: { fields: Record<string, string> }; traceId: string };
    expect(body.code).toBe('Request.Invalid');
    expect(body.data.fields[field]).toBe(message);
    expect(body.traceId).toMatch(/^[0-9a-f]{32}$/);
  };
  const EN = 'Contains characters that are not allowed (NUL or invalid Unicode)';
  const ZH = '包含不允许的字符（空字符或无效的 Unicode）';

  it.each([
    ['/api/auctions?keyword=%00', 'keyword'],
    ['/api/auctions?includeAsStart=a%00b', 'includeAsStart'],
    ['/api/payments/sandbox/a%00', 'sessionId'],
  ])('refuses NUL in the address: %s', async (url, field) => {
    refusedField(await t.app.inject({ url, headers: { 'accept-language': 'zh-CN' } }), field, ZH);
  });

  it('refuses NUL in a signed-in path parameter and query', async () => {
    refusedField(await t.app.inject({ url: '/api/orders/a%00', headers: user.headers }), 'orderId', EN);
    refusedField(await t.app.inject({ url: '/api/orders?keyword=%00', headers: user.headers }), 'keyword', EN);
  });

  it('refuses \\u0000 and lone surrogate escapes in a raw JSON body, naming the field', async () => {
    const headers = { ...(await csrfHeaders(t.app)), 'content-type': 'application/json', 'accept-language': 'en-US' };
    const url = '/api/general/service/feedback';
    for (const escaped of ['\\u0000', 'a\\ud800b', '\\udc00', '\\ud83d']) {
      const payload = `{"name":"Li","email":"li@example.com","category":"other","content":"Hello ${escaped} there"}`;
      refusedField(await t.app.inject({ method: 'POST', url, headers, payload, ...fresh() }), 'content', EN);
    }
    const nested = { ...feedback, extra: { list: ['ok', 'bad\u0000'] } };
    refusedField(await t.app.inject({ method: 'POST', url, headers, payload: nested, ...fresh() }), 'extra.list.1', EN);
  });

  it('lets emoji (surrogate pairs), RTL and CJK text through', async () => {
    const headers = await csrfHeaders(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/general/service/feedback',
      headers,
      ...fresh(),
      payload: { ...feedback, content: 'Hello 😀 مرحبا 你好 \u202e text' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses NUL in a header or cookie the server reads', async () => {
    refusedField(await t.app.inject({ url: '/api/auctions', headers: { 'user-agent': 'x\u0000y' } }), 'user-agent', EN);
    refusedField(await t.app.inject({ url: '/api/auctions', headers: { cookie: 'nb_at=%00' } }), 'nb_at', EN);
  });

  it('does not read uploads or a webhook body as text: NUL bytes there are data', async () => {
    const image = Buffer.concat([PNG, Buffer.alloc(16)]);
    const res = await upload(t, user.headers, { fileName: 'card.png', contentType: 'image/png', data: image });
    expect(res.statusCode).toBe(200);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from([0x7b, 0x00, 0x7d]),
    });
    expect(hook.statusCode).toBe(400);
    expect(hook.json().code).toBe('Funds.WebhookSignatureInvalid');
  });

  it('answers 400, not a crash, to a deeply nested body', async () => {
    const headers = { ...(await csrfHeaders(t.app)), 'content-type': 'application/json' };
    const depth = 200_000;
    const payload = `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/general/service/feedback',
      headers,
      payload,
      ...fresh(),
    });
    expect(res.statusCode).toBe(400);
  });

  it.each(['2026-13-45', '2026-02-30'])(
    'answers 400 dateInvalid to the date %s in a search and an export',
    async (date) => {
      for (const field of ['regTimeEnd', 'saleEndTimeStart']) {
        refusedField(await t.app.inject({ url: `/api/auctions?${field}=${date}` }), field, 'Enter a valid date');
      }
      refusedField(
        await t.app.inject({ url: `/api/funds/transactions?from=${date}&format=csv`, headers: user.headers }),
        'from',
        'Enter a valid date',
      );
    },
  );
});

describe('unsafeTextPaths', () => {
  it('names each offending string or key by its path and skips bytes', () => {
    expect(unsafeTextPaths({ a: 'ok', b: ['x', 'y\u0000'], c: { 'k\u0000': 1 }, d: Buffer.from([0]) })).toEqual([
      'b.1',
      'c',
    ]);
    expect(unsafeTextPaths('\ud800')).toEqual(['_']);
    expect(unsafeTextPaths({ e: '😀', f: '\ud83d\ude00' })).toEqual([]);
  });
});
