import { USER_STORAGE_KEYS } from '@namebourse/contract';
import i18next from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, fail, fetchMock, navigate, ok, requests, route, script, setCookie } from './api-client.test-support.ts';
import {
  ApiError,
  api,
  configureApiClient,
  isHandledByPipeline,
  resetApiClient,
  SESSION_REFRESHED_AT_KEY,
} from './api-client.ts';
import { getFeedbackState, resetFeedbackStore } from './feedback-store.ts';

describe('CSRF pre-call', () => {
  it('calls GET /api/account/csrf first when the XSRF cookie is missing, then sends the new token', async () => {
    route('/api/account/csrf', () => {
      setCookie('XSRF-TOKEN=fresh');
      return ok(null);
    });
    script(() => ok(true));
    await api.post('/account/login', { email: 'a@b.c', password: 'x' });
    expect(requests()).toEqual(['GET /api/account/csrf', 'POST /api/account/login']);
    expect(calls[1]?.headers.get('X-XSRF-TOKEN')).toBe('fresh');
  });

  it('skips the pre-call when the cookie exists, and for GET requests', async () => {
    script(() => ok(null));
    await api.get('/account/check-login');
    setCookie('XSRF-TOKEN=have');
    script(() => ok(null));
    await api.post('/account/login', {});
    expect(requests()).toEqual(['GET /api/account/check-login', 'POST /api/account/login']);
  });

  it('shares one pre-call between concurrent POSTs', async () => {
    route('/api/account/csrf', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      setCookie('XSRF-TOKEN=shared');
      return ok(null);
    });
    route('/api/x', () => ok(1));
    await Promise.all([api.post('/x'), api.post('/x'), api.post('/x')]);
    expect(requests().filter((r) => r.endsWith('/csrf'))).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/api/x').every((c) => c.headers.get('X-XSRF-TOKEN') === 'shared')).toBe(
      true,
    );
  });

  it('refetches the token and retries once on Csrf.Invalid', async () => {
    setCookie('XSRF-TOKEN=stale');
    route('/api/account/csrf', () => {
      setCookie('XSRF-TOKEN=renewed');
      return ok(null);
    });
    script(
      () => fail('Csrf.Invalid', 'Security check failed', null, 403),
      () => ok('done'),
    );
    await expect(api.post('/x', {})).resolves.toBe('done');
    expect(requests()).toEqual(['POST /api/x', 'GET /api/account/csrf', 'POST /api/x']);
    expect(calls[2]?.headers.get('X-XSRF-TOKEN')).toBe('renewed');
  });

  it('sends the token the server rotated at sign-in on the very next call (no stale copy in memory)', async () => {
    setCookie('XSRF-TOKEN=signed-out');
    script(
      () => {
        // The sign-in response binds a new token to the new session.
        setCookie('XSRF-TOKEN=signed-in');
        return ok({ accountNo: 'A1', nickname: 'n' });
      },
      () => ok(null),
    );
    await api.post('/account/login', { email: 'a@b.c', password: 'x' });
    await api.post('/x', {});
    expect(calls.map((c) => c.headers.get('X-XSRF-TOKEN'))).toEqual(['signed-out', 'signed-in']);
  });

  it('treats a GET marked csrf (sign-out) like a POST: pre-call when missing, one retry on Csrf.Invalid', async () => {
    route('/api/account/csrf', () => {
      setCookie('XSRF-TOKEN=first');
      return ok(null);
    });
    script(() => ok(null));
    await api.get('/account/logout', undefined, { csrf: true });
    expect(requests()).toEqual(['GET /api/account/csrf', 'GET /api/account/logout']);
    expect(calls[1]?.headers.get('X-XSRF-TOKEN')).toBe('first');

    calls.length = 0;
    route('/api/account/csrf', () => {
      setCookie('XSRF-TOKEN=second');
      return ok(null);
    });
    script(
      () => fail('Csrf.Invalid', 'Security check failed', null, 403),
      () => ok(null),
    );
    await api.get('/account/logout', undefined, { csrf: true });
    expect(requests()).toEqual(['GET /api/account/logout', 'GET /api/account/csrf', 'GET /api/account/logout']);
    expect(calls[2]?.headers.get('X-XSRF-TOKEN')).toBe('second');
  });
});
describe('Account.Unauthorized', () => {
  beforeEach(() => {
    setCookie('XSRF-TOKEN=t');
    localStorage.setItem(USER_STORAGE_KEYS.accountNo, 'A1');
    localStorage.setItem(USER_STORAGE_KEYS.nickname, 'Nick');
  });

  it('refreshes the token once and retries the original request', async () => {
    script(
      () => fail('Account.Unauthorized', 'This action requires login', null, 401),
      () => ok(null),
      () => ok({ balance: 1 }),
    );
    await expect(api.get('/funds/summary', { a: 1 })).resolves.toEqual({ balance: 1 });
    expect(requests()).toEqual(['GET /api/funds/summary', 'POST /api/account/refresh-token', 'GET /api/funds/summary']);
    expect(calls[2]?.url).toBe('/api/funds/summary?a=1');
    expect(navigate).not.toHaveBeenCalled();
    expect(getFeedbackState().toast).toBeNull();
  });

  it('retries without refreshing when another tab rotated the token after the request was sent', async () => {
    script(
      () => {
        // Another tab of this browser refreshes the session while this request is on its way.
        localStorage.setItem(SESSION_REFRESHED_AT_KEY, String(Date.now() + 1));
        return fail('Account.Unauthorized', 'This action requires login', null, 401);
      },
      () => ok({ balance: 2 }),
    );
    await expect(api.get('/funds/summary')).resolves.toEqual({ balance: 2 });
    // No second use of the (already rotated) refresh token: that would end the session.
    expect(requests()).toEqual(['GET /api/funds/summary', 'GET /api/funds/summary']);
  });

  it('records its own refresh for the other tabs', async () => {
    script(
      () => fail('Account.Unauthorized', 'This action requires login', null, 401),
      () => ok(null),
      () => ok({ balance: 3 }),
    );
    const before = Date.now();
    await api.get('/funds/summary');
    expect(Number(localStorage.getItem(SESSION_REFRESHED_AT_KEY))).toBeGreaterThanOrEqual(before);
  });

  it('refreshes only once when the retry is unauthorized again, then goes to login', async () => {
    window.history.replaceState(null, '', '/console/domain/list?page=2');
    script(
      () => fail('Account.Unauthorized', 'login', null, 401),
      () => ok(null),
      () => fail('Account.Unauthorized', 'login', null, 401),
    );
    await expect(api.get('/domains')).rejects.toMatchObject({ code: 'Account.Unauthorized' });
    expect(requests().filter((r) => r.endsWith('/refresh-token'))).toHaveLength(1);
    expect(navigate).toHaveBeenCalledWith('/account/login?redirect=%2Fconsole%2Fdomain%2Flist%3Fpage%3D2');
  });

  it('clears the stored user info and redirects to login when the refresh fails', async () => {
    window.history.replaceState(null, '', '/console/fund/recharge?tab=history');
    script(
      () => fail('Account.Unauthorized', 'login', null, 401),
      () => fail('Account.Unauthorized', 'login', null, 401),
    );
    const error = await api.post('/funds/recharge', { amountCents: 500 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'Account.Unauthorized' });
    expect(isHandledByPipeline(error)).toBe(true);
    expect(requests()).toEqual(['POST /api/funds/recharge', 'POST /api/account/refresh-token']);
    expect(localStorage.getItem(USER_STORAGE_KEYS.accountNo)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEYS.nickname)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/account/login?redirect=%2Fconsole%2Ffund%2Frecharge%3Ftab%3Dhistory');
  });

  it("says 'This action requires login' (localised) before going to login, whatever the error mode", async () => {
    window.history.replaceState(null, '', '/console/domain/list');
    const toastAtNavigation: (string | undefined)[] = [];
    navigate.mockImplementation(() => {
      toastAtNavigation.push(getFeedbackState().toast?.message);
    });
    script(
      () => fail('Account.Unauthorized', 'login', null, 401),
      () => fail('Account.Unauthorized', 'login', null, 401),
    );
    await expect(api.get('/domains', undefined, { errorMode: 'silent' })).rejects.toBeInstanceOf(ApiError);
    expect(toastAtNavigation).toEqual(['This action requires login']);
    expect(getFeedbackState().toast).toMatchObject({ message: 'This action requires login', severity: 'error' });

    resetFeedbackStore();
    await i18next.changeLanguage('zh-CN');
    script(
      () => fail('Account.Unauthorized', '此操作需要登录', null, 401),
      () => fail('Account.Unauthorized', '此操作需要登录', null, 401),
    );
    await expect(api.get('/domains')).rejects.toBeInstanceOf(ApiError);
    expect(getFeedbackState().toast?.message).toBe('此操作需要登录');
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('leaves the redirect empty under /account and does not navigate when already on the login page', async () => {
    window.history.replaceState(null, '', '/account/verify?x=1');
    script(
      () => fail('Account.Unauthorized', 'login', null, 401),
      () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    );
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/account/login');

    navigate.mockClear();
    resetFeedbackStore();
    window.history.replaceState(null, '', '/account/login?redirect=%2Fsale');
    script(
      () => fail('Account.Unauthorized', 'login', null, 401),
      () => fail('Account.Unauthorized', 'login', null, 401),
    );
    const onLoginPage = await api.get('/x').catch((e: unknown) => e);
    expect(onLoginPage).toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
    expect(getFeedbackState().toast).toBeNull();
    // Nothing was shown: the sign-in page shows the error itself.
    expect(isHandledByPipeline(onLoginPage)).toBe(false);
  });

  it('uses window.location.assign when no navigate is configured', async () => {
    resetApiClient();
    configureApiClient({ fetch: fetchMock as unknown as typeof fetch });
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } });
    try {
      script(
        () => fail('Account.Unauthorized', 'login', null, 401),
        () => fail('Account.Unauthorized', 'login', null, 401),
      );
      await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
      expect(assign).toHaveBeenCalledWith('/account/login?redirect=%2F');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('shares one refresh between concurrent unauthorized calls', async () => {
    let refreshes = 0;
    let authorized = false;
    route('/api/account/refresh-token', async () => {
      refreshes += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      authorized = true;
      return ok(null);
    });
    route('/api/me', () => (authorized ? ok('me') : fail('Account.Unauthorized', 'login', null, 401)));
    await expect(Promise.all([api.get('/me'), api.get('/me')])).resolves.toEqual(['me', 'me']);
    expect(refreshes).toBe(1);
  });
});
