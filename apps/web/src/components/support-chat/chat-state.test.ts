import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  compareIds,
  confirmPending,
  isReadBy,
  isTyping,
  lastIdOf,
  markPending,
  maySendTyping,
  mergeMessages,
  type PendingMessage,
  toResend,
} from './chat-state.ts';

const msg = (messageId: string, clientId: string | null = null, body = `m${messageId}`) => ({
  messageId,
  clientId,
  body,
});

const pending = (clientId: string, state: PendingMessage['state'] = 'sending'): PendingMessage => ({
  clientId,
  conversationId: '1',
  body: clientId,
  attachmentId: null,
  previewUrl: null,
  createdAt: '2026-11-27T02:00:00.000Z',
  state,
  error: null,
});

describe('compareIds', () => {
  it('orders decimal ids as numbers, beyond 2^53 too', () => {
    expect(compareIds('9', '10')).toBeLessThan(0);
    expect(compareIds('10', '9')).toBeGreaterThan(0);
    expect(compareIds('9007199254740993', '9007199254740992')).toBeGreaterThan(0);
    expect(compareIds('42', '42')).toBe(0);
  });
});

describe('mergeMessages', () => {
  it('keeps one copy of a message that arrives as an echo and again in the history after a reconnect', () => {
    const afterEcho = mergeMessages([msg('1'), msg('2')], [msg('3', 'c3')]);
    const afterResume = mergeMessages(afterEcho, [msg('3', 'c3'), msg('4')]);
    expect(afterResume.map((m) => m.messageId)).toEqual(['1', '2', '3', '4']);
  });

  it('sorts by id whatever order the frames arrive in (a resume page, then a late live frame)', () => {
    const merged = mergeMessages([msg('10')], [msg('12'), msg('9'), msg('11')]);
    expect(merged.map((m) => m.messageId)).toEqual(['9', '10', '11', '12']);
  });

  it('answers the same array when nothing is new, so React does not re-render', () => {
    const current = mergeMessages([], [msg('1'), msg('2')]);
    expect(mergeMessages(current, [msg('2')])).toBe(current);
    expect(mergeMessages(current, [])).toBe(current);
  });

  it('replaces a message when the server sends a changed copy', () => {
    const merged = mergeMessages([msg('1', null, 'old')], [msg('1', null, 'new')]);
    expect(merged).toEqual([msg('1', null, 'new')]);
  });

  it('names the last id to resume from', () => {
    expect(lastIdOf([])).toBeNull();
    expect(lastIdOf(mergeMessages([], [msg('7'), msg('3')]))).toBe('7');
  });
});

describe('outbox', () => {
  it('drops a pending message once the server confirms its clientId (twice is harmless)', () => {
    const outbox = [pending('a'), pending('b')];
    const once = confirmPending(outbox, [msg('5', 'a')]);
    expect(once.map((p) => p.clientId)).toEqual(['b']);
    expect(confirmPending(once, [msg('5', 'a')])).toBe(once);
  });

  it('resends everything not refused, oldest first', () => {
    const outbox = markPending([pending('a'), pending('b'), pending('c')], 'b', { state: 'failed', error: 'x' });
    expect(toResend(outbox).map((p) => p.clientId)).toEqual(['a', 'c']);
  });
});

describe('backoffDelay', () => {
  const options = { baseMs: 500, maxMs: 30_000 };

  it('doubles with each attempt, between half and all of base·2^attempt', () => {
    expect(backoffDelay(0, { ...options, random: () => 0 })).toBe(250);
    expect(backoffDelay(0, { ...options, random: () => 0.999999 })).toBe(500);
    expect(backoffDelay(3, { ...options, random: () => 0 })).toBe(2000);
    expect(backoffDelay(3, { ...options, random: () => 0.999999 })).toBe(4000);
  });

  it('never waits longer than the maximum', () => {
    for (const attempt of [6, 10, 50, 1000]) {
      expect(backoffDelay(attempt, { ...options, random: () => 0.999999 })).toBeLessThanOrEqual(30_000);
      expect(backoffDelay(attempt, { ...options, random: () => 0 })).toBe(15_000);
    }
  });
});

describe('typing and read receipts', () => {
  it('sends at most one typing frame per throttle window', () => {
    expect(maySendTyping(null, 1000, 2000)).toBe(true);
    expect(maySendTyping(1000, 2999, 2000)).toBe(false);
    expect(maySendTyping(1000, 3000, 2000)).toBe(true);
  });

  it('fades the indicator after its time to live', () => {
    expect(isTyping(null, 0, 5000)).toBe(false);
    expect(isTyping(1000, 5999, 5000)).toBe(true);
    expect(isTyping(1000, 6000, 5000)).toBe(false);
  });

  it('shows a message as read when the other side has read up to it or beyond', () => {
    expect(isReadBy(null, '3')).toBe(false);
    expect(isReadBy('3', '3')).toBe(true);
    expect(isReadBy('10', '9')).toBe(true);
    expect(isReadBy('9', '10')).toBe(false);
  });
});
