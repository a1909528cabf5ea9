import { CSRF_COOKIE } from '@namebourse/contract';
import { type CallOptions, CSRF_PATH, clientConfig, REFRESH_TOKEN_PATH, readCookie } from './api-config.ts';
import { type ApiRequest, exchange, needsCsrf } from './api-exchange.ts';

/**
 * CSRF and session refresh (spec §4, §7): the CSRF cookie fetched before a state-changing call that lacks it,
 * and one refresh of the session at a time, shared by the calls of a tab and across tabs.
 */

let csrfInFlight: Promise<void> | null = null;
let refreshInFlight: Promise<boolean> | null = null;

/** Forgets the calls in flight (tests). */
export function resetSession(): void {
  csrfInFlight = null;
  refreshInFlight = null;
}

/** One exchange, preceded by the CSRF pre-call when the request needs a token and the cookie is missing. */
export async function send(request: ApiRequest, options: CallOptions): Promise<unknown> {
  if (needsCsrf(request, options)) await ensureCsrf();
  return exchange(request, options);
}

/** Fetches the CSRF cookie once for all waiting calls (when missing, or `force`d after Csrf.Invalid). */
export function ensureCsrf(force = false): Promise<void> {
  if (!force && readCookie(CSRF_COOKIE)) return Promise.resolve();
  if (!csrfInFlight) {
    const pending = send({ method: 'GET', path: CSRF_PATH }, { baseUrl: clientConfig().baseUrl }).then(
      () => undefined,
      () => undefined, // The call itself reports what goes wrong.
    );
    csrfInFlight = pending;
    void pending.finally(() => {
      if (csrfInFlight === pending) csrfInFlight = null;
    });
  }
  return csrfInFlight;
}

/** localStorage key: when some tab of this browser last rotated the session's refresh token. */
export const SESSION_REFRESHED_AT_KEY = 'nb.sessionRefreshedAt';

function readRefreshedAt(): number {
  try {
    return Number(localStorage.getItem(SESSION_REFRESHED_AT_KEY)) || 0;
  } catch {
    return 0;
  }
}

function writeRefreshedAt(at: number): void {
  try {
    localStorage.setItem(SESSION_REFRESHED_AT_KEY, String(at));
  } catch {
    /* storage unavailable: tabs just refresh on their own */
  }
}

/**
 * One POST /account/refresh-token shared by every call of this tab that met Account.Unauthorized
 * meanwhile — and one at a time across the tabs of the browser (Web Locks). The server treats a
 * second use of a rotated refresh token as theft and ends the session, so a tab that finds the token
 * already rotated by another tab after its request was sent simply retries with the new cookies.
 */
export function refreshSession(requestSentAt: number): Promise<boolean> {
  if (!refreshInFlight) {
    const refresh = async (): Promise<boolean> => {
      if (readRefreshedAt() >= requestSentAt && requestSentAt > 0) return true;
      const ok = await send({ method: 'POST', path: REFRESH_TOKEN_PATH }, { baseUrl: clientConfig().baseUrl }).then(
        () => true,
        () => false,
      );
      if (ok) writeRefreshedAt(Date.now());
      return ok;
    };
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    const pending = locks ? locks.request('nb-refresh-token', refresh) : refresh();
    refreshInFlight = pending;
    void pending.finally(() => {
      if (refreshInFlight === pending) refreshInFlight = null;
    });
  }
  return refreshInFlight;
}
