import type { AdminFeedback, AdminFeedbackDetail } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fillIn,
  http,
  locationOf,
  ok,
  queryOf,
  renderWithProviders,
  requestsTo,
  server,
} from '../../../lib/testing/index.ts';
import { FeedbackPage } from './feedback-page.tsx';

const QUEUE = '/api/admin/feedback';
const ID = 'FB20261126000123';

const OLD: AdminFeedback = {
  id: ID,
  name: '李雷',
  email: 'lilei@example.com',
  category: 'payment',
  content: '充值之后余额没有变化，请帮忙查看。',
  locale: 'zh-CN',
  status: 'open',
  userAccountNo: 'NB100042',
  createdAt: '2026-11-26T00:00:00.000Z',
  updatedAt: null,
  ageSeconds: 30 * 3600,
  overdue: true,
  replyCount: 0,
};
const NEW: AdminFeedback = {
  ...OLD,
  id: 'FB20261127000456',
  name: 'Ann',
  email: 'ann@example.com',
  category: 'other',
  content: 'Where is the fee table?',
  locale: 'en-US',
  userAccountNo: null,
  ageSeconds: 2 * 3600,
  overdue: false,
};

function renderPage(path = '/admin/feedback') {
  return renderWithProviders(<FeedbackPage />, { path, route: 'admin/feedback' });
}

describe('contact-us triage page', { timeout: 30_000 }, () => {
  it('shows the open queue with how long each message has waited, and filters by topic and status', async () => {
    server.use(http.get(QUEUE, () => ok({ items: [OLD, NEW], total: 2, page: 1, pageSize: 20 })));
    const { user, router } = renderPage();
    const old = (await screen.findByRole('button', { name: `Open the message from 李雷 (${ID})` })).closest(
      'li',
    ) as HTMLElement;
    expect(within(old).getByText('Overdue · 30 h')).toBeTruthy();
    expect(screen.getByText('2 messages')).toBeTruthy();
    expect(within(old).getByText('Open')).toBeTruthy();
    const recent = screen.getByRole('button', { name: /Open the message from Ann/ }).closest('li') as HTMLElement;
    expect(within(recent).getByText('waiting 2 h')).toBeTruthy();
    expect(queryOf(requestsTo('GET', QUEUE)[0] as Request)).toMatchObject({ status: 'open', page: '1' });

    await user.click(screen.getByRole('combobox', { name: 'Topic' }));
    await user.click(await screen.findByRole('option', { name: 'Payments and balance' }));
    await waitFor(() => expect(locationOf(router)).toBe('/admin/feedback?category=payment'));
    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(locationOf(router)).toBe('/admin/feedback?status=all&category=payment'));
    await waitFor(() =>
      expect(
        requestsTo('GET', QUEUE).some((r) => queryOf(r).status === 'all' && queryOf(r).category === 'payment'),
      ).toBe(true),
    );
  });

  it('opens a message, e-mails a reply and shows it in the thread', async () => {
    let detail: AdminFeedbackDetail = { ...OLD, replies: [] };
    server.use(
      http.get(QUEUE, () => ok({ items: [OLD], total: 1, page: 1, pageSize: 20 })),
      http.get(`${QUEUE}/${ID}`, () => ok(detail)),
      http.post(`${QUEUE}/${ID}/reply`, async ({ request }) => {
        const { body } = (await request.json()) as { body: string };
        detail = {
          ...detail,
          status: 'replied',
          overdue: false,
          replyCount: 1,
          replies: [{ id: '1', body, operator: 'NB100001', createdAt: '2026-11-27T10:00:00.000Z' }],
        };
        return ok(detail);
      }),
    );
    const { user } = renderPage();
    // One message, counted in the singular.
    expect(await screen.findByText('1 message')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: `Open the message from 李雷 (${ID})` }));
    const thread = await screen.findByTestId('feedback-thread');
    expect(within(thread).getByRole('heading', { name: `Message ${ID}` })).toBeTruthy();
    expect(within(thread).getByText('NB100042')).toBeTruthy();
    expect(within(thread).getByText('充值之后余额没有变化，请帮忙查看。')).toBeTruthy();
    expect(within(thread).getByText('E-mailed to lilei@example.com, introduced in Chinese.')).toBeTruthy();

    await user.click(within(thread).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(
        within(thread)
          .getByRole('textbox', { name: /^Your reply/ })
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(requestsTo('POST', `${QUEUE}/${ID}/reply`)).toHaveLength(0);

    await fillIn(user, within(thread).getByRole('textbox', { name: /^Your reply/ }), '您好，已为您补入余额。');
    await user.click(within(thread).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(requestsTo('POST', `${QUEUE}/${ID}/reply`)).toHaveLength(1));
    const sent = requestsTo('POST', `${QUEUE}/${ID}/reply`)[0] as Request;
    expect(await sent.json()).toEqual({ body: '您好，已为您补入余额。' });
    expect(sent.headers.get('Idempotency-Key')).toBeTruthy();
    const updated = await screen.findByTestId('feedback-thread');
    // The thread shows the reply once the answer has arrived (not at once on a busy machine).
    await waitFor(() =>
      expect(
        within(within(updated).getByRole('list', { name: 'Message and replies' })).getAllByRole('listitem'),
      ).toHaveLength(2),
    );
    const replies = within(within(updated).getByRole('list', { name: 'Message and replies' })).getAllByRole('listitem');
    expect(within(replies[1] as HTMLElement).getByText('Reply by NB100001')).toBeTruthy();
    expect(within(replies[1] as HTMLElement).getByText('您好，已为您补入余额。')).toBeTruthy();
    expect(within(updated).getByText('Replied')).toBeTruthy();
  });

  it('closes a message after asking; a closed one offers no reply', async () => {
    let detail: AdminFeedbackDetail = { ...NEW, replies: [] };
    server.use(
      http.get(QUEUE, () => ok({ items: [NEW], total: 1, page: 1, pageSize: 20 })),
      http.get(`${QUEUE}/${NEW.id}`, () => ok(detail)),
      http.post(`${QUEUE}/${NEW.id}/close`, () => {
        detail = { ...detail, status: 'closed' };
        return ok(detail);
      }),
    );
    const { user } = renderPage(`/admin/feedback?id=${NEW.id}`);
    const thread = await screen.findByTestId('feedback-thread');
    await user.click(within(thread).getByRole('button', { name: 'Close message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this message?' });
    expect(within(dialog).getByText(/It has no reply yet/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close message' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('feedback-thread')).getByText('This message is closed and takes no more replies.'),
      ).toBeTruthy(),
    );
    expect(within(screen.getByTestId('feedback-thread')).queryByRole('textbox')).toBeNull();
    expect(requestsTo('POST', `${QUEUE}/${NEW.id}/close`)).toHaveLength(1);
  });
});
