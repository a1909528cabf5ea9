import type { UnsubscribeInfo } from '@namebourse/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, http, ok, queryOf, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { UnsubscribePage } from './unsubscribe-page.tsx';

const API = '/api/notifications/unsubscribe';
const INFO: UnsubscribeInfo = { category: 'outbid', email: 'n***@example.com', subscribed: true };
const PAGE = '/notifications/unsubscribe?token=1.outbid.signature';

describe('unsubscribe page (no sign-in)', { timeout: 20_000 }, () => {
  it('says what will be switched off and to which address, and switches it off with one click', async () => {
    server.use(
      http.get(API, () => ok(INFO)),
      http.post(API, () => ok({ ...INFO, subscribed: false })),
    );
    const { user } = renderWithProviders(<UnsubscribePage />, { path: PAGE });
    expect(await screen.findByRole('heading', { name: 'Stop e-mails about “Outbid”?' })).toBeDefined();
    expect(screen.getByText('We will stop e-mailing n***@example.com about:')).toBeDefined();
    expect(screen.getByText('Someone bid higher than you in an auction')).toBeDefined();
    // Opening the link changed nothing: only the button does.
    expect(requestsTo('POST', API)).toHaveLength(0);
    expect(queryOf(requestsTo('GET', API)[0] as Request)).toEqual({ token: '1.outbid.signature' });

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed from “Outbid” e-mails' })).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe('n***@example.com no longer receives e-mails about “Outbid”.');
    const posts = requestsTo('POST', API);
    expect(posts).toHaveLength(1);
    expect(await posts[0]?.json()).toEqual({ token: '1.outbid.signature' });
    expect(screen.getByRole('link', { name: 'Manage all e-mail settings' }).getAttribute('href')).toBe(
      '/console/user/info',
    );
  });

  it('says so when the category is already off', async () => {
    server.use(http.get(API, () => ok({ ...INFO, category: 'selling', subscribed: false })));
    renderWithProviders(<UnsubscribePage />, { path: PAGE });
    expect(
      await screen.findByRole('heading', { name: 'E-mails about “Selling and settlements” are already off' }),
    ).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('shows the server’s message for a forged or altered link, and offers the settings instead', async () => {
    server.use(http.get(API, () => fail('Notification.UnsubscribeLinkInvalid')));
    renderWithProviders(<UnsubscribePage />, { path: PAGE });
    expect(await screen.findByText(/This unsubscribe link is not valid/)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Manage all e-mail settings' })).toBeDefined();
    // Asking again would give the same answer.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers to try again when the server could not answer', async () => {
    let calls = 0;
    server.use(
      http.get(API, () => {
        calls += 1;
        return calls === 1 ? fail('Request.Unavailable') : ok(INFO);
      }),
    );
    const { user } = renderWithProviders(<UnsubscribePage />, { path: PAGE });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Stop e-mails about “Outbid”?' })).toBeDefined();
  });

  it('a link without its token asks nothing of the server', () => {
    renderWithProviders(<UnsubscribePage />, { path: '/notifications/unsubscribe' });
    expect(screen.getByRole('alert').textContent).toContain('This link is incomplete');
    expect(requestsTo('GET', API)).toHaveLength(0);
  });

  it('speaks Chinese', async () => {
    server.use(http.get(API, () => ok(INFO)));
    renderWithProviders(<UnsubscribePage />, { path: PAGE, locale: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: '不再接收“出价被超过”邮件？' })).toBeDefined();
    expect(screen.getByRole('button', { name: '退订' })).toBeDefined();
  });
});
