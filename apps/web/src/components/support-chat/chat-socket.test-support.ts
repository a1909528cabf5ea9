import type { ChatClientFrame, ChatConversation, ChatMessage, ChatServerFrame } from '@namebourse/contract';
import type { WebSocketLike } from './chat-socket.ts';

/**
 * A WebSocket stand-in for chat tests: records what the client sends, and lets the test open it, push server
 * frames and drop it with a close code.
 */
export class FakeSocket implements WebSocketLike {
  static instances: FakeSocket[] = [];
  readyState = 0;
  onopen: WebSocketLike['onopen'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onerror: WebSocketLike['onerror'] = null;
  readonly sent: ChatClientFrame[] = [];

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  static reset(): void {
    FakeSocket.instances = [];
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('socket not open');
    this.sent.push(JSON.parse(data) as ChatClientFrame);
  }

  close(code = 1000): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }

  /** The server accepted the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  /** A frame from the server. */
  push(frame: ChatServerFrame): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  /** The connection dropped (a network failure: 1006 by default). */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }

  framesOf<T extends ChatClientFrame['type']>(type: T): Extract<ChatClientFrame, { type: T }>[] {
    return this.sent.filter((frame): frame is Extract<ChatClientFrame, { type: T }> => frame.type === type);
  }
}

export function chatConversation(patch: Partial<ChatConversation> = {}): ChatConversation {
  return {
    conversationId: '7',
    status: 'open',
    offline: false,
    withinSupportHours: true,
    displayName: 'Alice',
    visitor: false,
    agentName: 'Lily',
    locale: 'en-US',
    userReadId: null,
    agentReadId: null,
    createdAt: '2026-11-27T02:00:00.000Z',
    lastMessageAt: '2026-11-27T02:00:00.000Z',
    claimedAt: '2026-11-27T02:01:00.000Z',
    closedAt: null,
    closeNote: null,
    ...patch,
  };
}

export function chatMessage(messageId: string, patch: Partial<ChatMessage> = {}): ChatMessage {
  return {
    messageId,
    conversationId: '7',
    author: 'agent',
    authorName: 'Lily',
    body: `message ${messageId}`,
    attachment: null,
    clientId: null,
    createdAt: '2026-11-27T02:05:00.000Z',
    ...patch,
  };
}
