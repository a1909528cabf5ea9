import type { App } from '../../platform/app-context.ts';
import { ok } from '../../platform/envelope.ts';
import { applyResponse, requestContext } from '../../platform/request-context.ts';
import { startSession } from './session.service.ts';

/**
 * A test-only sign-in, POST /api/test/sign-in { userId }: starts a real session for that user
 * (cookies and CSRF binding as the login sets them) without the login flow. Hidden from the
 * OpenAPI document, so the attack suite does not attack it.
 */
export function testSignInRoute(app: App): void {
  app.post(
    '/api/test/sign-in',
    { schema: { hide: true }, config: { access: 'public', csrf: false } },
    async (request, reply) => {
      const { userId } = request.body as { userId: string };
      const { identity, response } = await startSession(app, requestContext(request), { id: BigInt(userId) });
      applyResponse(reply, response);
      return ok(identity);
    },
  );
}
