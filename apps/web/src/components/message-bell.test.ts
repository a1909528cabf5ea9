import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../lib/api-client.ts';
import { getFeedbackState, resetFeedbackStore } from '../lib/feedback-store.ts';
import i18n from '../lib/i18n.ts';
import { fail, http, ok, requestsTo, server } from '../lib/testing/server.ts';
import { getUnreadCount, UNREAD_COUNT_PATH } from './message-bell.tsx';

const UNREAD = `/api${UNREAD_COUNT_PATH}`;

describe('getUnreadCount (the top-bar bell)', () => {
  const navigate = vi.fn();

  beforeEach(() => {
    void i18n.changeLanguage('en-US');
    navigate.mockReset();
    resetFeedbackStore();
    localStorage.clear();
    configureApiClient({ navigate });
    // The session has ended for good: a refresh is refused too.
    server.use(http.post('/api/account/refresh-token', () => fail('Account.Unauthorized')));
  });

  it('reads the count from the envelope, never below zero', async () => {
    server.use(http.get(UNREAD, () => ok({ unread: 7 })));
    expect(await getUnreadCount()).toBe(7);
    server.use(http.get(UNREAD, () => ok({ unread: -3 })));
    expect(await getUnreadCount()).toBe(0);
  });

  it('stays quiet when the session has ended: no toast and no trip to the sign-in page', async () => {
    server.use(http.get(UNREAD, () => fail('Account.Unauthorized')));
    await expect(getUnreadCount()).rejects.toMatchObject({ code: 'Account.Unauthorized' });
    // The pipeline still tried one token refresh first.
    expect(requestsTo('POST', '/api/account/refresh-token')).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
    expect(getFeedbackState().toast).toBeNull();
  });

  it('does not toast other failures either (it asks again later)', async () => {
    server.use(http.get(UNREAD, () => fail('Request.Unexpected')));
    await expect(getUnreadCount()).rejects.toMatchObject({ code: 'Request.Unexpected' });
    expect(getFeedbackState().toast).toBeNull();
  });
});
