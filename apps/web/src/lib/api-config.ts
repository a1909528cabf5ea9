import { CLIENT, type Locale, resolveLocale } from '@namebourse/contract';
import i18next from 'i18next';
import type { ApiError } from './api-error.ts';
import { saveBlob, type UploadProgress, type UploadTransport, xhrUpload } from './api-files.ts';

/** The options of a call, the client's configuration, and the small readers every part of the pipeline shares. */

export const CSRF_PATH = '/account/csrf';
export const REFRESH_TOKEN_PATH = '/account/refresh-token';
export const CONTACT_INFO_PATH = '/console/user/info';
/** Where the insufficient-balance prompt's 'Recharge' leads. */
export const RECHARGE_PAGE_PATH = '/console/fund/recharge';
export const DEFAULT_BASE_URL = '/api';

// ---- Public types ----

export type ErrorMode = 'toast' | 'message' | 'silent';

/** A custom error handler; when one matches, the default display is skipped and the call still rejects. */
export type ErrorHandler = (error: ApiError) => void | Promise<void>;

export interface CallOptions {
  /** How a generic error is shown: a toast (default), nothing because the page shows `ErrorView` ('message'), or nothing. */
  errorMode?: ErrorMode;
  /**
   * Handlers by exact code or by prefix (spec §8): a key matches a code equal to it or starting with it
   * ('Verification.' or 'Verification.Code' both match 'Verification.CodeInvalid'). An exact key wins, then the
   * longest matching prefix; an empty key matches nothing.
   */
  handlers?: Record<string, ErrorHandler>;
  /** Sent as the Idempotency-Key header (also on retries of the same call). */
  idempotencyKey?: string;
  /**
   * Aborting it rejects with code '500' and an empty message, deliberately without a toast: a caller's own
   * cancellation (React Query cancelling or unmounting a query) is not a failure the user should see.
   */
  signal?: AbortSignal;
  /** Overrides the client timeout (default CLIENT.requestTimeoutMs). */
  timeoutMs?: number;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /**
   * A GET that changes state (GET /account/logout): like a POST it fetches the CSRF cookie first when
   * missing and retries once after Csrf.Invalid, so the server can tell it from a cross-site request.
   */
  csrf?: boolean;
  /** Overrides the base URL for this call ('' for a path outside /api). */
  baseUrl?: string;
  /** Resolve with the parsed JSON body as it is, without the envelope (e.g. /region-data.json). */
  raw?: boolean;
  /**
   * Reports how much of a FormData body has been sent (fetch cannot observe an upload): such a call goes through
   * the configured `upload` transport (XMLHttpRequest) instead of fetch; everything else stays the same.
   */
  onUploadProgress?: (progress: UploadProgress) => void;
}

export interface DownloadOptions extends CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Used when the response names no file. */
  filename?: string;
}

// ---- Configuration ----

export interface ApiClientConfig {
  baseUrl: string;
  fetch: typeof fetch;
  /** Router navigation; without it the pipeline uses window.location.assign. */
  navigate: ((to: string) => void) | null;
  timeoutMs: number;
  /** Saves a downloaded file; the default clicks a temporary object-URL link. */
  saveFile: (blob: Blob, filename: string) => void;
  /** Sends uploads that report progress (`onUploadProgress`); the default uses XMLHttpRequest. */
  upload: UploadTransport;
}

function defaultConfig(): ApiClientConfig {
  return {
    baseUrl: DEFAULT_BASE_URL,
    fetch: (input, init) => globalThis.fetch(input, init),
    navigate: null,
    timeoutMs: CLIENT.requestTimeoutMs,
    saveFile: saveBlob,
    upload: xhrUpload,
  };
}

let config: ApiClientConfig = defaultConfig();

/** The configuration in force (read at every use: tests and the app reconfigure it). */
export function clientConfig(): ApiClientConfig {
  return config;
}

export function configureApiClient(patch: Partial<ApiClientConfig>): void {
  const next = { ...config };
  for (const [key, value] of Object.entries(patch) as [keyof ApiClientConfig, unknown][]) {
    if (value !== undefined) Object.assign(next, { [key]: value });
  }
  config = next;
}

/** Back to the default configuration. */
export function resetClientConfig(): void {
  config = defaultConfig();
}

/** Navigates with the configured router, or with a full page load. */
export function navigateTo(path: string): void {
  if (config.navigate) config.navigate(path);
  else window.location.assign(path);
}

// ---- Small helpers ----

export function currentLocale(): Locale {
  return resolveLocale(i18next.language || i18next.resolvedLanguage);
}

/**
 * A text of the 'api' namespace, one of the core namespaces loaded before the app renders (lib/i18n.ts), so the
 * pipeline never needs the contract's whole error catalogue on a page's first download.
 */
export function text(key: 'requestFailed' | 'networkError' | 'loginRequired'): string {
  return i18next.t(key, { ns: 'api' });
}

/** The default message shown when an error has none ('Request failed. Try again later'). */
export function defaultErrorMessage(): string {
  return text('requestFailed');
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined' || !document.cookie) return null;
  for (const part of document.cookie.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The query string of a GET (with '?'), skipping undefined, null and ''. Arrays repeat the key. */
export function buildQueryString(query: object | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  const append = (key: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    if (value instanceof Date) params.append(key, value.toISOString());
    else if (typeof value === 'object') params.append(key, JSON.stringify(value));
    else params.append(key, String(value));
  };
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) append(key, item);
    else append(key, value);
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}
