import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Locale } from '@namebourse/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from './auth.ts';
import { AppError } from './errors.ts';
import { bindCsrfToNewPreSession, bindCsrfToSession } from './security.ts';

/**
 * Services never see `FastifyRequest` / `FastifyReply` (DESIGN §2). What a service may know of the
 * request it serves comes as this plain value, read once by the route ({@link requestContext});
 * what it wants on the response (cookies, the CSRF binding, headers) it returns as
 * {@link ResponseChanges}, and the route writes them ({@link applyResponse}).
 */
export interface RequestContext {
  /** The client address (behind a trusted proxy: the forwarded one). */
  ip: string;
  /** The User-Agent header, or null. */
  userAgent: string | null;
  /** X-Device-Fingerprint, or 'unknown'. */
  deviceFingerprint: string;
  /** The language of the answer (Accept-Language). */
  locale: Locale;
  /** The request came over HTTPS (cookies set on the answer are then Secure). */
  isHttps: boolean;
  /** The request's cookies with a non-empty value. */
  cookies: Readonly<Record<string, string>>;
  /** The signed-in user (session or access key), or null for a visitor. */
  user: AuthUser | null;
}

/** The request's cookies that carry a value. */
export function requestCookies(request: FastifyRequest): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.cookies ?? {})) {
    if (typeof value === 'string' && value !== '') cookies[name] = value;
  }
  return cookies;
}

export function requestContext(request: FastifyRequest): RequestContext {
  const ua = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof ua === 'string' ? ua : null,
    deviceFingerprint: request.deviceFingerprint ?? 'unknown',
    locale: request.locale,
    isHttps: request.protocol === 'https',
    cookies: requestCookies(request),
    user: request.user,
  };
}

/** A cookie to set on the response, or (value null) to clear. */
export interface CookieChange {
  name: string;
  value: string | null;
  options: CookieSerializeOptions;
}

/** What a service asks of the response; the route applies it with {@link applyResponse}. */
export interface ResponseChanges {
  cookies?: CookieChange[];
  /**
   * After sign-in or sign-out: the CSRF token is bound to this session, or (null) to a new
   * pre-session of the signed-out browser (platform/security.ts).
   */
  csrfSession?: string | null;
  headers?: Record<string, string>;
}

/** Writes a service's response changes: cookies in order, then the CSRF binding, then headers. */
export function applyResponse(reply: FastifyReply, changes: ResponseChanges | null | undefined): void {
  if (!changes) return;
  for (const cookie of changes.cookies ?? []) {
    if (cookie.value === null) reply.clearCookie(cookie.name, cookie.options);
    else reply.setCookie(cookie.name, cookie.value, cookie.options);
  }
  if (changes.csrfSession === null) bindCsrfToNewPreSession(reply);
  else if (changes.csrfSession !== undefined) bindCsrfToSession(reply, changes.csrfSession);
  for (const [name, value] of Object.entries(changes.headers ?? {})) reply.header(name, value);
}

/**
 * A refusal whose answer still carries response changes (cookies cleared, a Retry-After header).
 * It is an AppError like any other; {@link withResponse} applies its changes on the way out.
 */
export class RefusalWithChanges extends AppError {
  readonly response: ResponseChanges;

  constructor(
    code: ConstructorParameters<typeof AppError>[0],
    options: ConstructorParameters<typeof AppError>[1] & { response: ResponseChanges },
  ) {
    super(code, options);
    this.response = options.response;
  }
}

/** Awaits a service call; a {@link RefusalWithChanges} it throws has its changes applied before it is answered. */
export async function withResponse<T>(reply: FastifyReply, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof RefusalWithChanges) applyResponse(reply, err.response);
    throw err;
  }
}
