import {
  CLIENT,
  CSRF_COOKIE,
  ERROR_CATALOGUE,
  FieldErrorsSchema,
  HEADERS,
  type Locale,
  type MfaChallenge,
  MfaChallengeSchema,
  type MfaMethod,
  type MfaVerification,
  resolveLocale,
  SUCCESS_CODE,
} from '@namebourse/contract';
import i18next from 'i18next';
import {
  closeMfaDialog,
  type MfaDialogState,
  type MfaFactorInput,
  openContactInfoDialog,
  openInsufficientBalanceDialog,
  openMfaDialog,
  showToast,
  updateMfaDialog,
} from './feedback-store.ts';
import { getFingerprint, UNKNOWN_FINGERPRINT } from './fingerprint.ts';
import { currentPath, LOGIN_PATH, loginPath } from './login-redirect.ts';
import { clearUserInfo } from './user-storage.ts';

/**
 * The request pipeline of spec §7 and §8, implemented once: headers, CSRF pre-call, credentials,
 * timeout, envelope handling, download mode, one refresh-and-retry on Account.Unauthorized, the MFA
 * dialog and retry with mfaVerification, the contact-info dialog, toasts and custom handlers.
 * Pages never call fetch themselves.
 */

// ---- Codes the pipeline acts on ----

export const API_CODES = {
  unauthorized: 'Account.Unauthorized',
  mfaRequired: 'Account.Mfa.Required',
  mfaRetry: 'Account.Mfa.Required.Retry',
  /** Client-side only: the user closed the MFA dialog. */
  mfaCancelled: 'Account.Mfa.Cancelled',
  tooManyCodeRequests: 'Verification.TooManyRequests',
  contactInfoIncomplete: 'Commodity.UserContactInfoIncomplete',
  /** A payment lacks funds: the recharge prompt (spec §8 'Insufficient balance' with a recharge prompt). */
  insufficientBalance: 'Funds.InsufficientBalance',
  csrfInvalid: 'Csrf.Invalid',
  network: 'Network.Error',
  requestFailed: 'Request.Failed',
  /** Timeout or abort (spec §8: code 500 with an empty message). */
  timeout: '500',
} as const;

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

/** Bytes of a request body sent so far; `total` is 0 when the browser cannot tell. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** Sends a request like fetch and reports the upload of its body. */
export type UploadTransport = (
  url: string,
  init: RequestInit,
  onProgress: (progress: UploadProgress) => void,
) => Promise<Response>;

export interface DownloadOptions extends CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Used when the response names no file. */
  filename?: string;
}

/** A download either saved a file or was answered with a JSON success envelope. */
export type DownloadResult = { saved: true; filename: string; blob: Blob } | { saved: false; data: unknown };

export type ApiErrorKind = 'envelope' | 'http' | 'invalid' | 'network' | 'timeout' | 'aborted' | 'cancelled';

export interface ApiErrorInit {
  code: string;
  message: string;
  data?: unknown;
  traceId?: string;
  status?: number;
  kind?: ApiErrorKind;
}

