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
    /** true: the route needs a signed-in user (answers Account.Unauthorized otherwise). */
    auth?: boolean;
    /**
     * Operator roles allowed on the route (Account.Forbidden otherwise). `admin` may do everything, so
     * `role: 'admin'` means admins only and `role: ['finance']` admins and finance reviewers.
     */
    role?: OperatorRole | OperatorRole[];
  }
}

/** Reads the session cookies; returns the user or null (never throws for a bad or expired token). */
export type SessionAuthenticator = (request: FastifyRequest) => Promise<AuthUser | null>;
/** Checks `Authorization: Bearer …`; throws Account.Unauthorized / Account.IpNotAllowed when refused. */
export type ApiKeyAuthenticator = (request: FastifyRequest, credentials: string) => Promise<AuthUser>;

/**
 * The modules that know how to authenticate provide it here (the account module: sessions; the
 * security module: API keys). The platform knows no modules.
 */
export class AuthRegistry {
  session: SessionAuthenticator | undefined;
  apiKey: ApiKeyAuthenticator | undefined;

  provideSessionAuthenticator(fn: SessionAuthenticator): void {
    this.session = fn;
  }

  provideApiKeyAuthenticator(fn: ApiKeyAuthenticator): void {
    this.apiKey = fn;
  }
}

/** The signed-in user, or Account.Unauthorized. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('Account.Unauthorized');
  return request.user;
}

/** Whether the user holds one of the roles (admins hold every role). */
export function hasRole(user: Pick<AuthUser, 'role'> | null, allowed: OperatorRole | OperatorRole[]): boolean {
  if (!user) return false;
  if (user.role === 'admin') return true;
  return (Array.isArray(allowed) ? allowed : [allowed]).some((r) => r === user.role);
}

/**
 * Authenticates every /api request before its handler: an `Authorization: Bearer` header goes to
 * the API-key authenticator (and only there: session cookies are then ignored); otherwise the
 * session authenticator reads the cookies. Sets `request.user` and scopes idempotency keys by user.
 * Routes declare `config: { auth: true }` (and `role: 'admin'`) to require a user.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = app.platform.auth;
    app.decorateRequest('user', null);

    app.addHook('onRequest', async (request) => {
      if (request.is404) return;
      const header = request.headers.authorization;
      if (header !== undefined) {
        const match = /^Bearer\s+(\S+)$/i.exec(header);
        if (!match?.[1] || !registry.apiKey) throw new AppError('Account.Unauthorized');
        request.user = await registry.apiKey(request, match[1]);
      } else if (registry.session) {
        request.user = await registry.session(request);
      }
      if (request.user) request.actorScope = `user:${request.user.id}`;
    });

    app.addHook('preHandler', async (request) => {
      const config = request.routeOptions.config;
      if (config?.auth || config?.role) requireUser(request);
      if (config?.role && !hasRole(request.user, config.role)) throw new AppError('Account.Forbidden');
    });
  },
  { name: 'auth', dependencies: ['envelope', 'idempotency'] },
);
