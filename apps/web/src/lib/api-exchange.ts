import { CSRF_COOKIE, HEADERS, type MfaVerification, SUCCESS_CODE } from '@namebourse/contract';
import { buildQueryString, type CallOptions, clientConfig, currentLocale, readCookie, text } from './api-config.ts';
import { API_CODES, ApiError, isRecord } from './api-error.ts';
import { fallbackFilename, filenameFromContentDisposition, isFormData } from './api-files.ts';
import { getFingerprint, UNKNOWN_FINGERPRINT } from './fingerprint.ts';
import { withRestrictionReason } from './restriction-message.ts';

/**
 * One HTTP exchange of the pipeline: the URL, headers and body of a request, the timeout, and the reading of
 * the answer (envelope, HTTP error or file). It neither retries nor shows anything: `api-pipeline.ts` does.
 */

export interface ApiRequest {
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

function buildUrl(request: ApiRequest, options: CallOptions): string {
  if (/^https?:\/\//i.test(request.path)) return request.path;
  const base = (options.baseUrl ?? clientConfig().baseUrl).replace(/\/+$/, '');
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
export function needsCsrf(request: ApiRequest, options: CallOptions): boolean {
  return isStateChanging(request.method) || options.csrf === true;
}

/**
 * Sends one request and interprets the answer; throws ApiError for anything but success. The CSRF pre-call is
 * the caller's (`send` in api-session.ts).
 */
export async function exchange(request: ApiRequest, options: CallOptions): Promise<unknown> {
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
  }, options.timeoutMs ?? clientConfig().timeoutMs);
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
        ? await clientConfig().upload(url, init, onUploadProgress)
        : await clientConfig().fetch(url, init);
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
      throw new ApiError({
        code,
        message: withRestrictionReason(code, message, body.data),
        data: body.data,
        traceId,
        status: response.status,
        kind: 'envelope',
      });
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
    clientConfig().saveFile(blob, filename);
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

/** Any failure as an ApiError ('Request failed' for what is not one). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ code: API_CODES.requestFailed, message: text('requestFailed'), kind: 'invalid' });
}
