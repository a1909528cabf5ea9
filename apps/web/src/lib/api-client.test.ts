import { USER_STORAGE_KEYS } from '@namebourse/contract';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en-US/api.json';
import zh from '../locales/zh-CN/api.json';
import {
  ApiError,
  api,
  buildQueryString,
  configureApiClient,
  fieldErrorsOf,
  filenameFromContentDisposition,
  findHandler,
  isHandledByPipeline,
  resetApiClient,
  shortfallCentsOf,
  SESSION_REFRESHED_AT_KEY,
} from './api-client.ts';
import { getFeedbackState, resetFeedbackStore } from './feedback-store.ts';
import { setFingerprintProvider, VISITOR_ID_STORAGE_KEY } from './fingerprint.ts';

// ---- A scripted fetch ----

interface Call {
  url: string;
  path: string;
  search: URLSearchParams;
  method: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | undefined;
}

type Responder = (call: Call) => Response | Promise<Response>;

let calls: Call[];
let responders: Responder[];
let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;

function json(body: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });
}

function ok(data: unknown): Response {
  return json({ code: '200', message: '', data });
}

function fail(code: string, message: string, data: unknown = null, status = 400, traceId = 'trace-1'): Response {
  return json({ code, message, data, traceId }, status);
}

/** Answers calls in order; `route` answers a path whenever asked. */
function script(...next: Responder[]) {
  responders.push(...next);
}

/**
 * A response whose headers arrive at once and whose body arrives after `delayMs`; like a real fetch, aborting
 * the request signal errors the body stream.
 */
function slowBody(
  call: Call,
  text: string,
  contentType: string,
  delayMs: number,
  headers: Record<string, string> = {},
): Response {
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const half = Math.floor(bytes.length / 2);
      controller.enqueue(bytes.slice(0, half));
      const timer = setTimeout(() => {
        controller.enqueue(bytes.slice(half));
        controller.close();
      }, delayMs);
      call.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        controller.error(new DOMException('aborted', 'AbortError'));
      });
    },
  });
  return new Response(stream, { headers: { 'content-type': contentType, ...headers } });
}

const routes = new Map<string, Responder>();

function route(path: string, responder: Responder) {
  routes.set(path, responder);
}

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  const rawBody = init?.body;
  let body: unknown = rawBody;
  if (typeof rawBody === 'string') body = JSON.parse(rawBody);
  const call: Call = {
    url: String(input),
    path: url.pathname,
    search: url.searchParams,
    method: init?.method ?? 'GET',
    headers: new Headers(init?.headers),
    body,
    credentials: init?.credentials,
    signal: init?.signal ?? undefined,
  };
  calls.push(call);
  const fixed = routes.get(url.pathname);
  if (fixed) return fixed(call);
  const responder = responders.shift();
  if (!responder) throw new Error(`unexpected call ${call.method} ${call.url}`);
  return responder(call);
});

function setCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the browser's cookie jar
  document.cookie = value;
}

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) setCookie(`${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`);
  }
}

const requests = () => calls.map((call) => `${call.method} ${call.path}`);

const challenge = {
  challengeId: 'ch-1',
  challengeReason: 'CHANGE_PASSWORD',
  allowedAttempts: 5,
  availableFactors: [
    { method: 'SMS', target: '138****5678', tip: '' },
    { method: 'AUTHENTICATOR', target: '', tip: '' },
  ],
};

beforeAll(async () => {
  await i18next.init({
    lng: 'en-US',
    fallbackLng: 'en-US',
    resources: { 'en-US': { api: en }, 'zh-CN': { api: zh } },
    ns: ['api'],
    defaultNS: 'api',
    interpolation: { escapeValue: false },
  });
});

beforeEach(async () => {
  calls = [];
  responders = [];
  routes.clear();
  // The default CSRF endpoint: sets the cookie like a browser storing Set-Cookie would.
  route('/api/account/csrf', () => {
    setCookie('XSRF-TOKEN=from-endpoint');
    return ok(null);
  });
  fetchMock.mockClear();
  navigate = vi.fn<(to: string) => void>();
  resetApiClient();
  resetFeedbackStore();
  setFingerprintProvider(null);
  configureApiClient({ fetch: fetchMock as unknown as typeof fetch, navigate });
  clearCookies();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  await i18next.changeLanguage('en-US');
});

