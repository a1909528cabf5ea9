/**
 * Request handlers for web tests (msw): the server of a test answers in the real envelope, so the whole
 * request pipeline of lib/api-client.ts runs (CSRF, refresh, error codes, dialogs) as it does in the app.
 *
 * Importing this module starts one msw server for the test file; a request without a handler fails the
 * test. Paths are written as the browser sends them (`/api/...`), relative to jsdom's location.
 */
import {
  CSRF_COOKIE,
  DEFAULT_SETTINGS,
  type Envelope,
  ERROR_CATALOGUE,
  type ErrorCode,
  type ErrorEnvelope,
  resolveLocale,
  SUCCESS_CODE,
} from '@namebourse/contract';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { resetApiClient } from '../api-client.ts';
import { publicParametersHandler } from '../public-parameters.test-support.ts';

export { delay, HttpResponse, http } from 'msw';

/** Every page that shows a business number reads `/api/parameters/public`: the defaults answer unless a test overrides. */
export const server = setupServer(
  publicParametersHandler(),
  // A signed-in session reads its settings (the time zone the pages use).
  http.get('/api/account-manage/get-settings', () => ok(DEFAULT_SETTINGS)),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  // The CSRF cookie the first page load of the app receives, so state-changing calls go straight out.
  // biome-ignore lint/suspicious/noDocumentCookie: the pipeline reads the CSRF cookie from document.cookie.
  document.cookie = `${CSRF_COOKIE}=test-csrf; path=/`;
});
afterEach(() => {
  server.resetHandlers();
  resetApiClient(); // its configuration and the CSRF and refresh calls in flight
});
afterAll(() => server.close());

/** A success answer: `{ code: '200', message: 'success', data }`, HTTP 200. */
export function ok<T>(data: T) {
  const body: Envelope<T> = { code: SUCCESS_CODE, message: 'success', data };
  return HttpResponse.json(body, { status: 200 });
}

export interface FailOptions {
  /** The HTTP status; the catalogue's status of the code by default. */
  status?: number;
  /** `data` of the error envelope (a challenge, field errors, a shortfall); null by default. */
  data?: unknown;
}

/**
 * An error answer as the server sends it: the contract's code, its catalogue message in the UI's current
 * language (the server localises by Accept-Language, which follows the UI language), data and a trace id.
 */
export function fail(code: ErrorCode, options: FailOptions = {}) {
  const locale = resolveLocale(i18next.language);
  const body: ErrorEnvelope = {
    code,
    message: ERROR_CATALOGUE[code][locale],
    data: options.data ?? null,
    traceId: 'test-trace',
  };
  return HttpResponse.json(body, { status: options.status ?? ERROR_CATALOGUE[code].status });
}

const received: Request[] = [];
server.events.on('request:start', ({ request }) => {
  received.push(request.clone());
});
afterEach(() => {
  received.length = 0;
});

/** The requests of this test to `path` (`/api/...`, without the query string) with `method`, in order. */
export function requestsTo(method: string, path: string): Request[] {
  return received.filter((r) => r.method === method.toUpperCase() && new URL(r.url).pathname === path);
}

/** The query string of a request as a plain object. */
export function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}
