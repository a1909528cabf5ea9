import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import en from '../locales/en-US/api.json';
import zh from '../locales/zh-CN/api.json';
import { configureApiClient, resetApiClient } from './api-client.ts';
import { resetFeedbackStore } from './feedback-store.ts';
import { setFingerprintProvider } from './fingerprint.ts';

/**
 * The tests of the request pipeline's parts share this scripted fetch: calls are recorded (`calls`,
 * `requests()`), answered in order by `script(...)` or per path by `route(...)`, and every test starts from a
 * fresh client, no cookies, empty storage, English and the CSRF endpoint setting its cookie.
 */
export interface Call {
  url: string;
  path: string;
  search: URLSearchParams;
  method: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | undefined;
}

export type Responder = (call: Call) => Response | Promise<Response>;

export let calls: Call[];
let responders: Responder[];
export let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;

export function json(body: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });
}

export function ok(data: unknown): Response {
  return json({ code: '200', message: '', data });
}

export function fail(code: string, message: string, data: unknown = null, status = 400, traceId = 'trace-1'): Response {
  return json({ code, message, data, traceId }, status);
}

/** Answers calls in order; `route` answers a path whenever asked. */
export function script(...next: Responder[]) {
  responders.push(...next);
}

/**
 * A response whose headers arrive at once and whose body arrives after `delayMs`; like a real fetch, aborting
 * the request signal errors the body stream.
 */
export function slowBody(
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

export function route(path: string, responder: Responder) {
  routes.set(path, responder);
}

export const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
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

export function setCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the browser's cookie jar
  document.cookie = value;
}

export function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) setCookie(`${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`);
  }
}

export const requests = () => calls.map((call) => `${call.method} ${call.path}`);

export const challenge = {
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
