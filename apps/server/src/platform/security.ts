import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CSRF_COOKIE } from '@namebourse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { sendError } from './envelope.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` exempts a state-changing route from the CSRF check (e.g. signed provider webhooks).
     * `true` on a GET route marks it as changing state (sign-out): it then needs the CSRF header, or a
     * request the browser itself says is same-origin (`Sec-Fetch-Site` / `Origin`).
     */
    csrf?: boolean;
  }
}

/** Request header that must echo the XSRF-TOKEN cookie (API.md, spec §7). */
export const CSRF_HEADER = 'x-xsrf-token';

/**
 * The pre-session cookie (HttpOnly): a random value that binds the CSRF token of a signed-out
 * browser. In production it carries the `__Host-` prefix, so a sibling subdomain cannot plant it.
 */
export function preSessionCookieName(isProduction: boolean): string {
  return isProduction ? '__Host-nb_ps' : 'nb_ps';
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const kCsrfKey = Symbol('namebourse.csrfKey');
const PRE_SESSION_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Content-Security-Policy of every response: the app's own origin only. MUI/emotion inject
 * `<style>` elements, hence 'unsafe-inline' for styles (never for scripts); images may be data:
 * (QR codes) or blob: (previews); ALTCHA's proof-of-work runs in a blob: worker.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  frameSrc: ["'none'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  manifestSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  workerSrc: ["'self'", 'blob:'],
  // Plain-HTTP deployments (localhost, LAN) must keep working: no forced upgrade.
  upgradeInsecureRequests: null,
};

export interface SecurityOptions {
  /** HMAC secret for CSRF tokens; defaults to `app.platform.config.appSecret`. */
  secret?: string;
  /** Send Strict-Transport-Security; defaults to production mode. */
  hsts?: boolean;
}

function deriveKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('namebourse:csrf-token:v2').digest();
}

/** What a token is bound to: the session (`s:<family id>`) or the pre-session cookie (`p:<value>`). */
type Binding = string;

function sign(key: Buffer, binding: Binding, nonce: string): string {
  return createHmac('sha256', key).update(`${binding}\n${nonce}`).digest('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/**
 * A token is `<nonce>.<hmac(binding, nonce)>`: random, provably issued by this server (any instance
 * sharing APP_SECRET), and valid only with the session or pre-session it was issued for.
 */
function isIssuedToken(key: Buffer, binding: Binding, token: string): boolean {
  const match = /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  return safeEqual(sign(key, binding, match[1]!), match[2]!);
}

function newToken(key: Buffer, binding: Binding): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(key, binding, nonce)}`;
}

function keyOf(app: FastifyInstance): Buffer {
  const key = (app as unknown as Record<symbol, Buffer | undefined>)[kCsrfKey];
  if (!key) throw new Error('securityPlugin is not registered');
  return key;
}

function cookiesOf(request: FastifyRequest): Record<string, string | undefined> {
  if (request.cookies) return request.cookies;
  const header = request.headers.cookie;
  return header ? request.server.parseCookie(header) : {};
}

function isProduction(app: FastifyInstance): boolean {
  return app.platform?.config?.isProduction ?? false;
}

function sessionBinding(sessionId: string): Binding {
  return `s:${sessionId}`;
}

/**
 * The binding of a request: the session its access cookie names (by signature, so a lapsed access
 * token or a session ended elsewhere still finds its token, and refresh and sign-in keep working),
 * else the browser's pre-session cookie, else none (no token is valid).
 */
function bindingOf(request: FastifyRequest): Binding | null {
  const sessionId = request.server.platform?.auth?.sessionId?.(request);
  if (sessionId) return sessionBinding(sessionId);
  const pre = cookiesOf(request)[preSessionCookieName(isProduction(request.server))];
  return typeof pre === 'string' && PRE_SESSION_PATTERN.test(pre) ? `p:${pre}` : null;
}

/**
 * True when the request carries a matching XSRF-TOKEN cookie and X-XSRF-TOKEN header, issued by this
 * server for this request's session (or, signed out, for this browser's pre-session cookie).
 */
export function hasValidCsrf(request: FastifyRequest): boolean {
  const cookie = cookiesOf(request)[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (typeof cookie !== 'string' || typeof header !== 'string' || cookie === '') return false;
  const binding = bindingOf(request);
  return binding !== null && safeEqual(cookie, header) && isIssuedToken(keyOf(request.server), binding, cookie);
}

function secureCookies(reply: FastifyReply): boolean {
  // Always Secure in production (a TLS proxy in front may not be trusted to say so); on https otherwise.
  return reply.request.protocol === 'https' || isProduction(reply.server);
}

function setCsrfCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure: secureCookies(reply) });
}

