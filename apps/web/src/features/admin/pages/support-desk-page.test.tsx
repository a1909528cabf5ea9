import type { ChatAccountSummary, ChatQueueItem } from '@namebourse/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  chatConversation,
  chatMessage,
  FakeSocket,
} from '../../../components/support-chat/chat-socket.test-support.ts';
import { fail, fillIn, http, ok, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { writeUserInfo } from '../../../lib/user-storage.ts';
import { AdminConsole } from '../components/admin-console.tsx';
import { SupportDeskPage } from './support-desk-page.tsx';

const QUEUE = '/api/admin/support/queue';
const MINE = '/api/admin/support/conversations';
const CLAIM = '/api/admin/support/conversations/9/claim';
const CLOSE = '/api/admin/support/conversations/9/close';
const SUMMARY = '/api/admin/support/conversations/9/summary';

function queued(patch: Partial<ChatQueueItem> = {}): ChatQueueItem {
  return {
    conversationId: '9',
    status: 'waiting',
    offline: false,
    displayName: 'Bob',
    visitor: false,
    accountNo: 'NB100021',
    email: 'bob@example.com',
    locale: 'en-US',
    agentName: null,
    lastMessageExcerpt: 'My transfer is stuck',
    lastMessageAt: '2026-11-27T02:00:00.000Z',
    createdAt: '2026-11-27T02:00:00.000Z',
    waitingSeconds: 420,
    unreadCount: 1,
    ...patch,
  };
}

const SUMMARY_DATA: ChatAccountSummary = {
  conversationId: '9',
  displayName: 'Bob',
  email: 'bob@example.com',
  account: {
    accountNo: 'NB100021',
    nickname: 'Bob',
    email: 'bob@example.com',
    registeredAt: '2026-01-02T00:00:00.000Z',
    balances: { availableCents: 125_000, frozenCents: 5_000, earningsCents: 0 },
    recentOrdersCount: 3,
    previousConversations: 1,
  },
};

/** The server: `queue` until the conversation is claimed, then it is the agent's. */
function serve(claim: () => Response = () => ok(chatConversation({ conversationId: '9', displayName: 'Bob' }))) {
  let claimed = false;
  server.use(
    http.get(QUEUE, () => ok({ items: claimed ? [] : [queued()] })),
    http.get(MINE, () => ok({ items: claimed ? [queued({ status: 'open', agentName: 'Lily' })] : [] })),
    http.post(CLAIM, () => {
      const answer = claim();
      if (answer.ok) claimed = true;
      return answer;
    }),
    http.get(SUMMARY, () => ok(SUMMARY_DATA)),
  );
}

function renderDesk() {
  return renderWithProviders(<SupportDeskPage createSocket={(url) => new FakeSocket(url)} />, {
    path: '/admin/support',
  });
}

/** The agent takes Bob's conversation and the socket brings its history. */
async function takeBob(view: ReturnType<typeof renderDesk>) {
  const take = await screen.findByRole('button', { name: 'Take the conversation with Bob' });
  await view.user.click(take);
  await waitFor(() => expect(requestsTo('POST', CLAIM)).toHaveLength(1));
  const ws = FakeSocket.latest();
  act(() => {
    ws.open();
    ws.push({
      type: 'history',
      conversation: chatConversation({ conversationId: '9', displayName: 'Bob', locale: 'en-US' }),
      messages: [
        chatMessage('1', { conversationId: '9', author: 'user', authorName: 'Bob', body: 'My transfer is stuck' }),
      ],
      hasMore: false,
      resumed: false,
    });
  });
  return ws;
}

beforeEach(() => FakeSocket.reset());

describe('<SupportDeskPage>', { timeout: 30_000 }, () => {
  it('lists waiting conversations with their waiting time, and takes one', async () => {
    serve();
    const view = renderDesk();
    const queue = await screen.findByRole('list', { name: 'Waiting' });
    expect(within(queue).getByText('Bob')).toBeDefined();
    expect(within(queue).getByTestId('support-waiting').textContent).toBe('7 min');
    expect(within(queue).getByText('My transfer is stuck')).toBeDefined();

    await takeBob(view);
    const pane = await screen.findByRole('region', { name: 'Conversation with Bob' });
    expect(within(pane).getByRole('log', { name: 'Messages with Bob' }).textContent).toContain('My transfer is stuck');
    // The agent has read the customer's message.
    await waitFor(() =>
      expect(FakeSocket.latest().framesOf('read')).toEqual([{ type: 'read', conversationId: '9', upToId: '1' }]),
    );
  });

  it('says so when another agent took the conversation first', async () => {
    serve(() => fail('Chat.AlreadyClaimed'));
    const { user } = renderDesk();
    await user.click(await screen.findByRole('button', { name: 'Take the conversation with Bob' }));
    expect(await screen.findByText('Another agent has already taken the conversation with Bob.')).toBeDefined();
  });

  it("inserts a canned reply in the customer's language, and sends it", async () => {
    serve();
    const view = renderDesk();
    const ws = await takeBob(view);
    await view.user.click(await screen.findByRole('button', { name: 'Canned replies' }));
    const menu = await screen.findByRole('menu', { name: 'Canned replies' });
    // The customer's language (English) first, the other one below.
    const headers = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.getAttribute('lang'));
    expect(headers[0]).toBe('en-US');
    expect(headers.at(-1)).toBe('zh-CN');
    // The language headings are named separators: a menu owns no plain list items.
    expect(
      within(menu)
        .getAllByRole('separator')
        .map((sep) => sep.getAttribute('aria-label')),
    ).toEqual(["English · the customer's language", '中文']);
    expect(within(menu).queryAllByRole('listitem')).toEqual([]);
    await view.user.click(within(menu).getAllByRole('menuitem', { name: /Greeting/ })[0] as HTMLElement);

    const field = screen.getByRole('textbox', { name: 'Message' });
    expect(field).toHaveProperty('value', 'Hello, this is NameBourse support. How can I help you today?');
    await view.user.click(screen.getByRole('button', { name: 'Send' }));
    expect(ws.framesOf('send')).toEqual([
      expect.objectContaining({
        conversationId: '9',
        body: 'Hello, this is NameBourse support. How can I help you today?',
      }),
    ]);
  });

  it("shows the customer's account beside the chat", async () => {
    serve();
    const view = renderDesk();
    await takeBob(view);
    await view.user.click(await screen.findByRole('button', { name: 'Customer details' }));
    const summary = await screen.findByTestId('support-summary');
    expect(summary.textContent).toContain('NB100021');
    expect(summary.textContent).toContain('$1,250.00');
    expect(summary.textContent).toContain('Registered user');
  });

  it('shows the queue, the chat and the customer side by side at desktop widths', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    try {
      serve();
      const view = renderDesk();
      await takeBob(view);
      expect(await screen.findByRole('region', { name: 'Conversations' })).toBeDefined();
      expect(screen.getByRole('region', { name: 'Conversation with Bob' })).toBeDefined();
      const customer = screen.getByRole('region', { name: 'Customer' });
      expect((await within(customer).findByTestId('support-summary')).textContent).toContain('NB100021');
      // No phone navigation between panes.
      expect(screen.queryByRole('button', { name: 'Back to the conversations' })).toBeNull();
    } finally {
      window.matchMedia = original;
    }
  });

  it('closes a conversation with a note', async () => {
    serve();
    server.use(http.post(CLOSE, () => ok(chatConversation({ conversationId: '9', status: 'closed' }))));
    const view = renderDesk();
    await takeBob(view);
    await view.user.click(await screen.findByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the conversation' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Close conversation' }));
    expect(await within(dialog).findByText('This field is required')).toBeDefined();
    await fillIn(view.user, within(dialog).getByRole('textbox', { name: /Note/ }), 'Transfer code re-sent');
    await view.user.click(within(dialog).getByRole('button', { name: 'Close conversation' }));
    await waitFor(() => expect(requestsTo('POST', CLOSE)).toHaveLength(1));
    expect(await requestsTo('POST', CLOSE)[0]?.json()).toEqual({ note: 'Transfer code re-sent' });
    expect(await screen.findByText('The conversation is closed.')).toBeDefined();
  });
});

describe('/admin/support by role', { timeout: 30_000 }, () => {
  function serveOperator(role: string) {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    server.use(
      http.get('/api/account/check-login', () => ok({ accountNo: 'NB100001', nickname: 'Ada' })),
      http.get('/api/admin/me', () => ok({ accountNo: 'NB100001', nickname: 'Ada', email: 'ada@example.com', role })),
    );
  }

  function renderConsole() {
    return renderWithProviders(null, {
      path: '/admin/support',
      session: true,
      routes: [
        {
          path: 'admin',
          element: <AdminConsole />,
          children: [{ path: 'support', element: <p>support desk</p> }],
        },
      ],
    });
  }

  it('opens the desk for support staff', async () => {
    serveOperator('support');
    renderConsole();
    expect(await screen.findByText('support desk')).toBeDefined();
  });

  it('is closed to a finance reviewer', async () => {
    serveOperator('finance');
    renderConsole();
    expect(await screen.findByRole('heading', { name: 'Not available for your role' })).toBeDefined();
    expect(screen.queryByText('support desk')).toBeNull();
  });
});
