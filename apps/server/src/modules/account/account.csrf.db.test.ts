import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../../test/helpers.ts';
import type { App } from '../../platform/app-context.ts';
import { createUser } from './account.service.ts';

const PASSWORD = 'Sunny-Day-42';
const FEEDBACK = '/api/general/service/feedback';
const FEEDBACK_BODY = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  category: 'other',
  content: 'A question about transfers.',
};

let ipSeq = 0;

/** A browser: a cookie jar that follows Set-Cookie, sending XSRF-TOKEN back in X-XSRF-TOKEN as the web client does. */
class Browser {
  readonly jar = new Map<string, string>();
  private readonly ip = `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  constructor(private readonly app: App) {}

  get token(): string | undefined {
    return this.jar.get('XSRF-TOKEN');
  }

  /** The jar as a Cookie header, with some cookies replaced (a cookie planted by an attacker). */
  cookieHeader(replace: Record<string, string> = {}): string {
    const jar = new Map([...this.jar, ...Object.entries(replace)]);
    return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: {
        'accept-language': 'en-US',
        ...(this.jar.size > 0 ? { cookie: this.cookieHeader() } : {}),
        ...(this.token ? { 'x-xsrf-token': this.token } : {}),
        ...headers,
      },
    });
    for (const c of res.cookies) {
      const expired = c.expires !== undefined && new Date(c.expires).getTime() <= Date.now();
      if (c.value === '' || expired || c.maxAge === 0) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }

  async fetchCsrf(): Promise<string> {
    const res = await this.request('GET', '/api/account/csrf');
    expect(res.statusCode).toBe(200);
    return res.json().data.csrfToken as string;
  }

  async signIn(email: string) {
    if (!this.token) await this.fetchCsrf();
    const res = await this.request('POST', '/api/account/login', { email, password: PASSWORD });
    expect(res.json().code, res.body).toBe('200');
    return res;
  }

  async accountNo(): Promise<string> {
    const res = await this.request('GET', '/api/account/check-login');
    return res.json().data?.accountNo ?? `(${res.json().code})`;
  }
}

describe.each(enginesFor('app'))('CSRF tokens bound to the session (%s)', (engine) => {
  let t: TestContext;
  let n = 0;

  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A new account signed in on a new browser. */
  async function signedIn() {
    n += 1;
    const email = `csrf${n}-${Date.now().toString(36)}@example.com`;
    const user = await createUser(t.app.platform.db, t.app.platform.clock, {
      email,
      password: PASSWORD,
      nickname: `csrf${n}`,
    });
    const browser = new Browser(t.app);
    await browser.signIn(email);
    return { user, email, browser };
  }

  async function currentSessionId(browser: Browser): Promise<string> {
    const res = await browser.request('GET', '/api/account-manage/sessions');
    const current = (res.json().data.items as { id: string; isCurrent: boolean }[]).find((s) => s.isCurrent);
    return current!.id;
  }

  it("refuses a token fetched in the attacker's own session, planted in the victim's browser", async () => {
    const attacker = await signedIn();
    const victim = await signedIn();
    const victimSession = await currentSessionId(victim.browser);
    const attackerToken = attacker.browser.token!;
    // The victim's session cookies, with the attacker's (valid, server-issued) token as cookie and header.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account-manage/revoke-session',
      headers: {
        'accept-language': 'en-US',
        cookie: victim.browser.cookieHeader({ 'XSRF-TOKEN': attackerToken }),
        'x-xsrf-token': attackerToken,
      },
      payload: { sessionId: victimSession },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'Csrf.Invalid',
      message: 'Security check failed. Please refresh the page and try again',
    });
    expect(await victim.browser.accountNo()).toBe(victim.user.accountNo);

    // The victim's own token does it.
    const own = await victim.browser.request('POST', '/api/account-manage/revoke-session', {
      sessionId: victimSession,
    });
    expect(own.json().code).toBe('200');
    expect(await victim.browser.accountNo()).toBe('');
  });

  it('rotates the token at sign-in: the signed-out token is refused afterwards', async () => {
    n += 1;
    const email = `csrf-in${n}@example.com`;
    const user = await createUser(t.app.platform.db, t.app.platform.clock, {
      email,
      password: PASSWORD,
      nickname: 'in',
    });
    const browser = new Browser(t.app);
    const signedOutToken = await browser.fetchCsrf();
    expect(browser.jar.has('nb_ps')).toBe(true);

    const login = await browser.signIn(email);
    const rotated = login.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    expect(rotated).toMatch(/^[\w-]{24}\.[\w-]{43}$/);
    expect(rotated).not.toBe(signedOutToken);
    expect(browser.jar.has('nb_ps')).toBe(false);
    expect(await browser.accountNo()).toBe(user.accountNo);

    const withOld = await browser.request('POST', FEEDBACK, FEEDBACK_BODY, {
      cookie: browser.cookieHeader({ 'XSRF-TOKEN': signedOutToken }),
      'x-xsrf-token': signedOutToken,
    });
    expect(withOld.statusCode).toBe(403);
    expect(withOld.json().code).toBe('Csrf.Invalid');
    expect((await browser.request('POST', FEEDBACK, FEEDBACK_BODY)).json().code).toBe('200');
    // Asked again while signed in, the session's token is kept.
    expect(await browser.fetchCsrf()).toBe(rotated);
  });

  it('keeps the token across a token refresh (same session), with an expired access token', async () => {
    const { user, browser } = await signedIn();
    const token = browser.token;
    t.clock.advance(16 * 60);
    const refreshed = await browser.request('POST', '/api/account/refresh-token');
    expect(refreshed.json()).toMatchObject({ code: '200', data: { accountNo: user.accountNo } });
    expect(browser.token).toBe(token);
    expect((await browser.request('POST', FEEDBACK, FEEDBACK_BODY)).json().code).toBe('200');
  });

  it("rotates the token at sign-out: the session's token is refused, the new one works", async () => {
    const { email, browser } = await signedIn();
    const sessionToken = browser.token!;
    const logout = await browser.request('GET', '/api/account/logout');
    expect(logout.json().code).toBe('200');
    const next = logout.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    expect(next).toBeDefined();
    expect(next).not.toBe(sessionToken);
    expect(browser.jar.has('nb_ps')).toBe(true);

    const withOld = await browser.request('POST', FEEDBACK, FEEDBACK_BODY, {
      cookie: browser.cookieHeader({ 'XSRF-TOKEN': sessionToken }),
      'x-xsrf-token': sessionToken,
    });
    expect(withOld.json().code).toBe('Csrf.Invalid');
    // The signed-out browser signs in again with the token it was given at sign-out.
    await browser.signIn(email);
  });

  it('refuses a signed-out token from another browser (another pre-session)', async () => {
    const mine = new Browser(t.app);
    const theirs = new Browser(t.app);
    await mine.fetchCsrf();
    const foreign = await theirs.fetchCsrf();
    const res = await mine.request('POST', FEEDBACK, FEEDBACK_BODY, {
      cookie: mine.cookieHeader({ 'XSRF-TOKEN': foreign }),
      'x-xsrf-token': foreign,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('Csrf.Invalid');
    expect((await mine.request('POST', FEEDBACK, FEEDBACK_BODY)).json().code).toBe('200');
  });

  describe('GET /account/logout', () => {
    it.each([
      ['a cross-site request', { 'sec-fetch-site': 'cross-site' }],
      ['a same-site request from a sibling subdomain', { 'sec-fetch-site': 'same-site' }],
      ['another Origin', { origin: 'https://evil.example' }],
      ['a request saying nothing of its origin', {}],
    ])('refuses %s without the CSRF header; the session stays', async (_name, headers) => {
      const { user, browser } = await signedIn();
      // A link or an image on another site: the browser sends the cookies, never the header.
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/account/logout',
        headers: { 'accept-language': 'en-US', cookie: browser.cookieHeader(), ...headers },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('Csrf.Invalid');
      expect(res.cookies.find((c) => c.name === 'nb_at')).toBeUndefined();
      expect(await browser.accountNo()).toBe(user.accountNo);
    });

    it("refuses another session's token in the header", async () => {
      const attacker = await signedIn();
      const victim = await signedIn();
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/account/logout',
        headers: {
          cookie: victim.browser.cookieHeader({ 'XSRF-TOKEN': attacker.browser.token! }),
          'x-xsrf-token': attacker.browser.token!,
        },
      });
      expect(res.json().code).toBe('Csrf.Invalid');
      expect(await victim.browser.accountNo()).toBe(victim.user.accountNo);
    });

    it.each([
      ['the CSRF header', {}],
      ['Sec-Fetch-Site: same-origin', { 'x-xsrf-token': '', 'sec-fetch-site': 'same-origin' }],
      ['an Origin equal to its own', { 'x-xsrf-token': '', origin: 'http://localhost' }],
    ])('signs out a same-origin request (%s)', async (_name, headers) => {
      const { browser } = await signedIn();
      const res = await browser.request('GET', '/api/account/logout', undefined, headers);
      expect(res.json().code).toBe('200');
      expect(await browser.accountNo()).toBe('');
    });
  });
});
