import { CHAT_CLOSE_CODES } from '@namebourse/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatConversation, chatMessage, FakeSocket } from './chat-socket.test-support.ts';
import { ChatClient, chatSocketUrl, pendingOf, viewOf } from './chat-socket.ts';

const BACKOFF = { baseMs: 1000, maxMs: 8000, random: () => 0.999999 };

function makeClient(
  side: 'user' | 'agent' = 'user',
  onQueueChanged?: () => void,
  beforeReconnect?: () => Promise<number | null>,
) {
  const client = new ChatClient({
    url: 'ws://localhost/api/support/chat',
    side,
    createSocket: (url) => new FakeSocket(url),
    backoff: BACKOFF,
    onQueueChanged,
    beforeReconnect,
  });
  client.start();
  return client;
}

function idsOf(client: ChatClient, conversationId = '7') {
  return viewOf(client.getSnapshot(), conversationId).messages.map((m) => m.messageId);
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('chatSocketUrl', () => {
  it('joins the conversation with a visitor token over wss on https pages', () => {
    expect(chatSocketUrl({ conversationId: '7', token: 'tok' }, { protocol: 'https:', host: 'nb.example' })).toBe(
      'wss://nb.example/api/support/chat?conversationId=7&token=tok',
    );
    expect(chatSocketUrl({}, { protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/support/chat',
    );
  });
});

describe('ChatClient', () => {
  it('shows the history, sends a message and keeps the echo once', () => {
    const client = makeClient();
    const socket = FakeSocket.latest();
    expect(client.getSnapshot().status).toBe('connecting');
    socket.open();
    socket.push({
      type: 'history',
      conversation: chatConversation(),
      messages: [chatMessage('1'), chatMessage('2')],
      hasMore: false,
      resumed: false,
    });
    expect(idsOf(client)).toEqual(['1', '2']);

    const clientId = client.send('7', { body: '  Hello  ' });
    expect(socket.framesOf('send')).toEqual([{ type: 'send', conversationId: '7', clientId, body: 'Hello' }]);
    expect(pendingOf(client.getSnapshot(), '7')).toHaveLength(1);

    const echo = chatMessage('3', { author: 'user', clientId, body: 'Hello' });
    socket.push({ type: 'message', message: echo });
    socket.push({ type: 'message', message: echo });
    expect(idsOf(client)).toEqual(['1', '2', '3']);
    expect(pendingOf(client.getSnapshot(), '7')).toEqual([]);
  });

  it('after a drop, reconnects with backoff, resumes after the last id and resends the unconfirmed message once', () => {
    const client = makeClient();
    let socket = FakeSocket.latest();
    socket.open();
    socket.push({
      type: 'history',
      conversation: chatConversation(),
      messages: [chatMessage('1'), chatMessage('2')],
      hasMore: false,
      resumed: false,
    });
    const clientId = client.send('7', { body: 'Are you there?' });
    socket.drop(); // before the server's echo arrived

    expect(client.getSnapshot().status).toBe('reconnecting');
    expect(pendingOf(client.getSnapshot(), '7')).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);

    socket = FakeSocket.latest();
    socket.open();
    expect(socket.sent).toEqual([
      { type: 'resume', conversationId: '7', afterId: '2' },
      { type: 'send', conversationId: '7', clientId, body: 'Are you there?' },
    ]);

    // The server had stored the first send: the resume brings it, and the resend's echo is the same message.
    const stored = chatMessage('3', { author: 'user', clientId, body: 'Are you there?' });
    socket.push({
      type: 'history',
      conversation: chatConversation(),
      messages: [stored, chatMessage('4')],
      hasMore: false,
      resumed: true,
    });
    socket.push({ type: 'message', message: stored });
    expect(idsOf(client)).toEqual(['1', '2', '3', '4']);
    expect(client.getSnapshot().outbox).toEqual([]);
  });

  it('queues what is typed while offline and sends it when the connection opens', () => {
    const client = makeClient();
    const clientId = client.send('7', { body: 'first words' });
    expect(FakeSocket.latest().sent).toEqual([]);
    FakeSocket.latest().open();
    expect(
      FakeSocket.latest()
        .framesOf('send')
        .map((f) => f.clientId),
    ).toEqual([clientId]);
  });

  it('waits longer after each failed attempt, up to the maximum, and starts again after a success', () => {
    const client = makeClient();
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      FakeSocket.latest().drop();
      const { retryAt } = client.getSnapshot();
      delays.push((retryAt ?? 0) - Date.now());
      vi.advanceTimersByTime(retryAt ? retryAt - Date.now() : 0);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 8000]);
    FakeSocket.latest().open();
    expect(client.getSnapshot().attempt).toBe(0);
    FakeSocket.latest().drop();
    expect((client.getSnapshot().retryAt ?? 0) - Date.now()).toBe(1000);
  });

  it('stops reconnecting when the server refuses the caller (4401)', () => {
    const client = makeClient();
    FakeSocket.latest().close(CHAT_CLOSE_CODES.unauthorized);
    expect(client.getSnapshot()).toMatchObject({ status: 'ended', closeCode: CHAT_CLOSE_CODES.unauthorized });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('asks over HTTP before reconnecting, and ends when the answer says the caller is refused', async () => {
    const answers: (number | null)[] = [null, CHAT_CLOSE_CODES.unauthorized];
    const probe = vi.fn(async () => answers.shift() ?? null);
    const client = makeClient('user', undefined, probe);
    expect(probe).not.toHaveBeenCalled(); // not before the first connect

    FakeSocket.latest().drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(FakeSocket.instances).toHaveLength(2);

    FakeSocket.latest().drop(); // a refused upgrade looks like this in a browser
    await vi.advanceTimersByTimeAsync(2000);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(client.getSnapshot()).toMatchObject({ status: 'ended', closeCode: CHAT_CLOSE_CODES.unauthorized });
  });

  it('reconnects at once when asked, and not after stop()', () => {
    const client = makeClient();
    FakeSocket.latest().drop();
    client.reconnectNow();
    expect(FakeSocket.instances).toHaveLength(2);
    client.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(client.getSnapshot().status).toBe('stopped');
  });

  it('marks a refused message failed, and a retry sends it with the same clientId', () => {
    const client = makeClient();
    const socket = FakeSocket.latest();
    socket.open();
    const clientId = client.send('7', { body: 'spam' });
    socket.push({
      type: 'error',
      code: 'Chat.TooManyMessages',
      message: 'You are sending messages too quickly',
      clientId,
      retryAfterSeconds: 30,
    });
    expect(pendingOf(client.getSnapshot(), '7')[0]).toMatchObject({ state: 'failed' });
    client.retry(clientId);
    expect(socket.framesOf('send').map((f) => f.clientId)).toEqual([clientId, clientId]);
    expect(pendingOf(client.getSnapshot(), '7')[0]).toMatchObject({ state: 'sending', error: null });
  });

  it("shows the other side's typing and reads, not its own", () => {
    const client = makeClient('user');
    const socket = FakeSocket.latest();
    socket.open();
    socket.push({ type: 'status', conversation: chatConversation() });
    socket.push({ type: 'typing', conversationId: '7', side: 'user' });
    expect(viewOf(client.getSnapshot(), '7').peerTypingAt).toBeNull();
    socket.push({ type: 'typing', conversationId: '7', side: 'agent' });
    expect(viewOf(client.getSnapshot(), '7').peerTypingAt).not.toBeNull();
    // The agent's message ends the indicator.
    socket.push({ type: 'message', message: chatMessage('5') });
    expect(viewOf(client.getSnapshot(), '7').peerTypingAt).toBeNull();

    socket.push({ type: 'read', conversationId: '7', side: 'agent', upToId: '5' });
    expect(viewOf(client.getSnapshot(), '7').conversation?.agentReadId).toBe('5');
    socket.push({ type: 'read', conversationId: '7', side: 'agent', upToId: '4' }); // late, older
    expect(viewOf(client.getSnapshot(), '7').conversation?.agentReadId).toBe('5');
  });

  it('throttles typing frames and sends each read receipt once', () => {
    const client = makeClient('user');
    const socket = FakeSocket.latest();
    socket.open();
    socket.push({ type: 'status', conversation: chatConversation() });
    client.typing('7');
    client.typing('7');
    vi.advanceTimersByTime(2000);
    client.typing('7');
    expect(socket.framesOf('typing')).toHaveLength(2);

    client.markRead('7', '5');
    client.markRead('7', '5');
    client.markRead('7', '4');
    client.markRead('7', '6');
    expect(socket.framesOf('read').map((f) => f.upToId)).toEqual(['5', '6']);
  });

  it('tells an agent desk when the queue changed', () => {
    const onQueue = vi.fn();
    makeClient('agent', onQueue);
    FakeSocket.latest().open();
    FakeSocket.latest().push({ type: 'queue' });
    expect(onQueue).toHaveBeenCalledTimes(1);
  });

  it('ignores frames that are not JSON or not in the contract', () => {
    const client = makeClient();
    const socket = FakeSocket.latest();
    socket.open();
    socket.onmessage?.({ data: 'not json' });
    socket.onmessage?.({ data: JSON.stringify({ type: 'message', message: { messageId: 1 } }) });
    expect(client.getSnapshot().conversations).toEqual({});
  });
});
