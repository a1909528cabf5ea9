import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CSRF_COOKIE } from '@namebourse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { sendError } from './envelope.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` exempts a state-changing route from the CSRF check (e.g. signed provider webhooks). */
    csrf?: boolean;
  }
}

/** Request header that must echo the XSRF-TOKEN cookie (API.md, spec §7). */
export const CSRF_HEADER = 'x-xsrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const kCsrfKey = Symbol('namebourse.csrfKey');

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
  return createHmac('sha256', secret).update('namebourse:csrf-token:v1').digest();
}

function sign(key: Buffer, nonce: string): string {
  return createHmac('sha256', key).update(nonce).digest('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** A token is `<nonce>.<hmac(nonce)>`: random, and provably issued by this server (any instance sharing APP_SECRET). */
function isIssuedToken(key: Buffer, token: string): boolean {
  const match = /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  return safeEqual(sign(key, match[1]!), match[2]!);
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

/** True when the request carries a matching, server-issued XSRF-TOKEN cookie and X-XSRF-TOKEN header. */
export function hasValidCsrf(request: FastifyRequest): boolean {
  const cookie = cookiesOf(request)[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (typeof cookie !== 'string' || typeof header !== 'string' || cookie === '') return false;
  return safeEqual(cookie, header) && isIssuedToken(keyOf(request.server), cookie);
}

/**
 * Sets the XSRF-TOKEN cookie (readable by the page's JS, SameSite=Lax, Path=/, Secure on https)
 * and returns the token. A still-valid token the browser already holds is kept, so concurrent
 * tabs do not invalidate each other.
 */
export function issueCsrfToken(reply: FastifyReply): string {
  const request = reply.request;
  const key = keyOf(reply.server);
  const current = cookiesOf(request)[CSRF_COOKIE];
  let token: string;
  if (typeof current === 'string' && isIssuedToken(key, current)) {
    token = current;
  } else {
    const nonce = randomBytes(18).toString('base64url');
    token = `${nonce}.${sign(key, nonce)}`;
  }
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    // Always Secure in production (a TLS proxy in front may not be trusted to say so); on https otherwise.
    secure: request.protocol === 'https' || request.server.platform.config.isProduction,
  });
  return token;
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
 * Security headers (helmet with a same-origin CSP) and double-submit CSRF (DESIGN.md §3):
 * every state-changing /api request needs the XSRF-TOKEN cookie to equal the X-XSRF-TOKEN header
 * and to be a token this server issued; otherwise 403 `Csrf.Invalid`. Exempt: requests with an
 * `Authorization` header (API keys), routes declaring `config: { csrf: false }`, and unknown
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

    app.addHook('onRequest', async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (request.is404) return;
      // Decide by the matched route, never the raw URL: encoded or doubled slashes must not slip past.
      if (!isApiPath(request.routeOptions.url ?? '')) return;
      if (request.routeOptions.config?.csrf === false) return;
      if (request.headers.authorization) return;
      if (hasValidCsrf(request)) return;
      return sendError(request, reply, 'Csrf.Invalid');
    });
  },
  { name: 'security', dependencies: ['envelope', '@fastify/cookie'] },
);
