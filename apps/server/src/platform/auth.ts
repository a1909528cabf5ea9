import type { OperatorRole, UserRole } from '@namebourse/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

/** Who is acting on a request, once authenticated (by session cookie or API access key). */
export interface AuthUser {
  id: bigint;
  accountNo: string;
  nickname: string;
  role: UserRole;
  via: 'session' | 'api-key';
  /** The session (refresh-token family) when signed in through the browser. */
  sessionId: string | null;
  /** The access key id when authenticated by `Authorization: Bearer <keyId>.<secret>`. */
  keyId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook; null for visitors. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route; every /api route declares it (see {@link RouteAccess}). */
    access?: RouteAccess;
  }
}

/**
 * Who may call a route, declared in its config (`config: { access: … }`) by every /api route:
 * - `'public'`: anyone, signed in or not (the handler may still look at `request.user`);
 * - `'user'`: a signed-in user (Account.Unauthorized otherwise) acting on their own things, named by
 *   no id or by ids of public things (an auction on the watchlist);
 * - `{ owner: kind, id? }`: a signed-in user acting on one of their own resources of that kind (an
 *   order, an access key …), named by the path parameter or body field `id` (by default the path's only
 *   parameter); the service scopes it, so another user's gets a 404 (or 403), never the resource;
 * - `{ operator: roles }`: a signed-in operator holding one of the roles (Account.Forbidden otherwise).
 *   `admin` may do everything, so `{ operator: 'admin' }` means admins only and `{ operator: ['finance'] }`
 *   admins and finance reviewers.
 * The declarations are published in the OpenAPI document (`x-access`), and the attack suite
 * (test/attack.db.test.ts) tries every operation against its declaration.
 */
export type RouteAccess =
  | 'public'
  | 'user'
  | { owner: string; id?: string }
  | { operator: OperatorRole | OperatorRole[] };

/** Whether the access declaration asks for a signed-in user. */
export function requiresUser(access: RouteAccess | undefined): boolean {
  return access !== undefined && access !== 'public';
}

/** The operator roles a declaration asks for, or undefined when it asks for none. */
export function operatorRoles(access: RouteAccess | undefined): OperatorRole | OperatorRole[] | undefined {
  return typeof access === 'object' && 'operator' in access ? access.operator : undefined;
}

function isApiRoute(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/** Reads the session cookies; returns the user or null (never throws for a bad or expired token). */
export type SessionAuthenticator = (request: FastifyRequest) => Promise<AuthUser | null>;
/**
 * The session (refresh-token family) id the request's session cookie names, by its signature alone
 * (expired or revoked sessions included), or null: what CSRF tokens are bound to.
 */
export type SessionIdReader = (request: FastifyRequest) => string | null;
/** Checks `Authorization: Bearer …`; throws Account.Unauthorized / Account.IpNotAllowed when refused. */
export type ApiKeyAuthenticator = (request: FastifyRequest, credentials: string) => Promise<AuthUser>;

/**
 * The modules that know how to authenticate provide it here (the account module: sessions; the
 * security module: API keys). The platform knows no modules.
 */
export class AuthRegistry {
  session: SessionAuthenticator | undefined;
  sessionId: SessionIdReader | undefined;
  apiKey: ApiKeyAuthenticator | undefined;

  provideSessionAuthenticator(fn: SessionAuthenticator): void {
    this.session = fn;
  }

  provideSessionIdReader(fn: SessionIdReader): void {
    this.sessionId = fn;
  }

  provideApiKeyAuthenticator(fn: ApiKeyAuthenticator): void {
    this.apiKey = fn;
  }
}

/** The signed-in user, or Account.Unauthorized. */
export function requireUser(request: Pick<FastifyRequest, 'user'>): AuthUser {
  if (!request.user) throw new AppError('Account.Unauthorized');
  return request.user;
}

/** Whether the user holds one of the roles (admins hold every role). */
export function hasRole(user: Pick<AuthUser, 'role'> | null, allowed: OperatorRole | OperatorRole[]): boolean {
  if (!user) return false;
  if (user.role === 'admin') return true;
  return (Array.isArray(allowed) ? allowed : [allowed]).some((r) => r === user.role);
}

/** Refuses the request unless its route's access declaration lets the user (or visitor) call it. */
function enforceAccess(request: FastifyRequest): void {
  if (!isApiRoute(request.routeOptions.url ?? '')) return;
  const access = request.routeOptions.config?.access;
  // Undeclared routes stop the app at start outside production; in production they stay closed.
  if (access === undefined) throw new AppError('Account.Forbidden');
  if (requiresUser(access)) requireUser(request);
  const roles = operatorRoles(access);
  if (roles && !hasRole(request.user, roles)) throw new AppError('Account.Forbidden');
}

/**
 * Authenticates every /api request before its handler: an `Authorization: Bearer` header goes to
 * the API-key authenticator (and only there: session cookies are then ignored); otherwise the
 * session authenticator reads the cookies. Sets `request.user` and scopes idempotency keys by user.
 * Then enforces the route's `config.access` ({@link RouteAccess}). An /api route without a
 * declaration stops the app at start outside production mode, and is refused (Account.Forbidden)
 * in production, where it is logged at start.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = app.platform.auth;
    app.decorateRequest('user', null);

    app.addHook('onRequest', async (request) => {
      if (request.is404) return;
      const header = request.headers.authorization;
      // Outside /api (GET /metrics) a bearer token is not an access key: that route checks its own.
      if (header !== undefined && !isApiRoute(request.routeOptions.url ?? '')) return;
      if (header !== undefined) {
        const match = /^Bearer\s+(\S+)$/i.exec(header);
        if (!match?.[1] || !registry.apiKey) throw new AppError('Account.Unauthorized');
        request.user = await registry.apiKey(request, match[1]);
      } else if (registry.session) {
        request.user = await registry.session(request);
      }
      if (request.user) request.actorScope = `user:${request.user.id}`;
      // Before the input is parsed: a visitor learns nothing of a closed route's schema.
      enforceAccess(request);
    });

    // Every /api route declares who may call it; the check runs once all routes are known.
    const undeclared: { method: string | string[]; url: string; options: { config?: unknown } }[] = [];
    app.addHook('onRoute', (options) => {
      if (isApiRoute(options.url)) undeclared.push({ method: options.method, url: options.url, options });
    });
    app.addHook('onReady', async () => {
      const missing = undeclared
        .filter(({ options }) => (options.config as { access?: RouteAccess } | undefined)?.access === undefined)
        .map(({ method, url }) => `${[method].flat().join(',')} ${url}`)
        // The HEAD route Fastify adds beside each GET shares its config.
        .filter((route, _i, all) => !route.startsWith('HEAD ') || !all.includes(route.replace('HEAD ', 'GET ')));
      undeclared.length = 0;
      if (missing.length === 0) return;
      const message = `routes without config.access (who may call them): ${missing.join('; ')}`;
      if (!app.platform.config.isProduction) throw new Error(message);
      app.log.error(message);
    });
  },
  { name: 'auth', dependencies: ['envelope', 'idempotency'] },
);
