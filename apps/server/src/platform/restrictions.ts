import type { ErrorCode, RestrictionNotice, RestrictionScope } from '@namebourse/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The action a restriction may refuse (`bid`, `buy`, `list`, `settle`): a signed-in user whose
     * restriction in force names it gets Account.Restricted before the input is validated. With
     * `when`, only requests whose (parsed, not yet validated) body it accepts are that action
     * (an edit that relists).
     */
    restrict?: RouteRestriction;
  }
}

/** A route's restriction scope, always or only for some bodies. */
export type RouteRestriction = RestrictionScope | { scope: RestrictionScope; when: (body: unknown) => boolean };

/** Reads a user's restriction in force (null when none); provided by the admin module. */
export type RestrictionLookup = (userId: bigint) => Promise<RestrictionNotice | null>;

/**
 * The admin module (which owns restrictions) provides the lookup here; the platform's hook and the
 * account module's sign-in ask it. The platform knows no modules.
 */
export class RestrictionRegistry {
  lookup: RestrictionLookup | undefined;

  provideLookup(fn: RestrictionLookup): void {
    this.lookup = fn;
  }

  /** Refuses with Account.Restricted (data: scopes, reason, until) when the user's restriction names the scope. */
  async assertAllowed(userId: bigint, scope: RestrictionScope): Promise<void> {
    const refusal = await this.refusal(userId, scope);
    if (refusal) throw refusal;
  }

  /**
   * The Account.Restricted error the user would get for `scope`, or null: read before a transaction whose
   * outcome decides whether the action is restricted (a query beside an open transaction would wait on
   * PGlite's single connection).
   */
  async refusal(userId: bigint, scope: RestrictionScope): Promise<AppError | null> {
    const restriction = await this.lookup?.(userId);
    return restriction?.scopes.includes(scope) ? restrictedError(restriction) : null;
  }
}

export function restrictedError(restriction: RestrictionNotice): AppError {
  return new AppError('Account.Restricted', {
    data: { scopes: restriction.scopes, reason: restriction.reason, until: restriction.until },
  });
}

/** The scope a request falls under: the route's declaration, else `api` for any API-key request. */
function scopesOf(request: FastifyRequest): RestrictionScope[] {
  const scopes: RestrictionScope[] = [];
  const declared = request.routeOptions.config?.restrict;
  if (typeof declared === 'string') scopes.push(declared);
  else if (declared?.when(request.body)) scopes.push(declared.scope);
  if (request.user?.via === 'api-key') scopes.push('api');
  return scopes;
}

const RESTRICTED: ErrorCode = 'Account.Restricted';

/**
 * Enforcement of restrictions, declared by routes (`config: { restrict: 'bid' }`): after
 * authentication and before the input is validated, MFA is asked or an idempotency key is taken, a
 * signed-in user whose restriction in force names the route's scope — or `api`, for any request
 * made with an API key — is refused with Account.Restricted. A restriction past its `until` no
 * longer applies (the lookup only returns restrictions in force). The routes that declare a scope,
 * and every route an API key may call, list Account.Restricted in the OpenAPI document.
 */
export const restrictionsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (options) => {
      const config = options.config as
        | { restrict?: RouteRestriction; access?: unknown; errors?: readonly ErrorCode[] }
        | undefined;
      const apiKeyMayCall = config?.access !== undefined && config.access !== 'public';
      if (!config?.restrict && !apiKeyMayCall) return;
      if (config.errors?.includes(RESTRICTED)) return;
      options.config = { ...config, errors: [...(config.errors ?? []), RESTRICTED] } as typeof options.config;
    });

    app.addHook('preValidation', async (request) => {
      if (request.is404 || !request.user) return;
      const scopes = scopesOf(request);
      if (scopes.length === 0) return;
      const lookup = app.platform.restrictions.lookup;
      if (!lookup) return;
      const restriction = await lookup(request.user.id);
      if (restriction && scopes.some((scope) => restriction.scopes.includes(scope))) {
        throw restrictedError(restriction);
      }
    });
  },
  { name: 'restrictions', dependencies: ['auth'] },
);
