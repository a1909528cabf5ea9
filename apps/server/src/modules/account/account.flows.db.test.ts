import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, csrfHeaders, enginesFor, type TestContext } from '../../../test/helpers.ts';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import { checkVerificationCode, sendVerificationCode } from './verification.service.ts';

const PASSWORD = 'Sunny-Day-42';
const NEW_PASSWORD = 'Rainy#Night7';
/** The user whose sign-in the stub MFA verifier challenges. */
const MFA_EMAIL = 'mfa-user@example.com';

/** A browser: a cookie jar, the CSRF pair and a device fingerprint. */
class Browser {
  readonly jar = new Map<string, string>();
  constructor(
    private readonly app: App,
    private readonly fingerprint = 'fp-test-1',
    /** The client address (sign-in failures are also counted per IP). */
    private readonly ip = '127.0.0.1',
  ) {}

  async request(method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) {
    if (method === 'POST' && !this.jar.has('XSRF-TOKEN')) await this.request('GET', '/api/account/csrf');
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: {
        'x-device-fingerprint': this.fingerprint,
        'user-agent': 'vitest-browser',
        ...(cookie ? { cookie } : {}),
        ...(this.jar.has('XSRF-TOKEN') ? { 'x-xsrf-token': this.jar.get('XSRF-TOKEN')! } : {}),
        ...headers,
      },
    });
    for (const c of res.cookies) {
      const expired = c.expires !== undefined && new Date(c.expires).getTime() <= Date.now();
      if (c.value === '' || expired) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body: unknown, headers?: Record<string, string>) => this.request('POST', url, body, headers);
}

