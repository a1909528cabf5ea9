import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { findUserMfa, upsertUserMfa } from './security.repository.ts';
import { bindAuthenticatorFor, buildSecurityTestApp, signedInUser, totpAt } from './security.test-support.ts';

describe.each(enginesFor('app'))('MFA (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildSecurityTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const guarded = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/test/guarded', headers, payload });

  it('binds an authenticator: a secret this server issued, a matching code, stored encrypted', async () => {
    const { headers, email, user } = await signedInUser(t);
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/account-manage/get-authenticator-binding-info',
      headers,
    });
    expect(info.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCodeDataUrl } = info.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain('issuer=NameBourse');
    expect(decodeURIComponent(otpauthUrl)).toContain(email);
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    const pending = info.cookies.find((c) => c.name === 'nb_totp_bind')!;
    expect(pending.httpOnly).toBe(true);
    const withPending = { ...headers, cookie: `${headers.cookie}; nb_totp_bind=${pending.value}` };
    const bind = (h: Record<string, string>, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/account-manage/bind-authenticator', headers: h, payload });

    // A secret of the caller's choosing is refused, and so is one without the pending cookie.
    const own = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    expect((await bind(withPending, { secret: own, code: await totpAt(t, own) })).json().code).toBe(
      'Account.Mfa.BindingExpired',
    );
    expect((await bind(headers, { secret, code: await totpAt(t, secret) })).json().code).toBe(
      'Account.Mfa.BindingExpired',
    );
    const wrong = String((Number(await totpAt(t, secret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await bind(withPending, { secret, code: wrong })).json().code).toBe('Verification.CodeInvalid');
    const res = await bind(withPending, { secret, code: await totpAt(t, secret) });
    expect(res.json()).toMatchObject({ code: '200' });

    const row = await findUserMfa(t.app.platform.db, user.id);
    expect(row?.totpBoundAt).toBeTruthy();
    expect(row?.totpSecretEnc).not.toContain(secret);
    const security = await t.app.inject({ method: 'GET', url: '/api/account-manage/get-security-info', headers });
    expect(security.json().data).toEqual({
      hasAuthenticator: true,
      securePhone: null,
      secureEmail: null,
      loginMfaEnabled: false,
    });
  });

  it('runs the challenge round trip on a guarded route: Required → Retry → pass, a code accepted once', async () => {
    const { headers } = await signedInUser(t);
    const secret = await bindAuthenticatorFor(t, headers);

    const first = await guarded(headers, { value: 'x' });
    expect(first.statusCode).toBe(403);
    const challenge = first.json();
    expect(challenge).toMatchObject({
      code: 'Account.Mfa.Required',
      data: {
        challengeReason: 'TEST',
        allowedAttempts: 5,
        availableFactors: [{ method: 'AUTHENTICATOR', target: 'Authenticator app' }],
      },
    });
    const challengeId = challenge.data.challengeId as string;

    const wrong = await guarded(headers, {
      value: 'x',
      mfaVerification: { challengeId, factors: [{ method: 'AUTHENTICATOR', token: '000000' }] },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      code: 'Account.Mfa.Required.Retry',
      data: {
        challengeId,
        allowedAttempts: 4,
        availableFactors: [
          { method: 'AUTHENTICATOR', tip: 'This authenticator code is not right. Enter the current one', failed: true },
        ],
      },
    });

    const code = await totpAt(t, secret);
    const passed = await guarded(headers, {
      value: 'x',
      mfaVerification: { challengeId, factors: [{ method: 'AUTHENTICATOR', token: code }] },
    });
    expect(passed.json()).toEqual({ code: '200', message: 'success', data: { value: 'x' } });

    // The challenge is used up: the same verification again gets a new challenge.
    const again = await guarded(headers, {
      value: 'x',
      mfaVerification: { challengeId, factors: [{ method: 'AUTHENTICATOR', token: code }] },
    });
    expect(again.json().code).toBe('Account.Mfa.Required');
    expect(again.json().data.challengeId).not.toBe(challengeId);

    // The same code (same step) is not accepted a second time, even on a new challenge.
    const next = again.json().data.challengeId;
    const replay = await guarded(headers, {
      value: 'x',
      mfaVerification: { challengeId: next, factors: [{ method: 'AUTHENTICATOR', token: code }] },
    });
    expect(replay.json()).toMatchObject({ code: 'Account.Mfa.Required.Retry', data: { allowedAttempts: 4 } });
    // The code of the previous step is still inside the window but older than the accepted step.
    const previous = await totpAt(t, secret, -30);
    const old = await guarded(headers, {
      value: 'x',
      mfaVerification: { challengeId: next, factors: [{ method: 'AUTHENTICATOR', token: previous }] },
    });
    expect(old.json()).toMatchObject({ code: 'Account.Mfa.Required.Retry', data: { allowedAttempts: 3 } });
    // The next step's code (clock drift +1) passes.
    const ahead = await guarded(headers, {
      value: 'x',
      mfaVerification: {
        challengeId: next,
        factors: [{ method: 'AUTHENTICATOR', token: await totpAt(t, secret, 30) }],
      },
    });
    expect(ahead.json().code).toBe('200');
  });

  it('authorises only the request that was challenged', async () => {
    const { headers } = await signedInUser(t);
    const secret = await bindAuthenticatorFor(t, headers);
    const challengeId = (await guarded(headers, { value: 'a' })).json().data.challengeId;
    const other = await guarded(headers, {
      value: 'b',
      mfaVerification: { challengeId, factors: [{ method: 'AUTHENTICATOR', token: await totpAt(t, secret) }] },
    });
    expect(other.json().code).toBe('Account.Mfa.Required');
  });

  it('answers through POST /account/mfa/verify; the retried request passes once', async () => {
    const { headers } = await signedInUser(t);
    const secret = await bindAuthenticatorFor(t, headers);
    const challengeId = (await guarded(headers, { value: 'v' })).json().data.challengeId;
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/account/mfa/verify',
      headers,
      payload: { challengeId, factors: [{ method: 'AUTHENTICATOR', token: await totpAt(t, secret) }] },
    });
    expect(verify.json()).toMatchObject({ code: '200', data: { challengeReason: 'TEST' } });
    // The contract requires at least one factor; on a passed challenge its token is not looked at.
    const passedRetry = { challengeId, factors: [{ method: 'AUTHENTICATOR', token: 'passed' }] };
    const retried = await guarded(headers, { value: 'v', mfaVerification: passedRetry });
    expect(retried.json().code).toBe('200');
    const twice = await guarded(headers, { value: 'v', mfaVerification: passedRetry });
    expect(twice.json().code).toBe('Account.Mfa.Required');

    // Another account cannot answer this user's challenge.
    const stranger = await signedInUser(t);
    const theirs = (await guarded(headers, { value: 'w' })).json().data.challengeId;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/mfa/verify',
      headers: stranger.headers,
      payload: { challengeId: theirs, factors: [{ method: 'AUTHENTICATOR', token: '123456' }] },
    });
    expect(res.json().code).toBe('Account.Mfa.ChallengeExpired');
  });

  it('ends the challenge after 5 wrong codes (Account.Mfa.Failed) and refuses new ones for a while', async () => {
    const { headers, user } = await signedInUser(t);
    await bindAuthenticatorFor(t, headers);
    const challengeId = (await guarded(headers, {})).json().data.challengeId;
    const attempt = () =>
      guarded(headers, { mfaVerification: { challengeId, factors: [{ method: 'AUTHENTICATOR', token: '000000' }] } });
    for (const left of [4, 3, 2, 1]) {
      expect((await attempt()).json()).toMatchObject({
        code: 'Account.Mfa.Required.Retry',
        data: { allowedAttempts: left },
      });
    }
    expect((await attempt()).json().code).toBe('Account.Mfa.Failed');
    expect((await attempt()).json().code).toBe('Account.Mfa.Failed');
    const locked = await guarded(headers, {});
    expect(locked.json()).toMatchObject({
      code: 'Account.Mfa.Failed',
      data: { retryAfterSeconds: expect.any(Number) },
    });

    // After the lock a new challenge is issued again (a new sign-in: the access token is short-lived).
    t.clock.advance(15 * 60 + 1);
    const res = await t.app.inject({ method: 'POST', url: '/api/test/sign-in', payload: { userId: String(user.id) } });
    const at = res.cookies.find((c) => c.name === 'nb_at')!.value;
    const csrf = await csrfHeaders(t.app, `nb_at=${at}`);
    const fresh = { ...headers, ...csrf, cookie: `nb_at=${at}; ${csrf.cookie}` };
    expect((await guarded(fresh, {})).json().code).toBe('Account.Mfa.Required');
  });

  it('lets an account with only a secure email through (email is never the only method)', async () => {
    const { headers, user } = await signedInUser(t);
    const { db, clock } = t.app.platform;
    await upsertUserMfa(
      db,
      user.id,
      { secureEmail: 'safe@example.com', secureEmailVerifiedAt: clock.now() },
      clock.now(),
    );
    expect((await guarded(headers, { value: 'e' })).json()).toMatchObject({ code: '200', data: { value: 'e' } });
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/account-manage/update-login-mfa',
      headers,
      payload: { enabled: true },
    });
    expect(enable.json().code).toBe('Account.Mfa.MethodRequired');
    const info = await t.app.inject({ method: 'GET', url: '/api/account-manage/get-security-info', headers });
    expect(info.json().data).toMatchObject({ secureEmail: 's***@example.com', hasAuthenticator: false });
  });

  it('asks for the secure phone by SMS, with the email as an extra factor that cannot stand alone', async () => {
    const { headers, user } = await signedInUser(t);
    const { db, clock, outbox } = t.app.platform;
    const now = clock.now();
    await upsertUserMfa(
      db,
      user.id,
      {
        securePhone: '+8613812345678',
        securePhoneVerifiedAt: now,
        secureEmail: 'me@example.com',
        secureEmailVerifiedAt: now,
      },
      now,
    );
    const required = (await guarded(headers, {})).json();
    expect(required.data.availableFactors).toMatchObject([
      { method: 'SMS', target: '138****5678' },
      { method: 'EMAIL', target: 'm***@example.com' },
    ]);
    const challengeId = required.data.challengeId;
    const send = (method: 'SMS' | 'EMAIL') =>
      t.app.inject({ method: 'POST', url: '/api/account/mfa/send-code', headers, payload: { challengeId, method } });
    expect((await send('SMS')).json()).toMatchObject({ code: '200', data: { retryAfterSeconds: 60 } });
    expect((await send('SMS')).json().code).toBe('Verification.TooManyRequests');
    expect((await send('EMAIL')).json().code).toBe('200');
    const codeFor = async (to: string) => {
      for (let i = 0; i < 50; i++) {
        const message = (await outbox.listFor(to))[0];
        if (message?.code) return message.code;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no code for ${to}`);
    };
    const emailCode = await codeFor('me@example.com');
    // The email alone is not enough: nothing is spent, the phone is asked for.
    const alone = await guarded(headers, {
      mfaVerification: { challengeId, factors: [{ method: 'EMAIL', token: emailCode }] },
    });
    expect(alone.json()).toMatchObject({ code: 'Account.Mfa.Required.Retry', data: { allowedAttempts: 5 } });
    const smsCode = await codeFor('+8613812345678');
    const wrongSms = String((Number(smsCode) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await guarded(headers, {
      mfaVerification: { challengeId, factors: [{ method: 'SMS', token: wrongSms }] },
    });
    expect(wrong.json()).toMatchObject({ code: 'Account.Mfa.Required.Retry', data: { allowedAttempts: 4 } });
    const right = await guarded(headers, {
      mfaVerification: { challengeId, factors: [{ method: 'SMS', token: smsCode }] },
    });
    expect(right.json().code).toBe('200');
  });

  it('turns login MFA on only with a strong method, and keeps a strong method while it is on', async () => {
    const { headers, user } = await signedInUser(t);
    const secret = await bindAuthenticatorFor(t, headers);
    const post = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers, payload });
    const on = await post('/api/account-manage/update-login-mfa', { enabled: true });
    expect(on.json().code).toBe('Account.Mfa.Required');
    const challengeId = on.json().data.challengeId;
    const done = await post('/api/account-manage/update-login-mfa', {
      enabled: true,
      mfaVerification: { challengeId, factors: [{ method: 'AUTHENTICATOR', token: await totpAt(t, secret) }] },
    });
    expect(done.json().code).toBe('200');
    expect((await findUserMfa(t.app.platform.db, user.id))?.loginMfaEnabled).toBe(true);

    t.clock.advance(30);
    const unbind = await post('/api/account-manage/unbind-authenticator', {});
    const cid = unbind.json().data.challengeId;
    const refused = await post('/api/account-manage/unbind-authenticator', {
      mfaVerification: { challengeId: cid, factors: [{ method: 'AUTHENTICATOR', token: await totpAt(t, secret) }] },
    });
    expect(refused.json().code).toBe('Account.Mfa.MethodRequired');
  });

  it('completes a LOGIN challenge through /account/mfa/verify with a new session', async () => {
    const { headers, user } = await signedInUser(t);
    const secret = await bindAuthenticatorFor(t, headers);
    const { db, clock } = t.app.platform;
    await upsertUserMfa(db, user.id, { loginMfaEnabled: true }, clock.now());
    // What the login route does: the verifier issues a LOGIN challenge.
    const verifier = t.app.platform.mfa.verifier!;
    const request = {
      method: 'POST',
      route: '/api/account/login',
      payload: { email: 'x' },
      locale: 'en-US' as const,
    };
    const error = await verifier.require(request, { id: user.id }, 'LOGIN', undefined).then(
      () => null,
      (err: unknown) => err as { code: string; data: { challengeId: string } },
    );
    expect(error?.code).toBe('Account.Mfa.Required');
    // A signed-out browser: its own (pre-session) CSRF token.
    const visitor = await csrfHeaders(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/mfa/verify',
      headers: visitor,
      payload: {
        challengeId: error!.data.challengeId,
        factors: [{ method: 'AUTHENTICATOR', token: await totpAt(t, secret) }],
      },
    });
    expect(res.json()).toMatchObject({ code: '200', data: { accountNo: user.accountNo, challengeReason: 'LOGIN' } });
    expect(res.cookies.find((c) => c.name === 'nb_at')?.value).toBeTruthy();
  });
});
