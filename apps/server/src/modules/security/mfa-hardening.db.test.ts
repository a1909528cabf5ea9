import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { requestHashOf } from './mfa.service.ts';
import { findChallenge, findUserMfa, upsertUserMfa } from './security.repository.ts';
import { bindAuthenticatorFor, buildSecurityTestApp, signedInUser, totpAt } from './security.test-support.ts';

type Headers = Record<string, string>;

describe.each(enginesFor('app'))('MFA hardening (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildSecurityTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (headers: Headers, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
  const guarded = (headers: Headers, payload: Record<string, unknown>) => post(headers, '/test/guarded', payload);
  const codeFor = async (to: string) => {
    for (let i = 0; i < 50; i++) {
      const message = (await t.app.platform.outbox.listFor(to))[0];
      if (message?.code) return message.code;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no code for ${to}`);
  };
  /** A fresh access token for the same browser (they are short-lived; the clock moves in these tests). */
  const reSignIn = async (headers: Headers, userId: bigint): Promise<Headers> => {
    const res = await post({}, '/test/sign-in', { userId: String(userId) });
    const at = res.cookies.find((c) => c.name === 'nb_at')!.value;
    // A new session: its own CSRF token.
    const csrf = await csrfHeaders(t.app, `nb_at=${at}`);
    return { ...headers, ...csrf, cookie: `nb_at=${at}; ${csrf.cookie}` };
  };
  const withPhone = async (userId: bigint, phone = '+8613812345678') => {
    const now = t.app.platform.clock.now();
    await upsertUserMfa(t.app.platform.db, userId, { securePhone: phone, securePhoneVerifiedAt: now }, now);
  };

  it('sets up the secure email end to end: send to the new address → code → update → masked in security info', async () => {
    const { headers } = await signedInUser(t);
    const secret = await bindAuthenticatorFor(t, headers);
    const sent = await post(headers, '/account/send-verification-code', {
      sceneCode: 'MFA_BY_SECURITY_EMAIL',
      email: 'Safe.Box@Example.com',
    });
    expect(sent.json()).toMatchObject({ code: '200', data: { retryAfterSeconds: 60 } });
    const verifyCode = await codeFor('safe.box@example.com');

    const body = { email: 'Safe.Box@Example.com', verifyCode };
    const required = await post(headers, '/account-manage/update-secure-email', body);
    expect(required.json().code).toBe('Account.Mfa.Required');
    const done = await post(headers, '/account-manage/update-secure-email', {
      ...body,
      mfaVerification: {
        challengeId: required.json().data.challengeId,
        factors: [{ method: 'AUTHENTICATOR', token: await totpAt(t, secret) }],
      },
    });
    expect(done.json()).toMatchObject({ code: '200' });
    const info = await t.app.inject({ method: 'GET', url: '/api/account-manage/get-security-info', headers });
    expect(info.json().data).toEqual({
      hasAuthenticator: true,
      securePhone: null,
      secureEmail: 's***@example.com',
      loginMfaEnabled: false,
    });
  });

  it('never lets a secure email be the only method: set-up and unbinding are refused', async () => {
    const { headers, user } = await signedInUser(t);
    // No phone, no authenticator: neither the set-up code nor the update is accepted.
    const send = await post(headers, '/account/send-verification-code', {
      sceneCode: 'MFA_BY_SECURITY_EMAIL',
      email: 'lonely@example.com',
    });
    expect(send.json().code).toBe('Account.Mfa.MethodRequired');
    const update = await post(headers, '/account-manage/update-secure-email', {
      email: 'lonely@example.com',
      verifyCode: '123456',
    });
    expect(update.json().code).toBe('Account.Mfa.MethodRequired');

    // Authenticator + email, sign-in MFA off: unbinding the authenticator would leave the email alone.
    const secret = await bindAuthenticatorFor(t, headers);
    const now = t.app.platform.clock.now();
    await upsertUserMfa(t.app.platform.db, user.id, { secureEmail: 'e@example.com', secureEmailVerifiedAt: now }, now);
    const challenge = await post(headers, '/account-manage/unbind-authenticator', {});
    const refused = await post(headers, '/account-manage/unbind-authenticator', {
      mfaVerification: {
        challengeId: challenge.json().data.challengeId,
        factors: [{ method: 'AUTHENTICATOR', token: await totpAt(t, secret) }],
      },
    });
    expect(refused.json().code).toBe('Account.Mfa.MethodRequired');
    expect((await findUserMfa(t.app.platform.db, user.id))?.totpBoundAt).toBeTruthy();
  });

  it('counts wrong codes across challenges: dropping and recreating challenges cannot exceed the limit', async () => {
    const { headers, user } = await signedInUser(t);
    await bindAuthenticatorFor(t, headers);
    let wrongAccepted = 0;
    let failedAt = -1;
    outer: for (let c = 0; c < 4; c++) {
      const challengeId = (await guarded(headers, { n: c })).json().data.challengeId as string;
      for (let i = 0; i < 4; i++) {
        const res = await guarded(headers, {
          n: c,
          mfaVerification: { challengeId, factors: [{ method: 'AUTHENTICATOR', token: '000000' }] },
        });
        if (res.json().code === 'Account.Mfa.Required.Retry') {
          wrongAccepted += 1;
          continue;
        }
        expect(res.json().code).toBe('Account.Mfa.Failed');
        failedAt = wrongAccepted + 1;
        break outer;
      }
    }
    // The 10th wrong code (over three challenges, none exhausted) ends it.
    expect(wrongAccepted).toBe(9);
    expect(failedAt).toBe(10);
    const locked = await guarded(headers, {});
    expect(locked.json()).toMatchObject({ code: 'Account.Mfa.Failed', data: { retryAfterSeconds: 15 * 60 } });

    // The lock counts from the last failure, not from a challenge's creation.
    t.clock.advance(10 * 60);
    let fresh = await reSignIn(headers, user.id);
    expect((await guarded(fresh, {})).json()).toMatchObject({
      code: 'Account.Mfa.Failed',
      data: { retryAfterSeconds: 5 * 60 },
    });
    t.clock.advance(5 * 60 + 1);
    fresh = await reSignIn(headers, user.id);
    expect((await guarded(fresh, {})).json().code).toBe('Account.Mfa.Required');
  });

  it('keeps at most three open challenges per user: older ones expire', async () => {
    const { headers } = await signedInUser(t);
    const secret = await bindAuthenticatorFor(t, headers);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push((await guarded(headers, { i })).json().data.challengeId);
      t.clock.advance(1);
    }
    expect((await findChallenge(t.app.platform.db, ids[0]!))?.status).toBe('expired');
    for (const id of ids.slice(1)) expect((await findChallenge(t.app.platform.db, id))?.status).toBe('open');
    const oldest = await post(headers, '/account/mfa/verify', {
      challengeId: ids[0],
      factors: [{ method: 'AUTHENTICATOR', token: await totpAt(t, secret) }],
    });
    expect(oldest.json().code).toBe('Account.Mfa.ChallengeExpired');
  });

  it('fingerprints the request without secrets; a LOGIN challenge is bound to the user only', () => {
    const request = (body: Record<string, unknown>, url = '/api/test/guarded') =>
      ({ method: 'POST', route: url, payload: body, locale: 'en-US' }) as const;
    const hash = (body: Record<string, unknown>, reason = 'TEST', userId = 1n, url?: string) =>
      requestHashOf(t.app, request(body, url), reason, userId);
    const base = hash({ email: 'a@example.com' });
    expect(
      hash({
        email: 'a@example.com',
        password: 'P@ssw0rd-1',
        oldPassword: 'Old-pass-1',
        verifyCode: '123456',
        code: '654321',
        secret: 'JBSWY3DPEHPK3PXP',
        token: 't',
        mfaVerification: { challengeId: 'x', factors: [{ method: 'SMS', token: '1' }] },
      }),
    ).toBe(base);
    expect(hash({ email: 'b@example.com' })).not.toBe(base);
    expect(hash({ email: 'a@example.com' }, 'TEST', 1n, '/api/other')).not.toBe(base);
    const login = hash({ email: 'a@example.com', password: 'x' }, 'LOGIN', 7n, '/api/account/login');
    expect(hash({ email: 'A@EXAMPLE.COM' }, 'LOGIN', 7n, '/api/elsewhere')).toBe(login);
    expect(hash({ email: 'a@example.com' }, 'LOGIN', 8n, '/api/account/login')).not.toBe(login);
  });

  it('sweeps challenges expired for over a day', async () => {
    const { headers, user } = await signedInUser(t);
    await bindAuthenticatorFor(t, headers);
    const old = (await guarded(headers, { s: 1 })).json().data.challengeId as string;
    t.clock.advance(24 * 60 * 60 + 10 * 60 + 1);
    const fresh = (await guarded(await reSignIn(headers, user.id), { s: 2 })).json().data.challengeId as string;
    await t.app.platform.sweeper.runOnce();
    expect(await findChallenge(t.app.platform.db, old)).toBeUndefined();
    expect(await findChallenge(t.app.platform.db, fresh)).toBeDefined();
  });

  it('ties an SMS code to its challenge: a code sent for one challenge does not answer another', async () => {
    const { headers, user } = await signedInUser(t);
    await withPhone(user.id, '+8613912345678');
    const a = (await guarded(headers, { v: 'a' })).json().data.challengeId as string;
    const b = (await guarded(headers, { v: 'b' })).json().data.challengeId as string;
    const sent = await post(headers, '/account/mfa/send-code', { challengeId: a, method: 'SMS' });
    expect(sent.json().code).toBe('200');
    const code = await codeFor('+8613912345678');
    const other = await guarded(headers, {
      v: 'b',
      mfaVerification: { challengeId: b, factors: [{ method: 'SMS', token: code }] },
    });
    expect(other.json()).toMatchObject({ code: 'Account.Mfa.Required.Retry', data: { allowedAttempts: 4 } });
    const own = await guarded(headers, {
      v: 'a',
      mfaVerification: { challengeId: a, factors: [{ method: 'SMS', token: code }] },
    });
    expect(own.json().code).toBe('200');
  });

  it('limits MFA code sending per challenge and per account', async () => {
    const { headers, user } = await signedInUser(t);
    await withPhone(user.id, '+8613712345678');
    const challengeId = (await guarded(headers, {})).json().data.challengeId as string;
    const send = () => post(headers, '/account/mfa/send-code', { challengeId, method: 'SMS' });
    for (let i = 0; i < 5; i++) {
      expect((await send()).json().code).toBe('200');
      t.clock.advance(61);
    }
    const sixth = await send();
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      code: 'Request.TooManyRequests',
      data: { retryAfterSeconds: expect.any(Number) },
    });

    // Signed-in scenes are limited per account whatever the target (10 an hour).
    const phone = (i: number) => `1381234${String(5000 + i)}`;
    for (let i = 0; i < 10; i++) {
      const res = await post(headers, '/account/send-verification-code', {
        sceneCode: 'UPDATE_SECURITY_PHONE',
        phone: phone(i),
        phoneCountryCode: '86',
      });
      expect(res.json().code, `send ${i}`).toBe('200');
    }
    const over = await post(headers, '/account/send-verification-code', {
      sceneCode: 'UPDATE_SECURITY_PHONE',
      phone: phone(10),
      phoneCountryCode: '86',
    });
    expect(over.statusCode).toBe(429);
  });
});
