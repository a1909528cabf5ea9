import { generate } from 'otplib';
import { buildTestApp, csrfHeaders, type TestContext } from '../../../test/helpers.ts';
import type { App } from '../../platform/app-context.ts';
import { requireUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { createUser } from '../account/account.service.ts';
import { testSignInRoute } from '../account/account.test-support.ts';

/**
 * Test-only routes: a sign-in that starts a session for a user id (independent of the login
 * flow), a route guarded by MFA reason TEST, and two routes that report who is acting.
 */
export function securityTestRoutes(app: App): void {
  testSignInRoute(app);
  app.post('/api/test/guarded', { config: { access: 'user', mfa: 'TEST' } }, async (request) => {
    return ok({ value: (request.body as { value?: string }).value ?? null });
  });
  const whoami = async (request: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(request);
    return ok({ accountNo: user.accountNo, via: user.via, keyId: user.keyId });
  };
  app.get('/api/test/whoami', { config: { access: 'user' } }, whoami);
  app.post('/api/test/whoami', { config: { access: 'user' } }, whoami);
}

export function buildSecurityTestApp(engine: 'pglite' | 'postgres'): Promise<TestContext> {
  return buildTestApp(engine, {}, securityTestRoutes);
}

let n = 0;

/** A new account and a signed-in browser for it: headers with the session and CSRF cookies. */
export async function signedInUser(t: TestContext, prefix = 'user') {
  n += 1;
  const email = `${prefix}${n}-${Date.now().toString(36)}@example.com`;
  const user = await createUser(t.app.platform.db, t.app.platform.clock, {
    email,
    password: 'Passw0rd!x',
    nickname: `${prefix}${n}`,
  });
  const res = await t.app.inject({ method: 'POST', url: '/api/test/sign-in', payload: { userId: String(user.id) } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const at = res.cookies.find((c) => c.name === 'nb_at');
  if (!at) throw new Error('no session cookie');
  const csrf = await csrfHeaders(t.app, `nb_at=${at.value}`);
  const headers = { cookie: `nb_at=${at.value}; ${csrf.cookie}`, 'x-xsrf-token': csrf['x-xsrf-token'] as string };
  return { user, email, headers };
}

/** The current TOTP code of a secret at the app's clock (plus an offset in seconds). */
export function totpAt(t: TestContext, secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSeconds });
}

/** Binds an authenticator through the API; returns its secret. Moves the clock to the next step after. */
export async function bindAuthenticatorFor(t: TestContext, headers: Record<string, string>): Promise<string> {
  const info = await t.app.inject({
    method: 'GET',
    url: '/api/account-manage/get-authenticator-binding-info',
    headers,
  });
  const secret = info.json().data.secret as string;
  const pending = info.cookies.find((c) => c.name === 'nb_totp_bind')!;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/account-manage/bind-authenticator',
    headers: { ...headers, cookie: `${headers.cookie}; nb_totp_bind=${pending.value}` },
    payload: { secret, code: await totpAt(t, secret) },
  });
  if (res.statusCode !== 200) throw new Error(`bind failed: ${res.body}`);
  t.clock.advance(30);
  return secret;
}