/** A new pre-session cookie on the reply; returns its binding. */
function newPreSession(reply: FastifyReply): Binding {
  const value = randomBytes(32).toString('base64url');
  reply.setCookie(preSessionCookieName(isProduction(reply.server)), value, {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: secureCookies(reply),
  });
  return `p:${value}`;
}

/** Sets XSRF-TOKEN for the binding, keeping the browser's current token when it is already bound to it. */
function setTokenFor(reply: FastifyReply, binding: Binding, keepCurrent: boolean): string {
  const key = keyOf(reply.server);
  const current = cookiesOf(reply.request)[CSRF_COOKIE];
  const token =
    keepCurrent && typeof current === 'string' && isIssuedToken(key, binding, current)
      ? current
      : newToken(key, binding);
  setCsrfCookie(reply, token);
  return token;
}

/**
 * Sets the XSRF-TOKEN cookie (readable by the page's JS, SameSite=Lax, Path=/, Secure on https) for the
 * request's session, or for its pre-session (a new HttpOnly pre-session cookie when it has none), and
 * returns the token. A still-valid token the browser already holds is kept, so concurrent tabs do not
 * invalidate each other.
 */
export function issueCsrfToken(reply: FastifyReply): string {
  const binding = bindingOf(reply.request) ?? newPreSession(reply);
  return setTokenFor(reply, binding, true);
}

/**
 * Sign-in (a new session, or new cookies of the same one): XSRF-TOKEN is re-issued for the session and
 * the pre-session cookie dropped. The token of the same session is kept (a refresh does not rotate it).
 */
export function bindCsrfToSession(reply: FastifyReply, sessionId: string): void {
  setTokenFor(reply, sessionBinding(sessionId), true);
  const name = preSessionCookieName(isProduction(reply.server));
  if (cookiesOf(reply.request)[name] !== undefined) {
    reply.clearCookie(name, { path: '/', sameSite: 'lax', httpOnly: true, secure: secureCookies(reply) });
  }
}

/** Sign-out: a new pre-session cookie and an XSRF-TOKEN bound to it; the session's token is void. */
export function bindCsrfToNewPreSession(reply: FastifyReply): void {
  setTokenFor(reply, newPreSession(reply), false);
}

/**
 * A request the browser itself marks as same-origin: `Sec-Fetch-Site: same-origin` (decisive when
 * present), else an `Origin` equal to this server's origin (PUBLIC_URL's, or the request's own).
 */
function isSameOriginRequest(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return false;
  const publicUrl = request.server.platform?.config?.publicUrl;
  try {
    const own = new URL(publicUrl ?? `${request.protocol}://${request.host}`).origin;
    return new URL(origin).origin === own;
  } catch {
    return false;
  }
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * The security headers helmet would set, computed once: its middleware runs against a recorder at
 * start (@fastify/helmet rebuilt the middleware and the CSP string on every request). The same
 * headers go on every response.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Security headers (helmet with a same-origin CSP) and double-submit CSRF bound to the session
 * (DESIGN.md §3, ADR 0003): every state-changing /api request needs the XSRF-TOKEN cookie to equal
 * the X-XSRF-TOKEN header and to be a token this server issued for the request's session (or, signed
 * out, for the browser's pre-session cookie); otherwise 403 `Csrf.Invalid`. A GET declaring
 * `config: { csrf: true }` (sign-out) needs the same, or a same-origin request. Exempt: requests with
 * an `Authorization` header (API keys), routes declaring `config: { csrf: false }`, and unknown
 * routes (they answer 404 `Request.NotFound`).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: SecurityOptions) => {
    const config = app.platform?.config;
    const secret = opts.secret ?? config?.appSecret;
    if (!secret) throw new Error('securityPlugin needs a secret');
    app.decorate(kCsrfKey, deriveKey(secret));

    const headers = securityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      frameguard: { action: 'deny' },
      // HSTS only where the site is served over HTTPS for real (production), never on a dev box.
      strictTransportSecurity: (opts.hsts ?? config?.isProduction ?? false) ? { maxAge: 31_536_000 } : false,
      // The customer-service chat opens in a new window and must be able to talk back to its opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });

    // The binding comes from the session cookie's signature, so the check needs no database and runs
    // before authentication, as before.
    app.addHook('onRequest', async (request, reply) => {
      if (request.is404) return;
      const csrf = request.routeOptions.config?.csrf;
      const safe = SAFE_METHODS.has(request.method);
      if (safe ? csrf !== true : csrf === false) return;
      // Decide by the matched route, never the raw URL: encoded or doubled slashes must not slip past.
      if (!isApiPath(request.routeOptions.url ?? '')) return;
      if (request.headers.authorization) return;
      if (hasValidCsrf(request)) return;
      if (safe && isSameOriginRequest(request)) return;
      return sendError(request, reply, 'Csrf.Invalid');
    });
  },
  { name: 'security', dependencies: ['envelope', '@fastify/cookie'] },
);
