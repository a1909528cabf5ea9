import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../lib/api-client';
import { getFeedbackState, resetFeedbackStore } from '../lib/feedback-store';
import '../lib/i18n';
import { getUnreadCount, UNREAD_COUNT_PATH } from './message-bell';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('getUnreadCount (the top-bar bell)', () => {
  const navigate = vi.fn();
  const calls: string[] = [];

  function answer(unread: () => Response) {
    configureApiClient({
      navigate,
      fetch: (async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        calls.push(url.pathname);
        if (url.pathname === `/api${UNREAD_COUNT_PATH}`) return unread();
        if (url.pathname === '/api/account/csrf')
          return json({ code: '200', message: 'success', data: { token: 't' } });
        if (url.pathname === '/api/account/refresh-token') {
          return json({ code: 'Account.Unauthorized', message: 'This action requires login', data: null }, 401);
        }
        throw new Error(`unexpected ${url.pathname}`);
      }) as typeof fetch,
    });
  }

  beforeEach(async () => {
    await i18next.changeLanguage('en-US');
    calls.length = 0;
    navigate.mockReset();
    resetFeedbackStore();
    localStorage.clear();
  });

  afterEach(() => resetApiClient());

  it('reads the count from the envelope, never below zero', async () => {
    answer(() => json({ code: '200', message: 'success', data: { unread: 7 } }));
    expect(await getUnreadCount()).toBe(7);
    answer(() => json({ code: '200', message: 'success', data: { unread: -3 } }));
    expect(await getUnreadCount()).toBe(0);
  });

  it('stays quiet when the session has ended: no toast and no trip to the sign-in page', async () => {
    answer(() => json({ code: 'Account.Unauthorized', message: 'This action requires login', data: null }, 401));
    await expect(getUnreadCount()).rejects.toMatchObject({ code: 'Account.Unauthorized' });
    // The pipeline still tried one token refresh first.
    expect(calls).toContain('/api/account/refresh-token');
    expect(navigate).not.toHaveBeenCalled();
    expect(getFeedbackState().toast).toBeNull();
  });

  it('does not toast other failures either (it asks again later)', async () => {
    answer(() => json({ code: 'Request.Unexpected', message: 'An unexpected error has occurred', data: null }, 500));
    await expect(getUnreadCount()).rejects.toMatchObject({ code: 'Request.Unexpected' });
    expect(getFeedbackState().toast).toBeNull();
  });
});
