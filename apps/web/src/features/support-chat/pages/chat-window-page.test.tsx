import { type ChatStartResult, USER_STORAGE_KEYS } from '@namebourse/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  chatConversation,
  chatMessage,
  FakeSocket,
} from '../../../components/support-chat/chat-socket.test-support.ts';
import { fail, fillIn, http, ok, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { VISITOR_SESSION_KEY } from '../lib/visitor-session.ts';
import { ChatWindowPage } from './chat-window-page.tsx';

const START = '/api/support/conversations';
const UPLOAD = '/api/support/conversations/7/attachments';
const CONVERSATION = '/api/support/conversations/7';
const VISITOR_CONVERSATION = '/api/support/visitor/conversation';

function started(patch: Partial<ChatStartResult['conversation']> = {}, visitorToken: string | null = null) {
  return {
    conversation: chatConversation({ status: 'waiting', agentName: null, claimedAt: null, ...patch }),
    visitorToken,
    resumed: false,
  } satisfies ChatStartResult;
}

function signIn() {
  localStorage.setItem(USER_STORAGE_KEYS.accountNo, 'NB100021');
  localStorage.setItem(USER_STORAGE_KEYS.nickname, 'Alice');
}

function renderWindow(path = '/support/chat') {
  return renderWithProviders(<ChatWindowPage createSocket={(url) => new FakeSocket(url)} />, {
    path,
    route: 'support/chat',
  });
}

/** The socket the window opened, once it exists. */
async function socket(count = 1): Promise<FakeSocket> {
  await waitFor(() => expect(FakeSocket.instances).toHaveLength(count));
  return FakeSocket.latest();
}

const bubbles = () => within(screen.getByRole('log', { name: 'Messages' }));

beforeEach(() => {
  FakeSocket.reset();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('<ChatWindowPage>', { timeout: 30_000 }, () => {
  it('asks a visitor for a name and an e-mail first, then joins the conversation with its token', async () => {
    server.use(http.post(START, () => ok(started({ visitor: true, displayName: 'Bob' }, 'visitor-secret'))));
    const { user } = renderWindow();

    const form = await screen.findByRole('form', { name: 'Chat with customer service' });
    await user.click(within(form).getByRole('button', { name: 'Start chatting' }));
    expect(await within(form).findAllByText('This field is required')).toHaveLength(2);
    expect(requestsTo('POST', START)).toHaveLength(0);

    await fillIn(user, within(form).getByRole('textbox', { name: /Your name/ }), 'Bob');
    await fillIn(user, within(form).getByRole('textbox', { name: /Email/ }), 'bob@example.com');
    await user.click(within(form).getByRole('button', { name: 'Start chatting' }));

    const ws = await socket();
    expect(ws.url).toContain('/api/support/chat?conversationId=7&token=visitor-secret');
    expect(await requestsTo('POST', START)[0]?.json()).toEqual({ email: 'bob@example.com', name: 'Bob' });
    expect(JSON.parse(sessionStorage.getItem(VISITOR_SESSION_KEY) ?? '{}')).toMatchObject({
      conversationId: '7',
      token: 'visitor-secret',
    });
    expect(screen.queryByRole('form', { name: 'Chat with customer service' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDefined();
  });

  it('outside the support hours says so and still takes the message', async () => {
    signIn();
    server.use(http.post(START, () => ok(started({ withinSupportHours: false, offline: true }))));
    const { user } = renderWindow('/support/chat?uid=NB100021&name=Alice');

    const notice = await screen.findByTestId('chat-offline-notice');
    expect(notice.textContent).toContain('We are outside support hours.');
    expect(notice.textContent).toContain('Monday to Friday, 9:30–18:30 (UTC+08:00)');
    expect(notice.textContent).toContain('we will reply by email and in your message centre');
    expect(screen.getByTestId('chat-status-line').textContent).toBe(
      'Hi, Alice · Outside support hours: leave us a message',
    );

    const ws = await socket();
    act(() => ws.open());
    // The window opened to write: the message field has the focus, no click needed.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' })));
    await user.keyboard('My transfer is stuck{Enter}');
    expect(ws.framesOf('send')).toEqual([
      expect.objectContaining({ type: 'send', conversationId: '7', body: 'My transfer is stuck' }),
    ]);
  });

  it('shows a message once after a reconnect that resends it', async () => {
    signIn();
    server.use(
      http.post(START, () => ok(started())),
      http.get(CONVERSATION, () => ok(chatConversation())),
    );
    const { user } = renderWindow();
    let ws = await socket();
    act(() => {
      ws.open();
      ws.push({
        type: 'history',
        conversation: chatConversation(),
        messages: [chatMessage('1', { body: 'Hello, how can I help?' })],
        hasMore: false,
        resumed: false,
      });
    });
    expect(await bubbles().findByText('Hello, how can I help?')).toBeDefined();
    expect(screen.getByTestId('chat-status-line').textContent).toContain('Lily is helping you');

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Where is my domain?{Enter}');
    expect(bubbles().getByText('Sending…')).toBeDefined();
    const [sent] = ws.framesOf('send');
    act(() => ws.drop()); // the echo never arrived
    // It says so, and comes back by itself after the backoff delay (under a second for the first attempt).
    expect(await screen.findByText(/Reconnecting in|Connecting…/)).toBeDefined();
    ws = await socket(2);
    act(() => ws.open());
    expect(ws.sent.filter((frame) => frame.type !== 'read')).toEqual([
      { type: 'resume', conversationId: '7', afterId: '1' },
      expect.objectContaining({ type: 'send', clientId: sent?.clientId, body: 'Where is my domain?' }),
    ]);
    const stored = chatMessage('2', {
      author: 'user',
      authorName: 'Alice',
      clientId: sent?.clientId ?? null,
      body: 'Where is my domain?',
    });
    act(() => {
      ws.push({ type: 'history', conversation: chatConversation(), messages: [stored], hasMore: false, resumed: true });
      ws.push({ type: 'message', message: stored });
    });

    await waitFor(() => expect(bubbles().queryByText('Sending…')).toBeNull());
    expect(bubbles().getAllByText('Where is my domain?')).toHaveLength(1);
    expect(screen.getByTestId('chat-connection').textContent).toBe('Connected');
  });

  it("shows the agent typing and 'Read' once the agent has read the user's message", async () => {
    signIn();
    server.use(http.post(START, () => ok(started())));
    renderWindow();
    const ws = await socket();
    act(() => {
      ws.open();
      ws.push({
        type: 'history',
        conversation: chatConversation(),
        messages: [chatMessage('4', { author: 'user', authorName: 'Alice', body: 'Hi' })],
        hasMore: false,
        resumed: false,
      });
    });
    expect(await bubbles().findByText('Sent')).toBeDefined();
    act(() => ws.push({ type: 'typing', conversationId: '7', side: 'agent' }));
    expect(await screen.findByText('Customer service is typing…')).toBeDefined();
    act(() => ws.push({ type: 'read', conversationId: '7', side: 'agent', upToId: '4' }));
    expect(await bubbles().findByText('Read')).toBeDefined();
  });

  it('counts unread answers in the window title while the window is behind another one', async () => {
    signIn();
    server.use(http.post(START, () => ok(started())));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      renderWindow();
      const ws = await socket();
      act(() => {
        ws.open();
        ws.push({ type: 'history', conversation: chatConversation(), messages: [], hasMore: false, resumed: false });
        ws.push({ type: 'message', message: chatMessage('5', { body: 'Are you still there?' }) });
        ws.push({ type: 'message', message: chatMessage('6', { body: 'Hello?' }) });
      });
      await waitFor(() => expect(document.title).toMatch(/^\(2\) Customer service/));
      expect(ws.framesOf('read')).toEqual([]);

      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      expect(ws.framesOf('read')).toEqual([{ type: 'read', conversationId: '7', upToId: '6' }]);
      act(() => ws.push({ type: 'read', conversationId: '7', side: 'user', upToId: '6' }));
      await waitFor(() => expect(document.title).toMatch(/^Customer service/));
    } finally {
      // Back to jsdom's own (the prototype's) visibilityState.
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  it('checks a picked image before uploading it, and sends the uploaded one with the message', async () => {
    signIn();
    server.use(
      http.post(START, () => ok(started())),
      http.post(UPLOAD, () =>
        ok({
          attachmentId: '31',
          conversationId: '7',
          fileName: 'shot.png',
          contentType: 'image/png',
          sizeBytes: 12,
          url: '/api/support/conversations/7/attachments/31',
          createdAt: '2026-11-27T02:06:00.000Z',
        }),
      ),
    );
    const { user } = renderWindow();
    const ws = await socket();
    act(() => ws.open());
    const picker = await screen.findByTestId('chat-file-input');

    const big = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), new Uint8Array(2 * 1024 * 1024)],
      'big.png',
      {
        type: 'image/png',
      },
    );
    await user.upload(picker, big);
    expect((await screen.findByRole('alert')).textContent).toContain('File Size Exceeds Limit');

    const fake = new File(['GIF89a-not-a-png'], 'fake.png', { type: 'image/png' });
    await user.upload(picker, fake);
    expect((await screen.findByRole('alert')).textContent).toContain('Unsupported file format');
    expect(requestsTo('POST', UPLOAD)).toHaveLength(0);

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])], 'shot.png', {
      type: 'image/png',
    });
    await user.upload(picker, png);
    expect(await screen.findByText('shot.png')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(ws.framesOf('send')).toHaveLength(1));
    expect(ws.framesOf('send')[0]).toMatchObject({ attachmentId: '31', body: '' });
    expect(requestsTo('POST', UPLOAD)).toHaveLength(1);
  });

  it("comes back to a visitor's conversation after a reload, and asks again once its token is refused", async () => {
    sessionStorage.setItem(
      VISITOR_SESSION_KEY,
      JSON.stringify({ conversationId: '7', token: 'old-secret', email: 'bob@example.com', name: 'Bob' }),
    );
    server.use(http.get(VISITOR_CONVERSATION, () => fail('Chat.VisitorTokenInvalid')));
    renderWindow();
    const ws = await socket();
    expect(ws.url).toContain('token=old-secret');
    expect(requestsTo('POST', START)).toHaveLength(0);

    act(() => ws.drop()); // a refused upgrade reaches the browser as a dropped connection
    // Before reconnecting, the window asks over HTTP, which says the token is no longer valid.
    const form = await screen.findByRole('form', { name: 'Chat with customer service' });
    expect(within(form).getByText('This chat is no longer available. Start a new one.')).toBeDefined();
    expect(within(form).getByRole('textbox', { name: /Email/ })).toHaveProperty('value', 'bob@example.com');
    expect(sessionStorage.getItem(VISITOR_SESSION_KEY)).toBeNull();
    expect(requestsTo('GET', VISITOR_CONVERSATION).at(0)?.headers.get('x-support-token')).toBe('old-secret');
  });

  it('offers the visitor form when the stored sign-in has expired', async () => {
    signIn();
    server.use(
      http.post(START, () =>
        Response.json(
          { code: 'Account.Unauthorized', message: 'Please log in', data: null, traceId: 't' },
          { status: 401 },
        ),
      ),
      http.post('/api/account/refresh-token', () =>
        Response.json(
          { code: 'Account.Unauthorized', message: 'Please log in', data: null, traceId: 't' },
          { status: 401 },
        ),
      ),
    );
    renderWindow();
    expect(await screen.findByRole('form', { name: 'Chat with customer service' })).toBeDefined();
    expect(screen.getByText('Your sign-in has expired. Log in again, or chat as a visitor.')).toBeDefined();
  });
});
