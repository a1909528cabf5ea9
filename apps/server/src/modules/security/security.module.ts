import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createApiKeyAuthenticator } from './access-keys.service.ts';
import { createMfaVerifier } from './mfa.service.ts';
import { securityRoutes } from './security.routes.ts';

/** The security area (registered under /api): the MFA verifier, the API-key authenticator and their routes. */
export const securityModule: FastifyPluginAsyncZod = async (app) => {
  app.platform.mfa.provideVerifier(createMfaVerifier(app));
  app.platform.auth.provideApiKeyAuthenticator(createApiKeyAuthenticator(app));
  await app.register(securityRoutes);
};
