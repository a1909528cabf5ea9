import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { provideMfaCodeSender } from '../account/code-sending.service.ts';
import { createApiKeyAuthenticator } from './access-keys.service.ts';
import { createMfaVerifier, MFA_GUARD_LIMITS, sendMfaCode } from './mfa.service.ts';
import { claimChallengesExpiredBefore, deleteChallenges, type MfaChallengeRow } from './security.repository.ts';
import { securityRoutes } from './security.routes.ts';
import { sendSecureEmailSetUpCode } from './security.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An /account-manage/* route an API key may use (they are refused with Account.Forbidden by default). */
    allowApiKey?: boolean;
  }
}

/** The security area (registered under /api): the MFA verifier, the API-key authenticator and their routes. */
export const securityModule: FastifyPluginAsyncZod = async (app) => {
  app.platform.mfa.provideVerifier(createMfaVerifier(app));
  const authenticateKey = createApiKeyAuthenticator(app);
  app.platform.auth.provideApiKeyAuthenticator((request, credentials) =>
    authenticateKey(
      {
        ip: request.ip,
        route: request.routeOptions.url ?? request.url,
        allowApiKey: request.routeOptions.config?.allowApiKey === true,
      },
      credentials,
    ),
  );
  // send-verification-code with an MFA scene: with a challengeId (what the MFA dialog sends) the code
  // goes to the challenge's own factor, exactly like POST /account/mfa/send-code; MFA_BY_SECURITY_EMAIL
  // with an email and no challenge (a signed-in user setting up the secure email) goes to that address.
  provideMfaCodeSender(app, (context, body, limits) => {
    const method = body.sceneCode === 'MFA_BY_SECURITY_PHONE' ? 'SMS' : 'EMAIL';
    if (body.challengeId) return sendMfaCode(app, context, { challengeId: body.challengeId, method });
    if (body.sceneCode === 'MFA_BY_SECURITY_EMAIL' && body.email) {
      return sendSecureEmailSetUpCode(app, context, requireUser(context), body.email, limits);
    }
    throw new AppError('Request.Invalid', { data: { fields: { challengeId: 'required' } } });
  });
  // Housekeeping: challenges expired (or finished) for over a day are deleted.
  app.platform.sweeper.register<MfaChallengeRow>({
    name: 'security.mfa-challenges.purge',
    batchSize: 500,
    claim: (tx, now, limit) =>
      claimChallengesExpiredBefore(tx, new Date(now.getTime() - MFA_GUARD_LIMITS.retentionSeconds * 1000), limit),
    apply: (tx, row) => deleteChallenges(tx, [row.id]),
  });
  await app.register(securityRoutes);
};
