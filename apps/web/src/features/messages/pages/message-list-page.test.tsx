import type { Message, Page } from '@namebourse/contract';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '../../../app/test-render';
import { MessageBell } from '../../../components/message-bell';
import { api } from '../../../lib/api-client';
import i18n from '../../../lib/i18n';
import { MessageListPage } from './message-list-page';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => {
  const original = await importOriginal();
  return { ...original, api: { ...original.api, get: vi.fn(), post: vi.fn() } };
});

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

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

async function click(element: Element | null | undefined) {
  if (!element) throw new Error('nothing to click');
  await act(async () => {
    (element as HTMLElement).click();
  });
}

function itemTitled(title: string): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>('[data-testid="message-item"]')].find((el) =>
    el.querySelector('[data-testid="message-title"]')?.textContent?.includes(title),
  );
  if (!found) throw new Error(`no message '${title}' in ${document.body.textContent}`);
  return found;
}

async function mount(path = '/console/message/list') {
  const router = createMemoryRouter(
    [
      {
        path: '/console/message/list',
        element: (
          <>
            <MessageBell />
            <MessageListPage />
          </>
        ),
      },
      { path: '/console/order/list', element: <p>orders page</p> },
    ],
    { initialEntries: [path] },
  );
  const view = await render(<RouterProvider router={router} />);
  return { router, ...view };
}

describe('<MessageListPage> and the bell', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en-US');
  });

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
    get.mockReset();
    post.mockReset();
    get.mockImplementation(async (path: string, query?: object) => {
      if (path === '/messages/unread-count') return { unread };
      if (path === '/messages') {
        const onlyUnread = (query as { unread?: string }).unread === 'true';
        return page(onlyUnread ? items.filter((m) => !m.read) : items);
      }
      throw new Error(`unexpected GET ${path}`);
    });
    post.mockImplementation(async (path: string, body?: unknown) => {
      if (path !== '/messages/read') throw new Error(`unexpected POST ${path}`);
      const input = body as { messageIds?: string[]; all?: true };
      items = items.map((m) => (input.all || input.messageIds?.includes(m.messageId) ? { ...m, read: true } : m));
      unread = items.filter((m) => !m.read).length;
      return { unread };
    });
  });

  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('lists messages with an unread dot, and the bell shows the unread count', async () => {
    const { container, unmount } = await mount();
    await waitFor(() => expect(container.querySelectorAll('[data-testid="message-item"]')).toHaveLength(3));
    expect(itemTitled('Top-up succeeded').querySelector('[data-testid="message-unread-dot"]')).not.toBeNull();
    expect(itemTitled('Payee approved').querySelector('[data-testid="message-unread-dot"]')).toBeNull();
    await waitFor(() =>
      expect(container.querySelector('[data-testid="message-bell"]')?.getAttribute('aria-label')).toBe(
        'Messages, 2 unread',
      ),
    );
    expect(container.textContent).toContain('Unread (2)');
    unmount();
  });

  it('opening a message marks it read, and the bell follows', async () => {
    const { container, unmount } = await mount();
    await waitFor(() => expect(container.querySelectorAll('[data-testid="message-item"]')).toHaveLength(3));
    await click(itemTitled('Top-up succeeded'));
    expect(post).toHaveBeenCalledWith('/messages/read', { messageIds: ['M1'] });
    await waitFor(() =>
      expect(itemTitled('Top-up succeeded').querySelector('[data-testid="message-unread-dot"]')).toBeNull(),
    );
    expect(itemTitled('Top-up succeeded').textContent).toContain('has been credited to your available balance.');
    await waitFor(() =>
      expect(container.querySelector('[data-testid="message-bell"]')?.getAttribute('aria-label')).toBe(
        'Messages, 1 unread',
      ),
    );
    unmount();
  });

  it('a message with a link leads there', async () => {
    const { container, router, unmount } = await mount();
    await waitFor(() => expect(container.querySelectorAll('[data-testid="message-item"]')).toHaveLength(3));
    await click(itemTitled('Order paid'));
    expect(post).toHaveBeenCalledWith('/messages/read', { messageIds: ['M2'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/order/list'));
    expect(router.state.location.search).toBe('?orderId=O1');
    unmount();
  });

  it("'Mark all as read' clears every dot and the bell", async () => {
    const { container, unmount } = await mount('/console/message/list?view=unread');
    await waitFor(() => expect(container.querySelectorAll('[data-testid="message-item"]')).toHaveLength(2));
    expect(get).toHaveBeenCalledWith('/messages', { unread: 'true', page: 1, pageSize: 10 }, expect.anything());
    const markAll = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Mark all as read');
    await click(markAll);
    expect(post).toHaveBeenCalledWith('/messages/read', { all: true });
    await waitFor(() => expect(container.querySelector('[data-testid="message-unread-dot"]')).toBeNull());
    await waitFor(() =>
      expect(container.querySelector('[data-testid="message-bell"]')?.getAttribute('aria-label')).toBe('Messages'),
    );
    expect(markAll?.hasAttribute('disabled')).toBe(true);
    unmount();
  });

  it('shows the empty state of the unread view', async () => {
    items = items.map((m) => ({ ...m, read: true }));
    unread = 0;
    const { container, unmount } = await mount('/console/message/list?view=unread');
    await waitFor(() =>
      expect(container.querySelector('[data-testid="messages-empty"]')?.textContent).toContain('All caught up'),
    );
    unmount();
  });
});
