import type { Message, Page } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MessageBell } from '../../../components/message-bell.tsx';
import { http, ok, queryOf, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { MessageListPage } from './message-list-page.tsx';

function message(patch: Partial<Message>): Message {
  return {
    messageId: 'M1',
    kind: 'recharge_succeeded',
    title: 'Top-up succeeded',
    body: 'Your top-up of $20.00 has been credited to your available balance.',
    link: null,
    read: false,
    createdAt: '2026-01-10T12:00:00.000Z',
    ...patch,
  };
}

let unread = 2;
let items: Message[] = [];

const page = (list: Message[]): Page<Message> => ({ items: list, total: list.length, page: 1, pageSize: 10 });

/** The message centre's server: the messages above, marked read by POST /messages/read. */
function serveMessages() {
  server.use(
    http.get('/api/messages/unread-count', () => ok({ unread })),
    http.get('/api/messages', ({ request }) => {
      const onlyUnread = new URL(request.url).searchParams.get('unread') === 'true';
      return ok(page(onlyUnread ? items.filter((m) => !m.read) : items));
    }),
    http.post('/api/messages/read', async ({ request }) => {
      const input = (await request.json()) as { messageIds?: string[]; all?: true };
      items = items.map((m) => (input.all || input.messageIds?.includes(m.messageId) ? { ...m, read: true } : m));
      unread = items.filter((m) => !m.read).length;
      return ok({ unread });
    }),
  );
}

function renderAt(path = '/console/message/list') {
  return renderWithProviders(
    <>
      <MessageBell />
      <MessageListPage />
    </>,
    { path, route: '/console/message/list', routes: [{ path: '/console/order/list', element: <p>orders page</p> }] },
  );
}

/** The list entries (buttons, or links for messages that lead somewhere). */
function entries(): HTMLElement[] {
  const list = within(screen.getByRole('list', { name: 'Messages' }));
  return [...list.queryAllByRole('button'), ...list.queryAllByRole('link')];
}

async function readBodies(): Promise<unknown[]> {
  return Promise.all(requestsTo('POST', '/api/messages/read').map((request) => request.json()));
}

describe('<MessageListPage> and the bell', () => {
  beforeEach(() => {
    unread = 2;
    items = [
      message({}),
      message({
        messageId: 'M2',
        kind: 'order_paid',
        title: 'Order paid',
        body: 'You paid $106.00 for alpha.com.',
        link: '/console/order/list?orderId=O1',
      }),
      message({ messageId: 'M3', kind: 'payee_approved', title: 'Payee approved', read: true }),
    ];
    serveMessages();
  });

  it('lists messages with an unread mark, and the bell shows the unread count', async () => {
    renderAt();
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(screen.getByRole('button', { name: /^Unread: Top-up succeeded/ })).toBeDefined();
    expect(screen.getByRole('button', { name: /^Payee approved/ })).toBeDefined();
    await screen.findByRole('link', { name: 'Messages, 2 unread' });
    expect(screen.getByText('Unread (2)')).toBeDefined();
  });

  it('opening a message marks it read, and the bell follows', async () => {
    const { user } = renderAt();
    await waitFor(() => expect(entries()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: /^Unread: Top-up succeeded/ }));
    const opened = await screen.findByRole('button', { name: /^Top-up succeeded/ });
    expect(await readBodies()).toEqual([{ messageIds: ['M1'] }]);
    expect(opened.textContent).toContain('has been credited to your available balance.');
    await screen.findByRole('link', { name: 'Messages, 1 unread' });
  });

  it('a message with a link leads there', async () => {
    const { user, router } = renderAt();
    await waitFor(() => expect(entries()).toHaveLength(3));
    await user.click(screen.getByRole('link', { name: /^Unread: Order paid/ }));
    await screen.findByText('orders page');
    expect(await readBodies()).toEqual([{ messageIds: ['M2'] }]);
    expect(router.state.location.search).toBe('?orderId=O1');
  });

  it("'Mark all as read' clears every unread mark and the bell", async () => {
    const { user } = renderAt('/console/message/list?view=unread');
    await waitFor(() => expect(entries()).toHaveLength(2));
    expect(requestsTo('GET', '/api/messages').map(queryOf)).toEqual([{ unread: 'true', page: '1', pageSize: '10' }]);
    const markAll = screen.getByRole('button', { name: 'Mark all as read' });
    await user.click(markAll);
    await screen.findByRole('link', { name: 'Messages' });
    expect(await readBodies()).toEqual([{ all: true }]);
    await waitFor(() => expect(entries().filter((entry) => /^Unread:/.test(entry.textContent ?? ''))).toHaveLength(0));
    expect(markAll).toHaveProperty('disabled', true);
  });

  it('shows the empty state of the unread view', async () => {
    items = items.map((m) => ({ ...m, read: true }));
    unread = 0;
    renderAt('/console/message/list?view=unread');
    await screen.findByText('All caught up');
  });
});