afterEach(() => {
  vi.useRealTimers();
});

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

describe('CSRF pre-call', () => {
  it('calls GET /api/account/csrf first when the XSRF cookie is missing, then sends the new token', async () => {
    route('/api/account/csrf', () => {
      setCookie('XSRF-TOKEN=fresh');
      return ok(null);
    });
    script(() => ok(true));
    await api.post('/account/login', { email: 'a@b.c', password: 'x' });
    expect(requests()).toEqual(['GET /api/account/csrf', 'POST /api/account/login']);
    expect(calls[1]?.headers.get('X-XSRF-TOKEN')).toBe('fresh');
  });

  it('skips the pre-call when the cookie exists, and for GET requests', async () => {
    script(() => ok(null));
    await api.get('/account/check-login');
    setCookie('XSRF-TOKEN=have');
    script(() => ok(null));
    await api.post('/account/login', {});
    expect(requests()).toEqual(['GET /api/account/check-login', 'POST /api/account/login']);
  });

  it('shares one pre-call between concurrent POSTs', async () => {
    route('/api/account/csrf', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      setCookie('XSRF-TOKEN=shared');
      return ok(null);
    });
    route('/api/x', () => ok(1));
    await Promise.all([api.post('/x'), api.post('/x'), api.post('/x')]);
    expect(requests().filter((r) => r.endsWith('/csrf'))).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/api/x').every((c) => c.headers.get('X-XSRF-TOKEN') === 'shared')).toBe(
      true,
    );
  });

  it('refetches the token and retries once on Csrf.Invalid', async () => {
    setCookie('XSRF-TOKEN=stale');
    route('/api/account/csrf', () => {
      setCookie('XSRF-TOKEN=renewed');
      return ok(null);
    });
    script(
      () => fail('Csrf.Invalid', 'Security check failed', null, 403),
      () => ok('done'),
    );
    await expect(api.post('/x', {})).resolves.toBe('done');
    expect(requests()).toEqual(['POST /api/x', 'GET /api/account/csrf', 'POST /api/x']);
    expect(calls[2]?.headers.get('X-XSRF-TOKEN')).toBe('renewed');
  });

  it('sends the token the server rotated at sign-in on the very next call (no stale copy in memory)', async () => {
    setCookie('XSRF-TOKEN=signed-out');
    script(
      () => {
        // The sign-in response binds a new token to the new session.
        setCookie('XSRF-TOKEN=signed-in');
        return ok({ accountNo: 'A1', nickname: 'n' });
      },
      () => ok(null),
    );
    await api.post('/account/login', { email: 'a@b.c', password: 'x' });
    await api.post('/x', {});
    expect(calls.map((c) => c.headers.get('X-XSRF-TOKEN'))).toEqual(['signed-out', 'signed-in']);
  });

  it('treats a GET marked csrf (sign-out) like a POST: pre-call when missing, one retry on Csrf.Invalid', async () => {
    route('/api/account/csrf', () => {
      setCookie('XSRF-TOKEN=first');
      return ok(null);
    });
    script(() => ok(null));
    await api.get('/account/logout', undefined, { csrf: true });
    expect(requests()).toEqual(['GET /api/account/csrf', 'GET /api/account/logout']);
    expect(calls[1]?.headers.get('X-XSRF-TOKEN')).toBe('first');

    calls = [];
    route('/api/account/csrf', () => {
      setCookie('XSRF-TOKEN=second');
      return ok(null);
    });
    script(
      () => fail('Csrf.Invalid', 'Security check failed', null, 403),
      () => ok(null),
    );
    await api.get('/account/logout', undefined, { csrf: true });
    expect(requests()).toEqual(['GET /api/account/logout', 'GET /api/account/csrf', 'GET /api/account/logout']);
    expect(calls[2]?.headers.get('X-XSRF-TOKEN')).toBe('second');
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

describe('Account.Unauthorized', () => {
  beforeEach(() => {
    setCookie('XSRF-TOKEN=t');
    localStorage.setItem(USER_STORAGE_KEYS.accountNo, 'A1');
    localStorage.setItem(USER_STORAGE_KEYS.nickname, 'Nick');
  });

  it('refreshes the token once and retries the original request', async () => {
    script(
      () => fail('Account.Unauthorized', 'This action requires login', null, 401),
      () => ok(null),
      () => ok({ balance: 1 }),
    );
    await expect(api.get('/funds/summary', { a: 1 })).resolves.toEqual({ balance: 1 });
    expect(requests()).toEqual(['GET /api/funds/summary', 'POST /api/account/refresh-token', 'GET /api/funds/summary']);
    expect(calls[2]?.url).toBe('/api/funds/summary?a=1');
    expect(navigate).not.toHaveBeenCalled();
    expect(getFeedbackState().toast).toBeNull();
  });

  it('retries without refreshing when another tab rotated the token after the request was sent', async () => {
    script(
      () => {
        // Another tab of this browser refreshes the session while this request is on its way.
        localStorage.setItem(SESSION_REFRESHED_AT_KEY, String(Date.now() + 1));
        return fail('Account.Unauthorized', 'This action requires login', null, 401);
      },
      () => ok({ balance: 2 }),
    );
    await expect(api.get('/funds/summary')).resolves.toEqual({ balance: 2 });
    // No second use of the (already rotated) refresh token: that would end the session.
    expect(requests()).toEqual(['GET /api/funds/summary', 'GET /api/funds/summary']);
  });

  it('records its own refresh for the other tabs', async () => {
    script(
      () => fail('Account.Unauthorized', 'This action requires login', null, 401),
      () => ok(null),
      () => ok({ balance: 3 }),
    );
    const before = Date.now();
    await api.get('/funds/summary');
    expect(Number(localStorage.getItem(SESSION_REFRESHED_AT_KEY))).toBeGreaterThanOrEqual(before);
  });

  it('refreshes only once when the retry is unauthorized again, then goes to login', async () => {
    window.history.replaceState(null, '', '/console/domain/list?page=2');
    script(
      () => fail('Account.Unauthorized', 'login', null, 401),
      () => ok(null),
      () => fail('Account.Unauthorized', 'login', null, 401),
    );
    await expect(api.get('/domains')).rejects.toMatchObject({ code: 'Account.Unauthorized' });
    expect(requests().filter((r) => r.endsWith('/refresh-token'))).toHaveLength(1);
    expect(navigate).toHaveBeenCalledWith('/account/login?redirect=%2Fconsole%2Fdomain%2Flist%3Fpage%3D2');
  });

  it('clears the stored user info and redirects to login when the refresh fails', async () => {
    window.history.replaceState(null, '', '/console/fund/recharge?tab=history');
    script(
      () => fail('Account.Unauthorized', 'login', null, 401),
      () => fail('Account.Unauthorized', 'login', null, 401),
    );
    const error = await api.post('/funds/recharge', { amountCents: 500 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'Account.Unauthorized' });
    expect(isHandledByPipeline(error)).toBe(true);
    expect(requests()).toEqual(['POST /api/funds/recharge', 'POST /api/account/refresh-token']);
    expect(localStorage.getItem(USER_STORAGE_KEYS.accountNo)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEYS.nickname)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/account/login?redirect=%2Fconsole%2Ffund%2Frecharge%3Ftab%3Dhistory');
  });

  it("says 'This action requires login' (localised) before going to login, whatever the error mode", async () => {
    window.history.replaceState(null, '', '/console/domain/list');
    const toastAtNavigation: (string | undefined)[] = [];
    navigate.mockImplementation(() => {
      toastAtNavigation.push(getFeedbackState().toast?.message);
    });
    script(
      () => fail('Account.Unauthorized', 'login', null, 401),
      () => fail('Account.Unauthorized', 'login', null, 401),
    );
    await expect(api.get('/domains', undefined, { errorMode: 'silent' })).rejects.toBeInstanceOf(ApiError);
    expect(toastAtNavigation).toEqual(['This action requires login']);
    expect(getFeedbackState().toast).toMatchObject({ message: 'This action requires login', severity: 'error' });

    resetFeedbackStore();
    await i18next.changeLanguage('zh-CN');
    script(
      () => fail('Account.Unauthorized', '此操作需要登录', null, 401),
      () => fail('Account.Unauthorized', '此操作需要登录', null, 401),
    );
    await expect(api.get('/domains')).rejects.toBeInstanceOf(ApiError);
    expect(getFeedbackState().toast?.message).toBe('此操作需要登录');
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('leaves the redirect empty under /account and does not navigate when already on the login page', async () => {
    window.history.replaceState(null, '', '/account/verify?x=1');
    script(
      () => fail('Account.Unauthorized', 'login', null, 401),
      () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    );
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/account/login');

    navigate.mockClear();
    resetFeedbackStore();
    window.history.replaceState(null, '', '/account/login?redirect=%2Fsale');
    script(
      () => fail('Account.Unauthorized', 'login', null, 401),
      () => fail('Account.Unauthorized', 'login', null, 401),
    );
    const onLoginPage = await api.get('/x').catch((e: unknown) => e);
    expect(onLoginPage).toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
    expect(getFeedbackState().toast).toBeNull();
    // Nothing was shown: the sign-in page shows the error itself.
    expect(isHandledByPipeline(onLoginPage)).toBe(false);
  });

  it('uses window.location.assign when no navigate is configured', async () => {
    resetApiClient();
    configureApiClient({ fetch: fetchMock as unknown as typeof fetch });
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } });
    try {
      script(
        () => fail('Account.Unauthorized', 'login', null, 401),
        () => fail('Account.Unauthorized', 'login', null, 401),
      );
      await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
      expect(assign).toHaveBeenCalledWith('/account/login?redirect=%2F');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('shares one refresh between concurrent unauthorized calls', async () => {
    let refreshes = 0;
    let authorized = false;
    route('/api/account/refresh-token', async () => {
      refreshes += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      authorized = true;
      return ok(null);
    });
    route('/api/me', () => (authorized ? ok('me') : fail('Account.Unauthorized', 'login', null, 401)));
    await expect(Promise.all([api.get('/me'), api.get('/me')])).resolves.toEqual(['me', 'me']);
    expect(refreshes).toBe(1);
  });
});

describe('Account.Mfa.Required', () => {
  beforeEach(() => setCookie('XSRF-TOKEN=t'));

  it('opens the dialog with the challenge and retries the original POST with mfaVerification in the body', async () => {
    script(() => fail('Account.Mfa.Required', 'Multi-factor verification is required', challenge, 403));
    const pending = api.post<{ changed: boolean }>('/account-manage/change-password', { password: 'Aa1!aaaa' });
    await vi.waitFor(() => expect(getFeedbackState().mfa).toHaveLength(1));
    const dialog = getFeedbackState().mfa[0]!;
    expect(dialog.challenge).toEqual(challenge);
    expect(dialog.attemptsLeft).toBe(5);
    expect(getFeedbackState().toast).toBeNull();

    script(() => ok({ changed: true }));
    await dialog.submit([{ method: 'SMS', token: '123456' }]);
    await expect(pending).resolves.toEqual({ changed: true });
    expect(calls[1]?.body).toEqual({
      password: 'Aa1!aaaa',
      mfaVerification: { challengeId: 'ch-1', factors: [{ method: 'SMS', token: '123456' }] },
    });
    expect(getFeedbackState().mfa).toHaveLength(0);
  });

  it('keeps GET parameters and adds mfaVerification as a JSON query parameter', async () => {
    script(() => fail('Account.Mfa.Required', 'mfa', challenge, 403));
    const pending = api.get('/account-manage/get-ak', { page: 1 });
    await vi.waitFor(() => expect(getFeedbackState().mfa).toHaveLength(1));
    script(() => ok({ keyId: 'k' }));
    await getFeedbackState().mfa[0]!.submit([{ method: 'AUTHENTICATOR', token: '654321' }]);
    await expect(pending).resolves.toEqual({ keyId: 'k' });
    expect(calls[1]?.search.get('page')).toBe('1');
    expect(JSON.parse(calls[1]?.search.get('mfaVerification') ?? 'null')).toEqual({
      challengeId: 'ch-1',
      factors: [{ method: 'AUTHENTICATOR', token: '654321' }],
    });
  });

  it('keeps the dialog open on .Retry with the new attempts counter and per-factor tips', async () => {
    script(() => fail('Account.Mfa.Required', 'mfa', challenge, 403));
    const pending = api.post('/funds/settlements', { amountCents: 5000 });
    await vi.waitFor(() => expect(getFeedbackState().mfa).toHaveLength(1));
    const id = getFeedbackState().mfa[0]!.id;

    script(() =>
      fail(
        'Account.Mfa.Required.Retry',
        'Verification failed, please try again',
        {
          ...challenge,
          allowedAttempts: 4,
          availableFactors: [{ method: 'SMS', target: '138****5678', tip: 'Wrong code' }],
        },
        403,
      ),
    );
    await getFeedbackState().mfa[0]!.submit([{ method: 'SMS', token: '000000' }]);
    const dialog = getFeedbackState().mfa[0]!;
    expect(dialog.id).toBe(id);
    expect(dialog.attemptsLeft).toBe(4);
    expect(dialog.tips).toEqual({ SMS: 'Wrong code' });
    expect(dialog.error).toBe('Verification failed, please try again');
    expect(dialog.submitting).toBe(false);
    expect(getFeedbackState().toast).toBeNull();

    script(() => ok({ settlementId: 's1' }));
    await dialog.submit([{ method: 'SMS', token: '123456' }]);
    await expect(pending).resolves.toEqual({ settlementId: 's1' });
    expect(getFeedbackState().mfa).toHaveLength(0);
  });

  it('closes the dialog on any other error and rejects the original call with it', async () => {
    script(() => fail('Account.Mfa.Required', 'mfa', challenge, 403));
    const pending = api.post('/x', {}).catch((e: unknown) => e);
    await vi.waitFor(() => expect(getFeedbackState().mfa).toHaveLength(1));
    script(() => fail('Account.Mfa.Failed', 'Too many failed verification attempts', null, 403));
    await getFeedbackState().mfa[0]!.submit([{ method: 'SMS', token: '1' }]);
    await expect(pending).resolves.toMatchObject({ code: 'Account.Mfa.Failed' });
    expect(getFeedbackState().mfa).toHaveLength(0);
    expect(getFeedbackState().toast?.message).toBe('Too many failed verification attempts');
  });

  it('rejects with Account.Mfa.Cancelled when the dialog is cancelled', async () => {
    script(() => fail('Account.Mfa.Required', 'mfa', challenge, 403));
    const pending = api.post('/x', {});
    await vi.waitFor(() => expect(getFeedbackState().mfa).toHaveLength(1));
    getFeedbackState().mfa[0]!.cancel();
    await expect(pending).rejects.toMatchObject({ code: 'Account.Mfa.Cancelled' });
    expect(getFeedbackState().mfa).toHaveLength(0);
    expect(calls).toHaveLength(1);
  });

  it('falls back to the generic error when the challenge is missing', async () => {
    script(() => fail('Account.Mfa.Required', 'Multi-factor verification is required', null, 403));
    await expect(api.post('/x', {})).rejects.toMatchObject({ code: 'Account.Mfa.Required' });
    expect(getFeedbackState().mfa).toHaveLength(0);
    expect(getFeedbackState().toast?.message).toBe('Multi-factor verification is required');
  });

  it('keeps the dialog as it was on a .Retry whose data is not a challenge (contract MfaChallengeSchema)', async () => {
    script(() => fail('Account.Mfa.Required', 'mfa', challenge, 403));
    const pending = api.post('/x', {});
    await vi.waitFor(() => expect(getFeedbackState().mfa).toHaveLength(1));
    const before = getFeedbackState().mfa[0]!;

    script(() => fail('Account.Mfa.Required.Retry', 'Wrong code', { remainingAttempts: 2, tips: { EMAIL: 'x' } }, 403));
    await before.submit([{ method: 'SMS', token: '000000' }]);
    const dialog = getFeedbackState().mfa[0]!;
    expect(dialog.challenge).toEqual(before.challenge);
    expect(dialog.attemptsLeft).toBe(before.attemptsLeft);
    expect(dialog.tips).toEqual(before.tips);
    expect(dialog.error).toBe('Wrong code');

    dialog.cancel();
    await expect(pending).rejects.toMatchObject({ code: 'Account.Mfa.Cancelled' });
  });
});

describe('custom handlers and built-in codes', () => {
  it('matches handlers exactly, then by the longest prefix, and skips the toast', async () => {
    const exact = vi.fn();
    const prefix = vi.fn();
    const longer = vi.fn();
    const handlers = { 'Verification.CodeInvalid': exact, 'Verification.': prefix, 'Account.Mfa': longer };
    script(
      () => fail('Verification.CodeInvalid', 'Invalid verification code'),
      () => fail('Verification.SendFailed', 'Failed to send'),
      () => fail('Account.Mfa.Required', 'mfa', challenge, 403),
    );
    await expect(api.post('/a', {}, { handlers })).rejects.toMatchObject({ code: 'Verification.CodeInvalid' });
    await expect(api.post('/a', {}, { handlers })).rejects.toMatchObject({ code: 'Verification.SendFailed' });
    await expect(api.post('/a', {}, { handlers })).rejects.toMatchObject({ code: 'Account.Mfa.Required' });
    expect(exact).toHaveBeenCalledTimes(1);
    expect(prefix).toHaveBeenCalledTimes(1);
    expect(prefix.mock.calls[0]?.[0]).toBeInstanceOf(ApiError);
    expect(longer).toHaveBeenCalledTimes(1);
    expect(getFeedbackState().mfa).toHaveLength(0);
    expect(getFeedbackState().toast).toBeNull();

    const a = () => undefined;
    const b = () => undefined;
    expect(findHandler({ Account: a, 'Account.Mfa': b }, 'Account.Mfa.Required.Retry')).toBe(b);
    expect(findHandler(undefined, 'x')).toBeNull();
  });

  it('matches a prefix anywhere, not only at a dot (spec §8: exactly or by prefix)', async () => {
    const a = () => undefined;
    const b = () => undefined;
    const c = () => undefined;
    expect(findHandler({ 'Verification.Code': a }, 'Verification.CodeInvalid')).toBe(a);
    expect(findHandler({ 'Account.Mfa': b }, 'Account.MfaX')).toBe(b);
    expect(findHandler({ Acc: a, 'Account.': b, 'Account.Mfa.Required': c }, 'Account.Mfa.Required.Retry')).toBe(c);
    expect(findHandler({ 'Account.Mfa': b, 'Account.Mfa.Required': c }, 'Account.Mfa')).toBe(b);
    expect(findHandler({ 'Verification.Code': a }, 'Verification.Cod')).toBeNull();
    expect(findHandler({ '': a }, 'Anything')).toBeNull();

    const handler = vi.fn();
    script(() => fail('Verification.CodeExpired', 'The code has expired'));
    await expect(api.post('/a', {}, { handlers: { 'Verification.Code': handler } })).rejects.toMatchObject({
      code: 'Verification.CodeExpired',
    });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(getFeedbackState().toast).toBeNull();
  });

  it('lets a handler take over Account.Unauthorized after the refresh failed (no redirect)', async () => {
    const handler = vi.fn();
    script(
      () => fail('Account.Unauthorized', 'login', null, 401),
      () => fail('Account.Unauthorized', 'login', null, 401),
    );
    await expect(
      api.get('/watchlist', undefined, { handlers: { 'Account.Unauthorized': handler } }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    expect(getFeedbackState().toast).toBeNull();
  });

  it('exposes retryAfterSeconds of Verification.TooManyRequests', async () => {
    setCookie('XSRF-TOKEN=t');
    script(() => fail('Verification.TooManyRequests', 'Codes are sent too often', { retryAfterSeconds: 42 }, 429));
    const error = (await api.post('/account/send-verification-code', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('Verification.TooManyRequests');
    expect(error.retryAfterSeconds).toBe(42);
  });

  it('opens the contact-info dialog on Commodity.UserContactInfoIncomplete without a toast', async () => {
    setCookie('XSRF-TOKEN=t');
    script(() =>
      fail('Commodity.UserContactInfoIncomplete', 'Please complete your contact information first', null, 403),
    );
    await expect(api.post('/auctions/1/bids', { amountCents: 100 })).rejects.toMatchObject({
      code: 'Commodity.UserContactInfoIncomplete',
    });
    expect(getFeedbackState().contactInfoOpen).toBe(true);
    expect(getFeedbackState().toast).toBeNull();
  });

  it('opens the recharge prompt on Funds.InsufficientBalance without a toast, with the shortfall when given', async () => {
    setCookie('XSRF-TOKEN=t');
    script(() =>
      fail('Funds.InsufficientBalance', 'Insufficient balance', { requiredCents: 12_000, availableCents: 2_050 }, 402),
    );
    await expect(api.post('/orders/1/pay', {}, { errorMode: 'message' })).rejects.toMatchObject({
      code: 'Funds.InsufficientBalance',
      status: 402,
    });
    expect(getFeedbackState().insufficientBalance).toEqual({ shortfallCents: 9_950 });
    expect(getFeedbackState().toast).toBeNull();

    script(() => fail('Funds.InsufficientBalance', 'Insufficient balance', null, 402));
    await expect(api.post('/auctions/1/bids', {})).rejects.toMatchObject({ code: 'Funds.InsufficientBalance' });
    expect(getFeedbackState().insufficientBalance).toEqual({ shortfallCents: null });
    expect(getFeedbackState().toast).toBeNull();
  });

  it('tells the errors it answered itself (dialog, sign-in, closed MFA dialog), never by their text', async () => {
    setCookie('XSRF-TOKEN=t');
    script(() => fail('Funds.InsufficientBalance', 'Bid Failed: anything', null, 402));
    expect(isHandledByPipeline(await api.post('/auctions/1/bids', {}).catch((e: unknown) => e))).toBe(true);
    script(() => fail('Commodity.UserContactInfoIncomplete', 'incomplete', null, 403));
    expect(isHandledByPipeline(await api.post('/x', {}).catch((e: unknown) => e))).toBe(true);
    script(() => fail('Account.Mfa.Required', 'mfa', challenge, 403));
    const cancelled = api.post('/x', {}).catch((e: unknown) => e);
    await vi.waitFor(() => expect(getFeedbackState().mfa).toHaveLength(1));
    getFeedbackState().mfa[0]!.cancel();
    expect(isHandledByPipeline(await cancelled)).toBe(true);

    // A call that took the code over with its own handler shows it itself.
    script(() => fail('Funds.InsufficientBalance', 'Insufficient balance', null, 402));
    const taken = await api.post('/x', {}, { handlers: { 'Funds.InsufficientBalance': () => {} } }).catch((e) => e);
    expect(isHandledByPipeline(taken)).toBe(false);
    script(() => fail('Auction.BidTooLow', '出价失败：too low', null, 409));
    expect(isHandledByPipeline(await api.post('/x', {}).catch((e: unknown) => e))).toBe(false);
    expect(isHandledByPipeline(new ApiError({ code: 'Funds.InsufficientBalance', message: '' }))).toBe(false);
    expect(isHandledByPipeline(null)).toBe(false);
  });

  it('reads the shortfall of an insufficient balance from shortfallCents or required minus available', () => {
    expect(shortfallCentsOf({ shortfallCents: 700 })).toBe(700);
    expect(shortfallCentsOf({ requiredCents: 1_000, availableCents: 250 })).toBe(750);
    expect(shortfallCentsOf({ requiredCents: 1_000, availableCents: 1_000 })).toBeNull();
    expect(shortfallCentsOf({ shortfallCents: 1.5 })).toBeNull();
    expect(shortfallCentsOf(null)).toBeNull();
  });
});

describe('download mode', () => {
  it('saves a non-JSON answer under the content-disposition filename (filename* first)', async () => {
    const saveFile = vi.fn();
    configureApiClient({ saveFile });
    script(
      () =>
        new Response('%PDF-1.7', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="invoice.pdf"; filename*=UTF-8''%E5%8F%91%E7%A5%A8-1.pdf`,
          },
        }),
    );
    const result = await api.download('/orders/1/invoice');
    expect(result).toMatchObject({ saved: true, filename: '发票-1.pdf' });
    expect(saveFile).toHaveBeenCalledTimes(1);
    const [blob, filename] = saveFile.mock.calls[0] as [Blob, string];
    expect(filename).toBe('发票-1.pdf');
    expect(await blob.text()).toBe('%PDF-1.7');
  });

  it('falls back to the path when no filename is given, and handles JSON answers as envelopes', async () => {
    const saveFile = vi.fn();
    configureApiClient({ saveFile });
    script(
      () => new Response('a,b', { headers: { 'content-type': 'text/csv' } }),
      () => fail('Funds.ExportFailed', 'Export failed, please try again later', null, 500),
      () => ok({ url: '/x' }),
    );
    await expect(api.download('/funds/transactions', { format: 'csv' })).resolves.toMatchObject({
      filename: 'transactions',
    });
    expect(calls[0]?.url).toBe('/api/funds/transactions?format=csv');
    await expect(api.download('/funds/transactions')).rejects.toMatchObject({ code: 'Funds.ExportFailed' });
    expect(getFeedbackState().toast?.message).toBe('Export failed, please try again later');
    await expect(api.download('/funds/transactions')).resolves.toEqual({ saved: false, data: { url: '/x' } });
    expect(saveFile).toHaveBeenCalledTimes(1);
  });

  it('stops the timeout once the headers are in, so a large file is not cut off', async () => {
    vi.useFakeTimers();
    const saveFile = vi.fn();
    configureApiClient({ saveFile });
    script((call) =>
      slowBody(call, 'a,b\n1,2', 'text/csv', 6000, { 'content-disposition': 'attachment; filename="export.csv"' }),
    );
    const pending = api.download('/funds/transactions').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(6000);
    await expect(pending).resolves.toMatchObject({ saved: true, filename: 'export.csv' });
    expect(calls[0]?.signal?.aborted).toBe(false);
    const [blob] = saveFile.mock.calls[0] as [Blob, string];
    expect(await blob.text()).toBe('a,b\n1,2');
    expect(getFeedbackState().toast).toBeNull();
  });

  it('still times out when the headers of a download do not arrive in time, and the caller can cancel the body', async () => {
    vi.useFakeTimers();
    configureApiClient({ saveFile: vi.fn() });
    script(
      (call) =>
        new Promise<Response>((_resolve, reject) => {
          call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const late = api.download('/funds/transactions').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(late).resolves.toMatchObject({ code: '500', kind: 'timeout' });

    const controller = new AbortController();
    script((call) => slowBody(call, 'a,b', 'text/csv', 60_000));
    const cancelled = api.download('/funds/transactions', undefined, { signal: controller.signal }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    controller.abort();
    await expect(cancelled).resolves.toMatchObject({ code: '500', kind: 'aborted' });
  });

  it('parses content-disposition filenames', () => {
    expect(filenameFromContentDisposition('attachment; filename="a b.pdf"')).toBe('a b.pdf');
    expect(filenameFromContentDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8''%E4%B8%AD%E6%96%87.csv`)).toBe('中文.csv');
    expect(filenameFromContentDisposition(`attachment; filename*="UTF-8''a%20b.txt"`)).toBe('a b.txt');
    expect(filenameFromContentDisposition(`attachment; filename*=iso-8859-1'en'%A3%20rates.txt`)).toBe('£ rates.txt');
    expect(filenameFromContentDisposition('attachment; filename="\\"q\\".txt"')).toBe('"q".txt');
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromContentDisposition('attachment; filename=%E5%8F%91.pdf')).toBe('发.pdf');
    expect(filenameFromContentDisposition('inline')).toBeNull();
    expect(filenameFromContentDisposition(null)).toBeNull();
  });
});
