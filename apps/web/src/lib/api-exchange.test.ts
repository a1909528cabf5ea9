import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { calls, fail, json, ok, type Responder, script, setCookie, slowBody } from './api-client.test-support.ts';
import { ApiError, api, buildQueryString, fieldErrorsOf } from './api-client.ts';
import { getFeedbackState, resetFeedbackStore } from './feedback-store.ts';
import { setFingerprintProvider, VISITOR_ID_STORAGE_KEY } from './fingerprint.ts';

describe('headers and transport', () => {
  it('declares no JSON body on a state-changing call that has none (an empty JSON body is refused)', async () => {
    setCookie('XSRF-TOKEN=t');
    script(() => ok(null));
    await api.delete('/funds/cards/C1');
    expect(calls[0]?.headers.get('Content-Type')).toBeNull();
    expect(calls[0]?.body ?? undefined).toBeUndefined();
    script(() => ok(null));
    await api.post('/x', { a: 1 });
    expect(calls[1]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('sends the spec §7 headers, credentials and the CSRF token from the cookie', async () => {
    setCookie('XSRF-TOKEN=tok%2Fen');
    script(() => ok({ accountNo: 'A1', nickname: 'n' }));
    await expect(api.get('/account/check-login')).resolves.toEqual({ accountNo: 'A1', nickname: 'n' });
    const [call] = calls;
    expect(call?.url).toBe('/api/account/check-login');
    expect(call?.credentials).toBe('include');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.headers.get('Accept-Language')).toBe('en-US');
    expect(call?.headers.get('Accept-Timezone-Offset')).toBe(String(-new Date().getTimezoneOffset()));
    expect(call?.headers.get('X-Device-Fingerprint')).toMatch(/^v1-[0-9a-f-]{36}$/);
    expect(call?.headers.get('X-XSRF-TOKEN')).toBe('tok/en');
  });

  it('sends the stored visitor id by default, the same on every request', async () => {
    script(
      () => ok(null),
      () => ok(null),
    );
    await api.get('/a');
    await api.get('/b');
    const id = localStorage.getItem(VISITOR_ID_STORAGE_KEY);
    expect(id).toMatch(/^v1-[0-9a-f-]{36}$/);
    expect(id).toMatch(/^[\w.:-]{1,128}$/);
    expect(calls.map((call) => call.headers.get('X-Device-Fingerprint'))).toEqual([id, id]);
  });

  it("sends 'unknown' when storage is unavailable", async () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      script(() => ok(null));
      await api.get('/a');
      expect(calls[0]?.headers.get('X-Device-Fingerprint')).toBe('unknown');
    } finally {
      getItem.mockRestore();
    }
  });

  it('maps a zh* language to zh-CN and uses the fingerprint provider once set', async () => {
    await i18next.changeLanguage('zh-CN');
    setFingerprintProvider(async () => 'visitor-42');
    script(
      () => ok(null),
      () => ok(null),
    );
    await api.get('/a');
    await i18next.changeLanguage('zh-TW');
    await api.get('/b');
    expect(calls[0]?.headers.get('Accept-Language')).toBe('zh-CN');
    expect(calls[0]?.headers.get('X-Device-Fingerprint')).toBe('visitor-42');
    expect(calls[1]?.headers.get('Accept-Language')).toBe('zh-CN');
  });

  it('puts GET parameters in the query string, skipping undefined, null and empty values', async () => {
    script(() => ok([]));
    await api.get('/auctions', {
      keyword: 'abc',
      minPrice: 0,
      excludeHyphens: false,
      suffix: ['com', 'net'],
      maxPrice: undefined,
      regTimeEnd: null,
      sort: '',
    });
    const [call] = calls;
    expect(call?.method).toBe('GET');
    expect(call?.body).toBeUndefined();
    expect(call?.url).toBe('/api/auctions?keyword=abc&minPrice=0&excludeHyphens=false&suffix=com&suffix=net');
    expect(buildQueryString({ a: undefined })).toBe('');
  });

  it('sends POST bodies as JSON and the idempotency key', async () => {
    setCookie('XSRF-TOKEN=t1');
    script(() => ok({ id: 1 }));
    await expect(
      api.post('/listings', { domain: 'a.com', priceCents: 300 }, { idempotencyKey: 'k-1' }),
    ).resolves.toEqual({ id: 1 });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.body).toEqual({ domain: 'a.com', priceCents: 300 });
    expect(calls[0]?.headers.get('Idempotency-Key')).toBe('k-1');
  });
});
describe('timeouts, network and HTTP errors', () => {
  it('aborts after 5000 ms and reports code 500 with an empty message as a toast', async () => {
    vi.useFakeTimers();
    script(
      (call) =>
        new Promise<Response>((_resolve, reject) => {
          call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/slow').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls[0]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('500');
    expect(error.message).toBe('');
    expect(error.kind).toBe('timeout');
    expect(getFeedbackState().toast?.message).toBe('Request failed. Try again later');
  });

  it('shows the timeout toast even in message mode, but not when silent', async () => {
    const hang: Responder = (call) =>
      new Promise<Response>((_resolve, reject) => {
        call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    script(hang, hang);
    await expect(api.get('/slow', undefined, { timeoutMs: 5, errorMode: 'message' })).rejects.toMatchObject({
      code: '500',
      message: '',
      kind: 'timeout',
    });
    expect(getFeedbackState().toast?.message).toBe('Request failed. Try again later');

    resetFeedbackStore();
    await expect(api.get('/slow', undefined, { timeoutMs: 5, errorMode: 'silent' })).rejects.toMatchObject({
      code: '500',
    });
    expect(getFeedbackState().toast).toBeNull();
  });

  it('toasts a timeout even when the caller also passed a signal', async () => {
    const controller = new AbortController();
    script(
      (call) =>
        new Promise<Response>((_resolve, reject) => {
          call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await expect(api.get('/slow', undefined, { timeoutMs: 5, signal: controller.signal })).rejects.toMatchObject({
      code: '500',
      kind: 'timeout',
    });
    expect(getFeedbackState().toast?.message).toBe('Request failed. Try again later');
  });

  it('keeps the timeout while a JSON body is read', async () => {
    vi.useFakeTimers();
    script((call) => slowBody(call, '{"code":"200","message":"","data":1}', 'application/json', 6000));
    const pending = api.get('/slow-json').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(pending).resolves.toMatchObject({ code: '500', message: '', kind: 'timeout' });
    expect(getFeedbackState().toast?.message).toBe('Request failed. Try again later');
  });

  it('keeps a caller abort silent while a JSON body is read, and reports unparsable JSON as a failed request', async () => {
    const controller = new AbortController();
    script((call) => slowBody(call, '{"code":"200","message":"","data":1}', 'application/json', 60_000));
    const pending = api.get('/slow-json', undefined, { signal: controller.signal }).catch((error: unknown) => error);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    controller.abort();
    await expect(pending).resolves.toMatchObject({ code: '500', kind: 'aborted' });
    expect(getFeedbackState().toast).toBeNull();

    script(() => new Response('{not json', { headers: { 'content-type': 'application/json' } }));
    await expect(api.get('/broken')).rejects.toMatchObject({ code: 'Request.Failed', kind: 'invalid' });
  });

  it('reports an abort by the caller as code 500 without a toast', async () => {
    const controller = new AbortController();
    script(
      (call) =>
        new Promise<Response>((_resolve, reject) => {
          call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/slow', undefined, { signal: controller.signal });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: '500', message: '', kind: 'aborted' });
    expect(getFeedbackState().toast).toBeNull();

    // Already aborted (a query cancelled before it started): rejected without a request or a toast.
    const before = calls.length;
    await expect(api.get('/slow', undefined, { signal: controller.signal })).rejects.toMatchObject({
      code: '500',
      kind: 'aborted',
    });
    expect(calls).toHaveLength(before);
    expect(getFeedbackState().toast).toBeNull();
  });

  it('reports a network failure as "Network error, please try again"', async () => {
    script(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/x')).rejects.toMatchObject({
      code: 'Network.Error',
      message: 'Network error, please try again',
      status: 0,
    });
    expect(getFeedbackState().toast?.message).toBe('Network error, please try again');
  });

  it('reports a non-OK answer without an envelope with the status as code and the status text as message', async () => {
    script(() => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/x')).rejects.toMatchObject({ code: '502', message: 'Bad Gateway', status: 502 });
    expect(getFeedbackState().toast?.message).toBe('Bad Gateway');
    script(() => json({ error: 'nope' }, 404, 'Not Found'));
    await expect(api.get('/y')).rejects.toMatchObject({ code: '404', message: 'Not Found' });
  });
});
describe('envelope', () => {
  it("resolves data on code '200'", async () => {
    script(() => ok({ items: [1, 2] }));
    await expect(api.get('/list')).resolves.toEqual({ items: [1, 2] });
  });

  it('rejects other codes with code, message, data, traceId and status, shown as a toast', async () => {
    script(() => fail('Order.NotPayable', 'This order cannot be paid now', { orderId: 'O1' }, 409, 'tr-9'));
    const error = (await api.post('/orders/1/pay').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'Order.NotPayable',
      message: 'This order cannot be paid now',
      data: { orderId: 'O1' },
      traceId: 'tr-9',
      status: 409,
    });
    expect(getFeedbackState().toast).toMatchObject({ message: 'This order cannot be paid now', severity: 'error' });
  });

  it('reads the envelope even on HTTP 200 with an error code, and uses the default message when empty', async () => {
    script(() => json({ code: 'Commodity.BidFailed', message: '', data: null }));
    await expect(api.post('/bid')).rejects.toMatchObject({
      code: 'Commodity.BidFailed',
      message: 'Request failed. Try again later',
    });
    expect(getFeedbackState().toast?.message).toBe('Request failed. Try again later');
  });

  it('shows no toast in message and silent modes', async () => {
    script(
      () => fail('Order.NotFound', 'The order does not exist or has expired', null, 404),
      () => fail('Order.NotFound', 'The order does not exist or has expired', null, 404),
    );
    await expect(api.get('/orders/1', undefined, { errorMode: 'message' })).rejects.toMatchObject({
      code: 'Order.NotFound',
      traceId: 'trace-1',
    });
    await expect(api.get('/orders/1', undefined, { errorMode: 'silent' })).rejects.toBeInstanceOf(ApiError);
    expect(getFeedbackState().toast).toBeNull();
  });

  it('exposes per-field messages of Request.Invalid', async () => {
    script(() => fail('Request.Invalid', 'Some fields are invalid', { fields: { email: 'Invalid value' } }));
    const error = await api.post('/x', {}).catch((e: unknown) => e);
    expect(fieldErrorsOf(error)).toEqual({ email: 'Invalid value' });
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });

  it('returns a raw JSON body when asked (region data)', async () => {
    script(() => json([{ c: 'CN', v: '中国', n: 'China', p: '86', s: [] }]));
    await expect(api.get('/region-data.json', undefined, { raw: true, baseUrl: '' })).resolves.toHaveLength(1);
    expect(calls[0]?.url).toBe('/region-data.json');
  });
});