export class ApiError extends Error {
  readonly code: string;
  readonly data: unknown;
  readonly traceId?: string;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** From the data of Verification.TooManyRequests (or any error carrying it): seconds to wait. */
  readonly retryAfterSeconds?: number;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.data = init.data ?? null;
    this.traceId = init.traceId;
    this.status = init.status ?? 0;
    this.kind = init.kind ?? 'envelope';
    this.retryAfterSeconds = retryAfterSecondsOf(this.data);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** `retryAfterSeconds` of a result or error data, when it is a non-negative number. */
export function retryAfterSecondsOf(value: unknown): number | undefined {
  if (!isRecord(value)) return undefined;
  const seconds = value.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

/**
 * What a payment lacks, from the data of Funds.InsufficientBalance: `shortfallCents`, or `requiredCents` minus
 * `availableCents`; null when the server did not say.
 */
export function shortfallCentsOf(data: unknown): number | null {
  if (!isRecord(data)) return null;
  const whole = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
  const shortfall = whole(data.shortfallCents);
  if (shortfall !== null) return shortfall > 0 ? shortfall : null;
  const required = whole(data.requiredCents);
  const available = whole(data.availableCents);
  return required !== null && available !== null && required > available ? required - available : null;
}

/** Per-field messages of a Request.Invalid error (empty when there are none). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const parsed = FieldErrorsSchema.safeParse(error.data);
  return parsed.success ? parsed.data.fields : {};
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
let csrfInFlight: Promise<void> | null = null;
let refreshInFlight: Promise<boolean> | null = null;

export function configureApiClient(patch: Partial<ApiClientConfig>): void {
  const next = { ...config };
  for (const [key, value] of Object.entries(patch) as [keyof ApiClientConfig, unknown][]) {
    if (value !== undefined) Object.assign(next, { [key]: value });
  }
  config = next;
}

/** Back to the defaults (tests). */
export function resetApiClient(): void {
  config = defaultConfig();
  csrfInFlight = null;
  refreshInFlight = null;
}

/** Navigates with the configured router, or with a full page load. */
export function navigateTo(path: string): void {
  if (config.navigate) config.navigate(path);
  else window.location.assign(path);
}

// ---- Small helpers ----

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function currentLocale(): Locale {
  return resolveLocale(i18next.language || i18next.resolvedLanguage);
}

const TEXT_FALLBACK_CODES = {
  requestFailed: 'Request.Failed',
  networkError: 'Network.Error',
  loginRequired: 'Account.Unauthorized',
} as const;

/** A text of the 'api' namespace, falling back to the contract catalogue when i18n is not ready. */
function text(key: keyof typeof TEXT_FALLBACK_CODES): string {
  const fallback = ERROR_CATALOGUE[TEXT_FALLBACK_CODES[key]][currentLocale()];
  if (!i18next.isInitialized) return fallback;
  return i18next.t(key, { ns: 'api', defaultValue: fallback });
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

/**
 * The filename of a content-disposition header: filename* (RFC 5987/6266, e.g. UTF-8''%E5%8F%91.pdf)
 * wins over filename; path parts are dropped. Null when there is none.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*("[^"]*"|[^;]*)/i.exec(header);
  if (extended?.[1]) {
    let value = extended[1].trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    const parts = /^([^']*)'[^']*'(.*)$/.exec(value);
    const charset = (parts?.[1] ?? 'utf-8').toLowerCase();
    const encoded = parts?.[2] ?? value;
    const decoded = decodeExtValue(encoded, charset);
    const name = decoded === null ? null : sanitizeFilename(decoded);
    if (name) return name;
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(header);
  if (plain) {
    let value = plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : (plain[2] ?? '').trim();
    if (/%[0-9a-f]{2}/i.test(value)) {
      try {
        value = decodeURIComponent(value);
      } catch {
        // Not percent-encoded after all.
      }
    }
    const name = sanitizeFilename(value);
    if (name) return name;
  }
  return null;
}

function decodeExtValue(encoded: string, charset: string): string | null {
  if (charset === 'iso-8859-1' || charset === 'latin1') {
    return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

function sanitizeFilename(value: string): string | null {
  const base = value.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean && clean !== '.' && clean !== '..' ? clean : null;
}

function fallbackFilename(path: string): string {
  const last = path.split('?')[0]?.split('/').filter(Boolean).pop();
  return last ? (sanitizeFilename(last) ?? 'download') : 'download';
}

function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
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

/** Response headers of an XMLHttpRequest as a Headers object. */
function parseResponseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const index = line.indexOf(':');
    if (index <= 0) continue;
    try {
      headers.append(line.slice(0, index).trim(), line.slice(index + 1).trim());
    } catch {
      // A header name the Headers class refuses: not one the pipeline reads.
    }
  }
  return headers;
}

/**
 * The default upload transport: XMLHttpRequest (the only browser API that reports upload progress), answering
 * with a fetch Response so the pipeline reads it like any other. Network failures reject with a TypeError and
 * an abort through `init.signal` with an AbortError, as fetch does.
 */
export function xhrUpload(
  url: string,
  init: RequestInit,
  onProgress: (progress: UploadProgress) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const signal = init.signal;
    if (signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(init.method ?? 'POST', url);
    xhr.withCredentials = init.credentials === 'include';
    xhr.responseType = 'arraybuffer';
    for (const [name, value] of new Headers(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    xhr.onload = () => {
      done();
      if (xhr.status < 200 || xhr.status > 599) {
        reject(new TypeError('Network request failed'));
        return;
      }
      const empty = [204, 205, 304].includes(xhr.status);
      resolve(
        new Response(empty ? null : (xhr.response as ArrayBuffer | null), {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseResponseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network request failed'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

// ---- One HTTP exchange ----

interface ApiRequest {
  method: string;
  path: string;
  query?: object;
  body?: unknown;
  download?: boolean;
  fallbackFilename?: string;
  mfaVerification?: MfaVerification;
}

const FINGERPRINT_WAIT_MS = 1000;

async function fingerprintHeader(): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(UNKNOWN_FINGERPRINT), FINGERPRINT_WAIT_MS);
  });
  try {
    return await Promise.race([getFingerprint(), cap]);
  } finally {
    clearTimeout(timer);
  }
}

function isFormData(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

function buildUrl(request: ApiRequest, options: CallOptions): string {
  if (/^https?:\/\//i.test(request.path)) return request.path;
  const base = (options.baseUrl ?? config.baseUrl).replace(/\/+$/, '');
  const path = request.path.startsWith('/') ? request.path : `/${request.path}`;
  const query =
    request.method === 'GET' && request.mfaVerification
      ? { ...(request.query ?? {}), mfaVerification: JSON.stringify(request.mfaVerification) }
      : request.query;
  const search = buildQueryString(query);
  if (!search) return `${base}${path}`;
  return path.includes('?') ? `${base}${path}&${search.slice(1)}` : `${base}${path}${search}`;
}

function buildBody(request: ApiRequest): BodyInit | undefined {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const { body, mfaVerification } = request;
  if (isFormData(body)) {
    if (mfaVerification) body.set('mfaVerification', JSON.stringify(mfaVerification));
    return body;
  }
  if (mfaVerification) {
    return JSON.stringify(isRecord(body) ? { ...body, mfaVerification } : { mfaVerification });
  }
  return body === undefined ? undefined : JSON.stringify(body);
}

async function buildHeaders(request: ApiRequest, options: CallOptions): Promise<Record<string, string>> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    [HEADERS.acceptLanguage]: currentLocale(),
    [HEADERS.timezoneOffset]: String(-new Date().getTimezoneOffset()),
    [HEADERS.fingerprint]: await fingerprintHeader(),
  };
  const token = readCookie(CSRF_COOKIE);
  if (token) headers[HEADERS.csrf] = token;
  if (options.idempotencyKey) headers[HEADERS.idempotencyKey] = options.idempotencyKey;
  // The browser sets the multipart boundary itself.
  if (isFormData(request.body)) delete headers['Content-Type'];
  // A state-changing call without a body (DELETE /funds/cards/:id) declares no JSON body: servers refuse an empty one.
  if (isStateChanging(request.method) && request.body === undefined && !request.mfaVerification) {
    delete headers['Content-Type'];
  }
  return { ...headers, ...options.headers };
}

function isStateChanging(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD';
}

/**
 * Calls the server checks for CSRF. The token itself is read from the cookie on every request, never
 * kept in memory: the server rotates it at sign-in and sign-out.
 */
function needsCsrf(request: ApiRequest, options: CallOptions): boolean {
  return isStateChanging(request.method) || options.csrf === true;
}

/** Fetches the CSRF cookie once for all waiting calls (when missing, or `force`d after Csrf.Invalid). */
function ensureCsrf(force = false): Promise<void> {
  if (!force && readCookie(CSRF_COOKIE)) return Promise.resolve();
  if (!csrfInFlight) {
    const pending = exchange({ method: 'GET', path: CSRF_PATH }, { baseUrl: config.baseUrl }).then(
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
function refreshSession(requestSentAt: number): Promise<boolean> {
  if (!refreshInFlight) {
    const refresh = async (): Promise<boolean> => {
      if (readRefreshedAt() >= requestSentAt && requestSentAt > 0) return true;
      const ok = await exchange({ method: 'POST', path: REFRESH_TOKEN_PATH }, { baseUrl: config.baseUrl }).then(
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

/** Sends one request and interprets the answer; throws ApiError for anything but success. */
async function exchange(request: ApiRequest, options: CallOptions): Promise<unknown> {
  if (needsCsrf(request, options)) await ensureCsrf();
  const url = buildUrl(request, options);
  const body = buildBody(request);
  const headers = await buildHeaders(request, options);

  // The timeout (spec §9: 5000 ms) covers the request until the response headers arrive, and the reading of a
  // JSON body; a download releases it before reading the file (`interpret`), so large exports are not cut off.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? config.timeoutMs);
  const releaseTimeout = () => clearTimeout(timer);
  const external = options.signal;
  const onExternalAbort = () => controller.abort();
  if (external?.aborted) controller.abort();
  else external?.addEventListener('abort', onExternalAbort, { once: true });

  try {
    if (controller.signal.aborted) throw new DOMException('Aborted', 'AbortError');
    const init: RequestInit = {
      method: request.method,
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    };
    const { onUploadProgress } = options;
    const response =
      onUploadProgress && isFormData(body)
        ? await config.upload(url, init, onUploadProgress)
        : await config.fetch(url, init);
    return await interpret(response, request, options, releaseTimeout);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // Spec §8: a timeout or abort is code 500 with an empty message. A timeout is toasted (`report`); an abort
    // can only come from the caller's own signal (React Query cancelling or unmounting a query), which is not a
    // failure the user should see, so it is kept silent on purpose through the 'aborted' kind.
    if (timedOut) throw new ApiError({ code: API_CODES.timeout, message: '', kind: 'timeout' });
    if (controller.signal.aborted) throw new ApiError({ code: API_CODES.timeout, message: '', kind: 'aborted' });
    throw new ApiError({ code: API_CODES.network, message: text('networkError'), kind: 'network' });
  } finally {
    clearTimeout(timer);
    external?.removeEventListener('abort', onExternalAbort);
  }
}

function isEnvelope(
  body: unknown,
): body is { code: string | number; message?: unknown; data?: unknown; traceId?: unknown } {
  return isRecord(body) && (typeof body.code === 'string' || typeof body.code === 'number');
}

function httpError(response: Response, traceId: string | undefined): ApiError {
  return new ApiError({
    code: String(response.status),
    message: response.statusText || text('requestFailed'),
    status: response.status,
    traceId,
    kind: 'http',
  });
}

async function interpret(
  response: Response,
  request: ApiRequest,
  options: CallOptions,
  releaseTimeout: () => void,
): Promise<unknown> {
  const contentType = response.headers.get('content-type') ?? '';
  const traceHeader = response.headers.get(HEADERS.traceId) ?? undefined;

  if (/[/+]json\b/i.test(contentType)) {
    let body: unknown;
    let parsed = true;
    try {
      body = await response.json();
    } catch (error) {
      // Only unparsable JSON is an invalid answer; a body cut off by the timeout, the caller's signal or the
      // network goes back to `exchange`, which reports it as such.
      if (!(error instanceof SyntaxError)) throw error;
      parsed = false;
    }
    if (options.raw && parsed && response.ok) return body;
    if (parsed && isEnvelope(body)) {
      const code = String(body.code);
      if (code === SUCCESS_CODE) return request.download ? { saved: false, data: body.data ?? null } : body.data;
      const message = typeof body.message === 'string' && body.message ? body.message : text('requestFailed');
      const traceId = typeof body.traceId === 'string' && body.traceId ? body.traceId : traceHeader;
      throw new ApiError({ code, message, data: body.data, traceId, status: response.status, kind: 'envelope' });
    }
    if (!response.ok) throw httpError(response, traceHeader);
    throw new ApiError({
      code: API_CODES.requestFailed,
      message: text('requestFailed'),
      status: response.status,
      traceId: traceHeader,
      kind: 'invalid',
    });
  }

  if (!response.ok) throw httpError(response, traceHeader);
  if (request.download) {
    // The headers are in: the file may take longer than the request timeout to arrive (the caller's signal
    // still cancels it).
    releaseTimeout();
    const blob = await response.blob();
    const filename =
      filenameFromContentDisposition(response.headers.get('content-disposition')) ??
      request.fallbackFilename ??
      fallbackFilename(request.path);
    config.saveFile(blob, filename);
    return { saved: true, filename, blob };
  }
  if (options.raw) return await response.text();
  throw new ApiError({
    code: API_CODES.requestFailed,
    message: text('requestFailed'),
    status: response.status,
    traceId: traceHeader,
    kind: 'invalid',
  });
}

// ---- The pipeline around an exchange ----

interface RunState {
  refreshed: boolean;
  csrfRetried: boolean;
  /** Inside an MFA retry: MFA replies go back to the dialog instead of being handled here. */
  inMfa: boolean;
  /** When the failed attempt was sent (Date.now()): a refresh by another tab after it makes a retry enough. */
  sentAt?: number;
}

const FRESH: RunState = { refreshed: false, csrfRetried: false, inMfa: false };

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ code: API_CODES.requestFailed, message: text('requestFailed'), kind: 'invalid' });
}

async function run(request: ApiRequest, options: CallOptions, state: RunState): Promise<unknown> {
  const sentAt = Date.now();
  try {
    return await exchange(request, options);
  } catch (error) {
    return handleFailure(toApiError(error), request, options, { ...state, sentAt });
  }
}

function parseChallenge(data: unknown): MfaChallenge | null {
  const parsed = MfaChallengeSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
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
      redirectToLogin();
      throw error;
    case API_CODES.mfaRequired: {
      const challenge = parseChallenge(error.data);
      if (challenge) return runMfa(challenge, request, options, state);
      break;
    }
    case API_CODES.contactInfoIncomplete:
      openContactInfoDialog();
      throw error;
    case API_CODES.insufficientBalance:
      openInsufficientBalanceDialog({ message: error.message, shortfallCents: shortfallCentsOf(error.data) });
      throw error;
  }

  report(error, options.errorMode ?? 'toast');
  throw error;
}

/** The refresh failed: forget the user and go to the sign-in page, saying why ('This action requires login'). */
function redirectToLogin(): void {
  clearUserInfo();
  const here = currentPath();
  // Already on the sign-in page: going there again would only reload it, and the page itself asks for login.
  if (here === LOGIN_PATH || here.startsWith(`${LOGIN_PATH}?`)) return;
  showToast(text('loginRequired'));
  navigateTo(loginPath(here));
}

function report(error: ApiError, mode: ErrorMode): void {
  // A caller's own abort stays silent on purpose: see the comment in `exchange`.
  if (mode === 'silent' || error.kind === 'aborted') return;
  // Spec §8: a timeout is reported as a toast whatever the mode.
  if (mode === 'toast' || error.kind === 'timeout') showToast(error.message || text('requestFailed'));
}

function tipsOf(factors: readonly { method: MfaMethod; tip?: unknown }[]): Partial<Record<MfaMethod, string>> {
  const tips: Partial<Record<MfaMethod, string>> = {};
  for (const factor of factors) if (typeof factor.tip === 'string') tips[factor.method] = factor.tip;
  return tips;
}

/** What an Account.Mfa.Required.Retry reply changes in the dialog: attempts left and per-factor tips. */
export function mfaRetryPatch(data: unknown): Partial<Pick<MfaDialogState, 'attemptsLeft' | 'tips' | 'challenge'>> {
  if (!isRecord(data)) return {};
  const patch: Partial<Pick<MfaDialogState, 'attemptsLeft' | 'tips' | 'challenge'>> = {};
  const challenge = parseChallenge(data);
  if (challenge) patch.challenge = challenge;
  for (const key of ['allowedAttempts', 'attemptsLeft', 'remainingAttempts']) {
    const value = data[key];
    if (typeof value === 'number' && Number.isFinite(value)) {
      patch.attemptsLeft = Math.max(0, value);
      break;
    }
  }
  if (Array.isArray(data.availableFactors)) {
    const factors = data.availableFactors.filter(
      (factor): factor is { method: MfaMethod; tip?: unknown } =>
        isRecord(factor) && (factor.method === 'EMAIL' || factor.method === 'SMS' || factor.method === 'AUTHENTICATOR'),
    );
    patch.tips = tipsOf(factors);
  } else if (isRecord(data.tips)) {
    const tips: Partial<Record<MfaMethod, string>> = {};
    for (const method of ['EMAIL', 'SMS', 'AUTHENTICATOR'] as const) {
      const tip = data.tips[method];
      if (typeof tip === 'string') tips[method] = tip;
    }
    patch.tips = tips;
  }
  return patch;
}

/** Opens the MFA dialog; settles with the result of the original request retried with mfaVerification. */
function runMfa(challenge: MfaChallenge, request: ApiRequest, options: CallOptions, state: RunState): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let current = challenge;
    let settled = false;
    const finish = (id: number) => {
      settled = true;
      closeMfaDialog(id);
    };
    const id = openMfaDialog({
      challenge,
      attemptsLeft: challenge.allowedAttempts,
      tips: tipsOf(challenge.availableFactors),
      error: '',
      submitting: false,
      submit: async (factors: MfaFactorInput[]) => {
        if (settled) return;
        updateMfaDialog(id, { submitting: true, error: '' });
        const mfaVerification: MfaVerification = { challengeId: current.challengeId, factors };
        try {
          const result = await run({ ...request, mfaVerification }, options, { ...state, inMfa: true });
          finish(id);
          resolve(result);
        } catch (caught) {
          const error = toApiError(caught);
          if (error.code === API_CODES.mfaRetry) {
            const patch = mfaRetryPatch(error.data);
            if (patch.challenge) current = patch.challenge;
            updateMfaDialog(id, { ...patch, submitting: false, error: error.message });
            return;
          }
          const next = error.code === API_CODES.mfaRequired ? parseChallenge(error.data) : null;
          if (next) {
            // A new challenge (the old one expired): keep the dialog open with it.
            current = next;
            updateMfaDialog(id, {
              challenge: next,
              attemptsLeft: next.allowedAttempts,
              tips: tipsOf(next.availableFactors),
              submitting: false,
              error: error.message,
            });
            return;
          }
          finish(id);
          reject(error);
        }
      },
      cancel: () => {
        if (settled) return;
        finish(id);
        reject(new ApiError({ code: API_CODES.mfaCancelled, message: '', kind: 'cancelled' }));
      },
    });
  });
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