async function solvedCaptcha(b: Browser): Promise<string> {
  const res = await b.get('/api/account/captcha-challenge');
  const ch = res.json().data as {
    algorithm: string;
    challenge: string;
    salt: string;
    signature: string;
    maxnumber: number;
  };
  expect(ch).toMatchObject({ algorithm: 'SHA-256' });
  const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
  expect(solution).not.toBeNull();
  const payload = {
    algorithm: ch.algorithm,
    challenge: ch.challenge,
    number: solution!.number,
    salt: ch.salt,
    signature: ch.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

async function verifiedCaptcha(b: Browser): Promise<string> {
  const param = await solvedCaptcha(b);
  const res = await b.post('/api/account/verify-intelligent-captcha', { captchaVerifyParam: param });
  expect(res.json()).toMatchObject({ code: '200', data: { captchaResult: true } });
  return param;
}

async function latestCode(app: App, to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const code = res.json().data.items[0]?.code as string | undefined;
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

async function outboxCount(app: App, to: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return res.json().data.items.length;
}

async function register(app: App, email: string, password = PASSWORD, ip?: string): Promise<Browser> {
  const b = new Browser(app, undefined, ip);
  const captchaVerifyParam = await verifiedCaptcha(b);
  const sent = await b.post('/api/account/send-verification-code', {
    sceneCode: 'REGISTER_BY_EMAIL',
    email,
    captchaVerifyParam,
  });
  expect(sent.json()).toMatchObject({ code: '200', data: { retryAfterSeconds: 60 } });
  const res = await b.post('/api/account/register', {
    email,
    verifyCode: await latestCode(app, email),
    password,
    agreementAccepted: true,
  });
  expect(res.json()).toMatchObject({ code: '200' });
  return b;
}

async function signIn(app: App, email: string, password = PASSWORD, fingerprint = 'fp-other'): Promise<Browser> {
  const b = new Browser(app, fingerprint);
  const res = await b.post('/api/account/login', { email, password });
  expect(res.json()).toMatchObject({ code: '200' });
  return b;
}

/** The signed-in account number; '' when signed out or when the session must be refreshed first (401). */
async function accountNoOf(b: Browser): Promise<string> {
  const body = (await b.get('/api/account/check-login')).json();
  return body.code === 'Account.Unauthorized' ? '' : body.data.accountNo;
}

describe.each(enginesFor('app'))('account flows (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(engine, {}, (app) => {
      // A stand-in for the security module's verifier: challenges one user's sign-in, passes everything else.
      app.platform.mfa.provideVerifier({
        async require(request, _user, reason, verification) {
          if (reason !== 'LOGIN') return;
          const email = (request.payload as { email?: string }).email;
          if (email !== MFA_EMAIL || verification?.challengeId === 'ok') return;
          throw new AppError('Account.Mfa.Required', {
            data: { challengeId: 'ok', challengeReason: 'LOGIN', allowedAttempts: 5, availableFactors: [] },
          });
        },
      });
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('registers through captcha, code and agreement, and is signed in', async () => {
    const b = new Browser(t.app);
    const email = 'New.User@Example.com';
    // No captcha → refused; an unverified solution → refused too.
    let res = await b.post('/api/account/send-verification-code', { sceneCode: 'REGISTER_BY_EMAIL', email });
    expect(res.json().code).toBe('Verification.CaptchaRequired');
    const unverified = await solvedCaptcha(b);
    res = await b.post('/api/account/send-verification-code', {
      sceneCode: 'REGISTER_BY_EMAIL',
      email,
      captchaVerifyParam: unverified,
    });
    expect(res.json().code).toBe('Verification.CaptchaRequired');

    const param = await verifiedCaptcha(b);
    // A solution is accepted once.
    res = await b.post('/api/account/verify-intelligent-captcha', { captchaVerifyParam: param });
    expect(res.json().data).toEqual({ captchaResult: false });
    res = await b.post('/api/account/verify-intelligent-captcha', { captchaVerifyParam: 'bm90IGpzb24=' });
    expect(res.json().data).toEqual({ captchaResult: false });

    res = await b.post('/api/account/send-verification-code', {
      sceneCode: 'REGISTER_BY_EMAIL',
      email,
      captchaVerifyParam: param,
    });
    expect(res.json()).toEqual({ code: '200', message: 'success', data: { retryAfterSeconds: 60 } });
    // The verified solution is spent.
    res = await b.post('/api/account/send-verification-code', {
      sceneCode: 'REGISTER_BY_EMAIL',
      email,
      captchaVerifyParam: param,
    });
    expect(res.json().code).toBe('Verification.CaptchaRequired');

    const code = await latestCode(t.app, 'new.user@example.com');
    expect(code).toMatch(/^\d{6}$/);

    res = await b.post('/api/account/register', {
      email,
      verifyCode: code,
      password: PASSWORD,
      agreementAccepted: false,
    });
    expect(res.json().code).toBe('Account.AgreementRequired');

    res = await b.post('/api/account/register', {
      email,
      verifyCode: code,
      password: PASSWORD,
      agreementAccepted: true,
      nickname: 'Newbie',
    });
    expect(res.statusCode).toBe(200);
    const identity = res.json().data;
    expect(identity).toMatchObject({ accountNo: expect.stringMatching(/^NB\d{8}$/), nickname: 'Newbie' });
    const at = res.cookies.find((c) => c.name === 'nb_at');
    const rt = res.cookies.find((c) => c.name === 'nb_rt');
    expect(at).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(rt).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/account' });
    expect((await b.get('/api/account/check-login')).json().data).toEqual(identity);

    // The code was consumed; the address is taken now.
    const other = new Browser(t.app);
    res = await other.post('/api/account/register', {
      email,
      verifyCode: code,
      password: PASSWORD,
      agreementAccepted: true,
    });
    expect(res.json().code).toBe('Account.EmailRegistered');
    res = await other.post('/api/account/send-verification-code', {
      sceneCode: 'REGISTER_BY_EMAIL',
      email,
      captchaVerifyParam: await verifiedCaptcha(other),
    });
    expect(res.json().code).toBe('Account.EmailRegistered');
  });

  it('a new account starts in the language and device time zone it signed up with', async () => {
    const email = 'english.user@example.com';
    const b = new Browser(t.app, 'fp-lang', '10.7.7.7');
    b.jar.set('nb_tz', 'America/New_York');
    const captchaVerifyParam = await verifiedCaptcha(b);
    await b.post('/api/account/send-verification-code', { sceneCode: 'REGISTER_BY_EMAIL', email, captchaVerifyParam });
    const en = { 'accept-language': 'en-US' };
    const body = { email, verifyCode: await latestCode(t.app, email), password: PASSWORD, agreementAccepted: true };
    expect((await b.post('/api/account/register', body, en)).statusCode).toBe(200);
    const settings = (await b.get('/api/account-manage/get-settings', en)).json().data;
    expect(settings).toMatchObject({ language: 'en-US', timeZone: 'America/New_York' });
    // A zone the browser cannot have sent is not stored: the default applies.
    const other = new Browser(t.app, 'fp-lang-2', '10.7.7.8');
    other.jar.set('nb_tz', 'Mars/Olympus');
    const email2 = 'chinese.user@example.com';
    const param2 = await verifiedCaptcha(other);
    await other.post('/api/account/send-verification-code', {
      sceneCode: 'REGISTER_BY_EMAIL',
      email: email2,
      captchaVerifyParam: param2,
    });
    const body2 = {
      email: email2,
      verifyCode: await latestCode(t.app, email2),
      password: PASSWORD,
      agreementAccepted: true,
    };
    expect((await other.post('/api/account/register', body2, { 'accept-language': 'zh-CN' })).statusCode).toBe(200);
    expect((await other.get('/api/account-manage/get-settings')).json().data).toMatchObject({
      language: 'zh-CN',
      timeZone: 'Asia/Shanghai',
    });
  });

  it('applies the password rule with localised messages', async () => {
    const b = new Browser(t.app);
    const body = { email: 'weak@example.com', verifyCode: '123456', agreementAccepted: true };
    let res = await b.post(
      '/api/account/register',
      { ...body, password: 'alllowercase1' },
      { 'accept-language': 'en-US' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'Request.Invalid',
      data: {
        fields: {
          password: 'Password must be 8–20 characters with at least three of uppercase, lowercase, digit and symbol',
        },
      },
    });
    res = await b.post('/api/account/register', { ...body, password: 'Ab1!' }, { 'accept-language': 'zh-CN' });
    expect(res.json().data.fields.password).toBe('密码需 8-20 位，且至少包含大写字母、小写字母、数字、符号中的三种');
    res = await b.post('/api/account/register', { ...body, password: '' }, { 'accept-language': 'en-US' });
    expect(res.json().data.fields.password).toBe('Password is required');
    res = await b.post('/api/account/register', { ...body, password: '' }, { 'accept-language': 'zh-CN' });
    expect(res.json().data.fields.password).toBe('请输入密码');
  });

  it('lists the agreements', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/agreements',
      headers: { 'accept-language': 'zh-CN' },
    });
    const items = res.json().data.items as { code: string; title: string; version: string; url: string }[];
    expect(items.map((i) => i.code)).toEqual(['service-agreement', 'privacy-policy', 'terms-of-use']);
    expect(items[0]).toMatchObject({
      title: '服务协议',
      url: expect.stringMatching(/^\/help-center\/docs\/agreement\//),
    });
  });

  it('codes expire after 10 minutes and may be resent after 60 s', async () => {
    const target = 'expiry@example.com';
    const input = { scene: 'REGISTER_BY_EMAIL', target, channel: 'email', locale: 'en-US' } as const;
    expect(await sendVerificationCode(t.app, input)).toEqual({ retryAfterSeconds: 60 });
    await expect(sendVerificationCode(t.app, input)).rejects.toMatchObject({
      code: 'Verification.TooManyRequests',
      data: { retryAfterSeconds: 60 },
    });
    t.clock.advance(45);
    await expect(sendVerificationCode(t.app, input)).rejects.toMatchObject({ data: { retryAfterSeconds: 15 } });
    t.clock.advance(15);
    const first = await latestCode(t.app, target);
    await sendVerificationCode(t.app, input);
    const second = await latestCode(t.app, target);
    // The older code died when the new one was sent.
    if (first !== second) {
      await expect(checkVerificationCode(t.app, { scene: input.scene, target, code: first })).rejects.toMatchObject({
        code: 'Verification.CodeInvalid',
      });
    }
    t.clock.advance(10 * 60 + 1);
    await expect(checkVerificationCode(t.app, { scene: input.scene, target, code: second })).rejects.toMatchObject({
      code: 'Verification.CodeInvalid',
      data: { attemptsLeft: 0 },
    });
  });

  it('counts attempts, then kills the code and locks sending for an hour', async () => {
    const target = 'attempts@example.com';
    const scene = 'RETRIEVE_PASSWORD_BY_EMAIL' as const;
    await sendVerificationCode(t.app, { scene, target, channel: 'email', locale: 'zh-CN' });
    const code = await latestCode(t.app, target);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2, 1]) {
      await expect(checkVerificationCode(t.app, { scene, target, code: wrong })).rejects.toMatchObject({
        code: 'Verification.CodeInvalid',
        data: { attemptsLeft: left },
      });
    }
    await expect(checkVerificationCode(t.app, { scene, target, code: wrong })).rejects.toMatchObject({
      code: 'Verification.AttemptsExceeded',
    });
    await expect(checkVerificationCode(t.app, { scene, target, code })).rejects.toMatchObject({
      code: 'Verification.AttemptsExceeded',
    });
    t.clock.advance(120);
    await expect(
      sendVerificationCode(t.app, { scene, target, channel: 'email', locale: 'zh-CN' }),
    ).rejects.toMatchObject({
      code: 'Verification.AttemptsExceeded',
    });
    // Through HTTP the message is the spec's.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/retrieve-password-step1',
      payload: { email: target, verifyCode: code },
      headers: { ...(await csrf(t.app)), 'accept-language': 'en-US' },
    });
    expect(res.json()).toMatchObject({
      code: 'Verification.AttemptsExceeded',
      message: 'Maximum verification code attempts exceeded. Please try again later.',
    });
    t.clock.advance(3600);
    await sendVerificationCode(t.app, { scene, target, channel: 'email', locale: 'zh-CN' });
    await checkVerificationCode(t.app, { scene, target, code: await latestCode(t.app, target) });
  });

  it('signs in, rotates the refresh token, and a reused token revokes the family', async () => {
    await register(t.app, 'rotate@example.com');
    const b = await signIn(t.app, 'rotate@example.com');
    const accountNo = await accountNoOf(b);
    expect(accountNo).toMatch(/^NB/);
    const firstRt = b.jar.get('nb_rt')!;

    const res = await b.post('/api/account/refresh-token', {});
    expect(res.json()).toMatchObject({ code: '200', data: { accountNo } });
    expect(b.jar.get('nb_rt')).not.toBe(firstRt);
    expect(await accountNoOf(b)).toBe(accountNo);

    // The access token lives 15 minutes; refresh brings the session back.
    t.clock.advance(15 * 60 + 1);
    // check-login asks the client to refresh (401) rather than calling a live session signed out.
    const lapsed = await b.get('/api/account/check-login');
    expect(lapsed.statusCode).toBe(401);
    expect(lapsed.json().code).toBe('Account.Unauthorized');
    // So does any other API call (public ones too), while pages are still served to the browser.
    expect((await b.get('/api/funds/summary')).json().code).toBe('Account.Unauthorized');
    expect((await b.get('/api/auctions')).statusCode).toBe(401);
    expect((await b.get('/console/fund/recharge')).statusCode).not.toBe(401);
    expect((await b.post('/api/account/refresh-token', {})).json().code).toBe('200');
    expect((await b.get('/api/auctions')).statusCode).toBe(200);
    expect(await accountNoOf(b)).toBe(accountNo);

    // An attacker replays the first (rotated) token: the whole family dies.
    const thief = new Browser(t.app);
    thief.jar.set('nb_rt', firstRt);
    const stolen = await thief.post('/api/account/refresh-token', {});
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json().code).toBe('Account.Unauthorized');
    // The refusal clears the replayed cookie.
    expect(thief.jar.has('nb_rt')).toBe(false);
    expect(await accountNoOf(b)).toBe('');
    expect((await b.post('/api/account/refresh-token', {})).json().code).toBe('Account.Unauthorized');

    // A forged access token is ignored.
    const forged = new Browser(t.app);
    forged.jar.set(
      'nb_at',
      `${Buffer.from('{"u":"1","f":"x","e":9999999999}').toString('base64url')}.${'A'.repeat(43)}`,
    );
    expect(await accountNoOf(forged)).toBe('');
  });

  describe('sign-in throttle', () => {
    const WRONG = 'Wrong-pass-1';
    let nextIp = 0;
    /** A client address of its own: failures are counted per IP, and the routes' per-IP limits count wall time. */
    const freshIp = () => {
      const n = nextIp++;
      return `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    };

    async function attempt(b: Browser, email: string, password: string, captcha = false, lang = 'zh-CN') {
      const body = { email, password, ...(captcha ? { captchaVerifyParam: await verifiedCaptcha(b) } : {}) };
      return b.post('/api/account/login', body, { 'accept-language': lang });
    }

    /** One answer as a user would see it: status, code, and the wait or lock measured from now. */
    function seen(res: Awaited<ReturnType<Browser['post']>>): string {
      const body = res.json();
      let extra = '';
      if (res.statusCode === 429) extra = ` retry=${body.data.retryAfterSeconds} header=${res.headers['retry-after']}`;
      if (body.code === 'Account.Locked') {
        extra = ` lockedIn=${(Date.parse(body.data.lockedUntil) - t.clock.now().getTime()) / 1000}`;
      }
      return `${res.statusCode} ${body.code}${extra}`;
    }

    /**
     * Wrong passwords as a determined client sends them, from a new address each round (so only the
     * e-mail's counts matter): tries without a captcha, waits out a 429, solves the captcha when
     * asked. Stops at a lock. Returns every answer.
     */
    async function guess(email: string, rounds: number): Promise<string[]> {
      const log: string[] = [];
      for (let round = 0; round < rounds; round++) {
        const b = new Browser(t.app, 'fp-guess', freshIp());
        let res = await attempt(b, email, WRONG);
        log.push(seen(res));
        if (res.statusCode === 429) {
          t.clock.advance(res.json().data.retryAfterSeconds);
          res = await attempt(b, email, WRONG);
          log.push(seen(res));
        }
        if (res.json().code === 'Verification.CaptchaRequired') {
          res = await attempt(b, email, WRONG, true);
          log.push(seen(res));
        }
        if (res.json().code === 'Account.Locked') break;
      }
      return log;
    }

    it('answers a registered and an unknown address alike at every step (no enumeration)', async () => {
      await register(t.app, 'known-enum@example.com', PASSWORD, freshIp());
      const known = await guess('known-enum@example.com', 16);
      const unknown = await guess('unknown-enum@example.com', 16);
      expect(unknown).toEqual(known);
      // The sequence does end in a lock, for both.
      expect(known.at(-1)).toBe('423 Account.Locked lockedIn=900');
      expect(known).toContain('400 Verification.CaptchaRequired');
      expect(known).toContain('429 Request.TooManyRequests retry=1 header=1');
    });

    it('asks for a solved captcha after 3 failures; the right password with one still signs in', async () => {
      const email = 'captcha-login@example.com';
      await register(t.app, email, PASSWORD, freshIp());
      const b = new Browser(t.app, 'fp-c', freshIp());
      for (let i = 0; i < 3; i++) {
        const res = await attempt(b, email, WRONG);
        expect([res.statusCode, res.json().code]).toEqual([401, 'Account.InvalidCredentials']);
      }
      t.clock.advance(1); // the wait the third failure started
      let res = await attempt(b, email, PASSWORD, false, 'en-US');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'Verification.CaptchaRequired',
        message: 'Please complete the captcha first',
      });
      // A solution that was never verified (or is spent) is refused.
      res = await b.post('/api/account/login', {
        email,
        password: PASSWORD,
        captchaVerifyParam: await solvedCaptcha(b),
      });
      expect(res.json().code).toBe('Verification.CaptchaInvalid');
      res = await attempt(b, email, PASSWORD, true);
      expect(res.json()).toMatchObject({ code: '200' });
      expect(await accountNoOf(b)).toMatch(/^NB/);
      // Signing in forgot the address's failures: no captcha next time.
      expect((await attempt(new Browser(t.app, 'fp-d', freshIp()), email, PASSWORD)).json().code).toBe('200');
    });

    it('makes each further failure wait twice as long, per address (429 with Retry-After)', async () => {
      const email = 'slow-guess@example.com';
      await register(t.app, email, PASSWORD, freshIp());
      const b = new Browser(t.app, 'fp-e', freshIp());
      const waits: number[] = [];
      for (let i = 0; i < 9; i++) {
        expect((await attempt(b, email, WRONG, i >= 3)).json().code).toBe('Account.InvalidCredentials');
        if (i < 2) continue;
        // Too early, even with the right password and from elsewhere: 429 until the wait is over.
        const early = await attempt(new Browser(t.app, 'fp-f', freshIp()), email, PASSWORD, true);
        expect(early.statusCode).toBe(429);
        expect(early.json().code).toBe('Request.TooManyRequests');
        const seconds = early.json().data.retryAfterSeconds as number;
        expect(early.headers['retry-after']).toBe(String(seconds));
        waits.push(seconds);
        if (seconds > 1) {
          t.clock.advance(seconds - 1);
          expect((await attempt(b, email, PASSWORD, true)).statusCode).toBe(429);
        }
        t.clock.advance(1);
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60]);
    });

    it('counts failures per IP too: past 10 from one address, any e-mail needs a captcha and waits', async () => {
      const ip = freshIp();
      const b = new Browser(t.app, 'fp-g', ip);
      for (let i = 0; i < 10; i++) {
        expect((await attempt(b, `spray-${i}@example.com`, WRONG)).json().code).toBe('Account.InvalidCredentials');
      }
      const fresh = 'spray-fresh@example.com';
      let res = await attempt(b, fresh, WRONG);
      expect(seen(res)).toBe('429 Request.TooManyRequests retry=1 header=1');
      t.clock.advance(1);
      expect((await attempt(b, fresh, WRONG)).json().code).toBe('Verification.CaptchaRequired');
      expect((await attempt(b, fresh, WRONG, true)).json().code).toBe('Account.InvalidCredentials');
      expect(seen(await attempt(b, fresh, WRONG))).toBe('429 Request.TooManyRequests retry=2 header=2');
      // Another client is not slowed down by this one.
      res = await attempt(new Browser(t.app, 'fp-h', freshIp()), 'spray-other@example.com', WRONG);
      expect(res.json().code).toBe('Account.InvalidCredentials');
    });

    it('locks only after many failures with a solved captcha, and mails the owner in their language', async () => {
      const email = 'locked-owner@example.com';
      const owner = await register(t.app, email, PASSWORD, freshIp());
      const settings = (await owner.get('/api/account-manage/get-settings')).json().data;
      const updated = await owner.post('/api/account-manage/update-settings', { ...settings, language: 'en-US' });
      expect(updated.json().code).toBe('200');

      const attacker = new Browser(t.app, 'fp-x', freshIp());
      for (let i = 0; i < 3; i++) await attempt(attacker, email, WRONG);
      t.clock.advance(1);
      // A script that cannot solve captchas only ever meets CaptchaRequired: nothing counts, nothing locks.
      for (let i = 0; i < 20; i++) {
        expect((await attempt(attacker, email, WRONG)).json().code).toBe('Verification.CaptchaRequired');
      }
      const log = await guess(email, 20);
      expect(log.filter((line) => line === '401 Account.InvalidCredentials')).toHaveLength(9);
      expect(log.at(-1)).toBe('423 Account.Locked lockedIn=900');

      // Locked: the right password is refused too, with the spec's message.
      const res = await attempt(new Browser(t.app, 'fp-y', freshIp()), email, PASSWORD, true, 'en-US');
      expect(res.statusCode).toBe(423);
      expect(res.json()).toMatchObject({ code: 'Account.Locked', message: 'Your account has been locked' });

      // The owner is told, in the language of their settings (the attacker asked for Chinese).
      await vi.waitFor(async () => {
        const list = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
        const subjects = (list.json().data.items as { subject: string | null }[]).map((m) => m.subject);
        expect(subjects).toContain('Your NameBourse account has been locked');
      });

      // When the lock ends the owner signs in (with a captcha: the failures are still recent).
      t.clock.advance(15 * 60);
      expect((await attempt(new Browser(t.app, 'fp-z', freshIp()), email, PASSWORD, true)).json().code).toBe('200');
    });
  });

  it('asks for the second factor at sign-in when the verifier says so', async () => {
    await register(t.app, MFA_EMAIL);
    const b = new Browser(t.app);
    let res = await b.post('/api/account/login', { email: MFA_EMAIL, password: PASSWORD });
    expect(res.json()).toMatchObject({ code: 'Account.Mfa.Required', data: { challengeId: 'ok' } });
    expect(await accountNoOf(b)).toBe('');
    res = await b.post('/api/account/login', {
      email: MFA_EMAIL,
      password: PASSWORD,
      mfaVerification: { challengeId: 'ok', factors: [{ method: 'SMS', token: '123456' }] },
    });
    expect(res.json().code).toBe('200');
    expect(await accountNoOf(b)).toMatch(/^NB/);
  });

  it('logout ends the session', async () => {
    const b = await register(t.app, 'logout@example.com');
    const rt = b.jar.get('nb_rt')!;
    const res = await b.get('/api/account/logout');
    expect(res.json()).toMatchObject({ code: '200', data: null });
    expect(await accountNoOf(b)).toBe('');
    const replay = new Browser(t.app);
    replay.jar.set('nb_rt', rt);
    expect((await replay.post('/api/account/refresh-token', {})).json().code).toBe('Account.Unauthorized');
  });

  it('answers each of many concurrent requests for its own session (checks share statements)', async () => {
    const live = await register(t.app, 'concurrent-live@example.com');
    const ended = await register(t.app, 'concurrent-ended@example.com');
    const endedAccess = ended.jar.get('nb_at')!;
    await ended.get('/api/account/logout');
    const gone = new Browser(t.app);
    gone.jar.set('nb_at', endedAccess);
    const liveNo = await accountNoOf(live);
    // Interleaved, all in flight at once: the signed-out token is a visitor, the live one is its user.
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => (i % 2 === 0 ? accountNoOf(live) : accountNoOf(gone))),
    );
    expect(answers).toEqual(answers.map((_, i) => (i % 2 === 0 ? liveNo : '')));
  });

  it('finds a password in two steps within 5 minutes and signs out every session', async () => {
    const email = 'forgot@example.com';
    const session = await register(t.app, email);
    const b = new Browser(t.app);
    const send = async (to: string) =>
      b.post('/api/account/send-verification-code', {
        sceneCode: 'RETRIEVE_PASSWORD_BY_EMAIL',
        email: to,
        captchaVerifyParam: await verifiedCaptcha(b),
      });
    // An unknown address answers the same and nobody is mailed.
    expect((await send('ghost@example.com')).json()).toMatchObject({ code: '200', data: { retryAfterSeconds: 60 } });
    expect(await outboxCount(t.app, 'ghost@example.com')).toBe(0);

    expect((await send(email)).json().code).toBe('200');
    let res = await b.post('/api/account/retrieve-password-step1', {
      email,
      verifyCode: await latestCode(t.app, email),
    });
    const { resetToken } = res.json().data as { resetToken: string };
    expect(resetToken).toMatch(/^[\w-]{40,}$/);
    res = await b.post('/api/account/retrieve-password-step2', { resetToken, password: NEW_PASSWORD });
    expect(res.json()).toMatchObject({ code: '200' });
    // One use only; every session ended; the new password works, the old does not.
    res = await b.post('/api/account/retrieve-password-step2', { resetToken, password: NEW_PASSWORD });
    expect(res.json().code).toBe('Account.ResetExpired');
    expect(await accountNoOf(session)).toBe('');
    expect((await b.post('/api/account/login', { email, password: PASSWORD })).json().code).toBe(
      'Account.InvalidCredentials',
    );
    expect((await b.post('/api/account/login', { email, password: NEW_PASSWORD })).json().code).toBe('200');

    // The 5-minute window.
    t.clock.advance(61);
    expect((await send(email)).json().code).toBe('200');
    res = await b.post('/api/account/retrieve-password-step1', { email, verifyCode: await latestCode(t.app, email) });
    t.clock.advance(5 * 60 + 1);
    res = await b.post('/api/account/retrieve-password-step2', {
      resetToken: res.json().data.resetToken,
      password: PASSWORD,
    });
    expect(res.json().code).toBe('Account.ResetExpired');
  });

  it('changing the password signs out the other sessions and keeps this one', async () => {
    const email = 'changer@example.com';
    const a = await register(t.app, email);
    const other = await signIn(t.app, email);
    let res = await a.post('/api/account-manage/change-password', {
      oldPassword: 'Not-the-one-1',
      password: NEW_PASSWORD,
    });
    expect(res.json().code).toBe('Account.PasswordIncorrect');
    res = await a.post('/api/account-manage/change-password', { oldPassword: PASSWORD, password: 'weak' });
    expect(res.json().code).toBe('Request.Invalid');
    res = await a.post('/api/account-manage/change-password', { oldPassword: PASSWORD, password: NEW_PASSWORD });
    expect(res.json()).toMatchObject({ code: '200' });
    expect(await accountNoOf(a)).toMatch(/^NB/);
    expect((await a.post('/api/account/refresh-token', {})).json().code).toBe('200');
    expect(await accountNoOf(other)).toBe('');
    expect((await other.post('/api/account/refresh-token', {})).json().code).toBe('Account.Unauthorized');
    // Signed out: the route needs a user.
    const visitor = new Browser(t.app);
    res = await visitor.post('/api/account-manage/change-password', { oldPassword: PASSWORD, password: NEW_PASSWORD });
    expect(res.json().code).toBe('Account.Unauthorized');
  });

  it('a wrong current password on change-password counts toward the sign-in throttle and lock', async () => {
    const email = 'guessed@example.com';
    const a = await register(t.app, email, PASSWORD, '198.51.100.200');
    const wrong = { oldPassword: 'Not-the-one-1', password: NEW_PASSWORD };
    const right = { oldPassword: PASSWORD, password: NEW_PASSWORD };
    const answers: string[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await a.post('/api/account-manage/change-password', wrong);
      answers.push(res.json().code);
      if (res.statusCode === 429) t.clock.advance(res.json().data.retryAfterSeconds);
      if (res.json().code === 'Account.Locked') break;
    }
    // The signed-in session stands in for a captcha: ten wrong passwords lock, with waits between.
    expect(answers.filter((code) => code === 'Account.PasswordIncorrect')).toHaveLength(9);
    expect(answers).toContain('Request.TooManyRequests');
    expect(answers.at(-1)).toBe('Account.Locked');
    // Locked like after failed sign-ins: the right password is refused too, here and at sign-in.
    expect((await a.post('/api/account-manage/change-password', right)).json().code).toBe('Account.Locked');
    const elsewhere = new Browser(t.app, 'fp-elsewhere', '198.51.100.201');
    expect((await elsewhere.post('/api/account/login', { email, password: PASSWORD })).json().code).toBe(
      'Account.Locked',
    );
    t.clock.advance(15 * 60);
    const res = await elsewhere.post('/api/account/login', {
      email,
      password: PASSWORD,
      captchaVerifyParam: await verifiedCaptcha(elsewhere),
    });
    expect(res.json().code).toBe('200');
  });

  it('counts the per-address sending limit only after the captcha: nobody can use up a victim’s allowance', async () => {
    const victim = 'victim-quota@example.com';
    // From another address (the per-IP route limit is not what is tested here).
    const headers = await csrf(t.app);
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/send-verification-code',
        headers,
        remoteAddress: '203.0.113.50',
        payload: { sceneCode: 'RETRIEVE_PASSWORD_BY_EMAIL', email: victim },
      });
      expect(res.json().code).toBe('Verification.CaptchaRequired');
    }
    const b = new Browser(t.app);
    const sent = await b.post('/api/account/send-verification-code', {
      sceneCode: 'REGISTER_BY_EMAIL',
      email: victim,
      captchaVerifyParam: await verifiedCaptcha(b),
    });
    expect(sent.json()).toMatchObject({ code: '200' });
  });

  it('lists the sessions and signs one out', async () => {
    const email = 'sessions@example.com';
    const a = await register(t.app, email);
    const b = await signIn(t.app, email, PASSWORD, 'fp-phone');
    const res = await a.get('/api/account-manage/sessions');
    const items = res.json().data.items as {
      id: string;
      deviceFingerprint: string;
      isCurrent: boolean;
      userAgent: string;
    }[];
    expect(items).toHaveLength(2);
    expect(items.find((s) => s.isCurrent)).toMatchObject({
      deviceFingerprint: 'fp-test-1',
      userAgent: 'vitest-browser',
    });
    const phone = items.find((s) => !s.isCurrent)!;
    expect(phone.deviceFingerprint).toBe('fp-phone');

    expect((await a.post('/api/account-manage/revoke-session', { sessionId: phone.id })).json().code).toBe('200');
    expect(await accountNoOf(b)).toBe('');
    expect((await a.post('/api/account-manage/revoke-session', { sessionId: phone.id })).json().code).toBe(
      'Account.SessionNotFound',
    );
    // Another user's session is not found either.
    const stranger = await register(t.app, 'stranger@example.com');
    const mine = (await a.get('/api/account-manage/sessions')).json().data.items[0].id;
    expect((await stranger.post('/api/account-manage/revoke-session', { sessionId: mine })).json().code).toBe(
      'Account.SessionNotFound',
    );
    expect((await new Browser(t.app).get('/api/account-manage/sessions')).json().code).toBe('Account.Unauthorized');
  });

  it('sends phone codes to a signed-in user and validates the number', async () => {
    const visitor = new Browser(t.app);
    const body = { sceneCode: 'UPDATE_CONTACT_PHONE', phone: '13812345678', phoneCountryCode: '86' };
    expect((await visitor.post('/api/account/send-verification-code', body)).json().code).toBe('Account.Unauthorized');
    const a = await register(t.app, 'phone@example.com');
    const bad = await a.post(
      '/api/account/send-verification-code',
      { ...body, phone: '12345' },
      { 'accept-language': 'en-US' },
    );
    expect(bad.json()).toMatchObject({
      code: 'Verification.MobileInvalid',
      message: expect.stringMatching(/^Invalid mobile number: choose the country or region code/),
    });
    expect((await a.post('/api/account/send-verification-code', body)).json().code).toBe('200');
    expect(await latestCode(t.app, '+8613812345678')).toMatch(/^\d{6}$/);
    // MFA scenes belong to the security module (its sender); never sent here without a challenge.
    const mfa = await a.post('/api/account/send-verification-code', { sceneCode: 'MFA_BY_SECURITY_EMAIL' });
    expect(mfa.json().code).not.toBe('200');
  });
});

/** A signed-out browser's CSRF pair (the token is bound to the pre-session cookie that comes with it). */
function csrf(app: App): Promise<Record<string, string>> {
  return csrfHeaders(app);
}
