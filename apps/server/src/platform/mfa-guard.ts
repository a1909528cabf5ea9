import { type Locale, type MfaVerification, MfaVerificationSchema } from '@namebourse/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AuthUser, requireUser } from './auth.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is a sensitive action (DESIGN §3 MFA guard): without a valid `mfaVerification` in
     * the body (or query, for GET) it answers Account.Mfa.Required with a challenge. The value names
     * the reason shown to the user: CHANGE_PASSWORD, UPDATE_SECURE_PHONE, BIND_AUTHENTICATOR, …
     */
    mfa?: string;
  }
}

/** The request a challenge is bound to, as plain values (the guard reads them from the request). */
export interface GuardedRequest {
  method: string;
  /** The route's path pattern (the URL when there is none). */
  route: string;
  /** The body (the query string's values for GET). */
  payload: unknown;
  locale: Locale;
}

export function guardedRequestOf(request: FastifyRequest): GuardedRequest {
  return {
    method: request.method,
    route: request.routeOptions.url ?? request.url,
    payload: request.method === 'GET' ? request.query : request.body,
    locale: request.locale,
  };
}

/**
 * Implemented by the security module (it knows the user's factors) and provided to the platform:
 * `require` passes when the verification answers an open challenge of this user for this reason,
 * else throws Account.Mfa.Required (new challenge) / Account.Mfa.Required.Retry / Account.Mfa.Failed.
 * Users with no second factor set up pass (nothing to challenge with), except where the caller
 * says otherwise.
 */
export interface MfaVerifier {
  require(
    request: GuardedRequest,
    user: Pick<AuthUser, 'id'>,
    reason: string,
    verification: MfaVerification | undefined,
  ): Promise<void>;
}

export class MfaRegistry {
  verifier: MfaVerifier | undefined;

  provideVerifier(verifier: MfaVerifier): void {
    this.verifier = verifier;
  }
}

function verificationOf(request: FastifyRequest): MfaVerification | undefined {
  const body = request.body as { mfaVerification?: unknown } | undefined;
  let raw: unknown = body && typeof body === 'object' ? body.mfaVerification : undefined;
  if (raw === undefined) {
    const query = request.query as { mfaVerification?: unknown } | undefined;
    raw = query?.mfaVerification;
    if (typeof raw === 'string') {
      try {
        raw = JSON.parse(raw);
      } catch {
        raw = undefined;
      }
    }
  }
  const parsed = MfaVerificationSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The guard: a preHandler on every route that declares `config: { mfa: reason }`. It runs after
 * authentication and validation, so a route's body schema should allow the optional
 * `mfaVerification` field (see MfaVerificationSchema in the contract).
 */
export const mfaGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', async (request) => {
      const reason = request.routeOptions.config?.mfa;
      if (!reason) return;
      const user = requireUser(request);
      const verifier = app.platform.mfa.verifier;
      if (!verifier) throw new AppError('Request.Unexpected', { cause: new Error('no MFA verifier provided') });
      await verifier.require(guardedRequestOf(request), user, reason, verificationOf(request));
    });
  },
  { name: 'mfa-guard', dependencies: ['auth'] },
);
