import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createApiKeyAuthenticator } from './access-keys.service.ts';
import { provideMfaCodeSender } from '../account/code-sending.service.ts';
import { AppError } from '../../platform/errors.ts';
import { createMfaVerifier, sendMfaCode } from './mfa.service.ts';
import { securityRoutes } from './security.routes.ts';

/** The security area (registered under /api): the MFA verifier, the API-key authenticator and their routes. */
export const securityModule: FastifyPluginAsyncZod = async (app) => {
  app.platform.mfa.provideVerifier(createMfaVerifier(app));
  app.platform.auth.provideApiKeyAuthenticator(createApiKeyAuthenticator(app));
  // send-verification-code with an MFA scene and a challengeId (what the MFA dialog sends) goes to
  // the challenge's own factor, exactly like POST /account/mfa/send-code.
  provideMfaCodeSender(app, (request, body) => {
    if (!body.challengeId) throw new AppError('Request.Invalid', { data: { fields: { challengeId: 'required' } } });
    const method = body.sceneCode === 'MFA_BY_SECURITY_PHONE' ? 'SMS' : 'EMAIL';
    return sendMfaCode(app, request.user, { challengeId: body.challengeId, method }, request.locale);
  });
  await app.register(securityRoutes);
};
