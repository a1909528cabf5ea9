import {
  type CallOptions,
  type DownloadOptions,
  type ErrorHandler,
  type ErrorMode,
  navigateTo,
  resetClientConfig,
  text,
} from './api-config.ts';
import { API_CODES, type ApiError, markHandledByPipeline, shortfallCentsOf } from './api-error.ts';
import { type ApiRequest, needsCsrf, toApiError } from './api-exchange.ts';
import type { DownloadResult } from './api-files.ts';
import { parseChallenge, runMfa } from './api-mfa.ts';
import { ensureCsrf, refreshSession, resetSession, send } from './api-session.ts';
import { openContactInfoDialog, openInsufficientBalanceDialog, showToast } from './feedback-store.ts';
import { currentPath, LOGIN_PATH, loginPath } from './login-redirect.ts';
import { clearUserInfo } from './user-storage.ts';

/**
 * The request pipeline of spec §7 and §8 around one exchange: the CSRF retry, one refresh-and-retry on
 * Account.Unauthorized, the MFA dialog and retry, custom handlers, the contact-info and insufficient-balance
 * dialogs, and toasts. Pages never call fetch themselves: they call `api`.
 */

interface RunState {
  refreshed: boolean;
  csrfRetried: boolean;
  /** Inside an MFA retry: MFA replies go back to the dialog instead of being handled here. */
  inMfa: boolean;
  /** When the failed attempt was sent (Date.now()): a refresh by another tab after it makes a retry enough. */
  sentAt?: number;
}

const FRESH: RunState = { refreshed: false, csrfRetried: false, inMfa: false };

/** Back to the defaults (tests). */
export function resetApiClient(): void {
  resetClientConfig();
  resetSession();
}

/**
 * Finds the handler for a code (spec §8: exactly or by prefix): an exact key first, then the longest key the
 * code starts with. An empty key is ignored (it would swallow every error).
 */
export function findHandler(handlers: Record<string, ErrorHandler> | undefined, code: string): ErrorHandler | null {
  if (!handlers) return null;
  const exact = handlers[code];
  if (exact) return exact;
  let best: { key: string; handler: ErrorHandler } | null = null;
  for (const [key, handler] of Object.entries(handlers)) {
    if (!key || !code.startsWith(key)) continue;
    if (!best || key.length > best.key.length) best = { key, handler };
  }
  return best?.handler ?? null;
}

async function run(request: ApiRequest, options: CallOptions, state: RunState): Promise<unknown> {
  const sentAt = Date.now();
  try {
    return await send(request, options);
  } catch (error) {
    return handleFailure(toApiError(error), request, options, { ...state, sentAt });
  }
}

async function handleFailure(
  error: ApiError,
  request: ApiRequest,
  options: CallOptions,
  state: RunState,
): Promise<unknown> {
  // A stale or missing CSRF cookie: fetch a new one and try once more (nothing was processed).
  if (error.code === API_CODES.csrfInvalid && needsCsrf(request, options) && !state.csrfRetried) {
    await ensureCsrf(true);
    return run(request, options, { ...state, csrfRetried: true });
  }

  // Spec §4: one token refresh, then one retry of the original request.
  if (error.code === API_CODES.unauthorized && !state.refreshed) {
    if (await refreshSession(state.sentAt ?? 0)) return run(request, options, { ...state, refreshed: true });
  }

  if (state.inMfa && (error.code === API_CODES.mfaRetry || error.code === API_CODES.mfaRequired)) {
    if (error.code === API_CODES.mfaRetry || parseChallenge(error.data)) throw error;
  }

  const handler = findHandler(options.handlers, error.code);
  if (handler) {
    await handler(error);
    throw error;
  }

  switch (error.code) {
    case API_CODES.unauthorized:
      // Reached only when no handler took the code over (a handler replaces this built-in behaviour).
      if (redirectToLogin()) markHandledByPipeline(error);
      throw error;
    case API_CODES.mfaRequired: {
      const challenge = parseChallenge(error.data);
      if (challenge) {
        return runMfa(challenge, (mfaVerification) =>
          run({ ...request, mfaVerification }, options, { ...state, inMfa: true }),
        );
      }
      break;
    }
    case API_CODES.contactInfoIncomplete:
      openContactInfoDialog();
      throw markHandledByPipeline(error);
    case API_CODES.insufficientBalance:
      openInsufficientBalanceDialog({ shortfallCents: shortfallCentsOf(error.data) });
      throw markHandledByPipeline(error);
  }

  report(error, options.errorMode ?? 'toast');
  throw error;
}

/**
 * The refresh failed: forget the user and go to the sign-in page, saying why ('This action requires login').
 * False when already there (the page itself shows the error).
 */
function redirectToLogin(): boolean {
  clearUserInfo();
  const here = currentPath();
  // Already on the sign-in page: going there again would only reload it, and the page itself asks for login.
  if (here === LOGIN_PATH || here.startsWith(`${LOGIN_PATH}?`)) return false;
  showToast(text('loginRequired'));
  navigateTo(loginPath(here));
  return true;
}

function report(error: ApiError, mode: ErrorMode): void {
  // A caller's own abort stays silent on purpose: see the comment in `exchange`.
  if (mode === 'silent' || error.kind === 'aborted') return;
  // Spec §8: a timeout is reported as a toast whatever the mode.
  if (mode === 'toast' || error.kind === 'timeout') showToast(error.message || text('requestFailed'));
}

// ---- The API ----

function call<T>(request: ApiRequest, options: CallOptions = {}): Promise<T> {
  return run(request, options, FRESH) as Promise<T>;
}

export interface ApiRequestInit {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: object;
  body?: unknown;
}

export const api = {
  /** GET `path` (without /api); query values go in the query string, undefined/null/'' skipped. */
  get<T>(path: string, query?: object, options?: CallOptions): Promise<T> {
    return call<T>({ method: 'GET', path, query }, options);
  },
  /** POST `path` with a JSON body (or FormData). */
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T> {
    return call<T>({ method: 'POST', path, body }, options);
  },
  /** DELETE `path`. */
  delete<T>(path: string, query?: object, options?: CallOptions): Promise<T> {
    return call<T>({ method: 'DELETE', path, query }, options);
  },
  /** Any method. */
  request<T>(init: ApiRequestInit, options?: CallOptions): Promise<T> {
    return call<T>({ method: init.method, path: init.path, query: init.query, body: init.body }, options);
  },
  /**
   * Download mode: a non-JSON answer is saved as a file named by content-disposition (filename* first);
   * a JSON answer goes through the envelope handling.
   */
  download(path: string, query?: object, options: DownloadOptions = {}): Promise<DownloadResult> {
    const { method = 'GET', body, filename, ...callOptions } = options;
    return call<DownloadResult>({ method, path, query, body, download: true, fallbackFilename: filename }, callOptions);
  },
};
