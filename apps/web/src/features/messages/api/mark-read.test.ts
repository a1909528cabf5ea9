import type { Message, Page } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { markReadInPage } from './mark-read.ts';

function message(id: string, read: boolean): Message {
  return {
    messageId: id,
    kind: 'order_paid',
    title: `Title ${id}`,
    body: 'Body',
    link: null,
    read,
    createdAt: '2026-01-10T12:00:00.000Z',
  };
}

const page: Page<Message> = {
  items: [message('M1', false), message('M2', false), message('M3', true)],
  total: 3,
  page: 1,
  pageSize: 10,
};

describe('markReadInPage', () => {
  it('marks the named messages read and leaves the others', () => {
    const next = markReadInPage(page, { messageIds: ['M2'] });
    expect(next?.items.map((m) => m.read)).toEqual([false, true, true]);
    expect(page.items[1]?.read).toBe(false);
  });

  it('marks everything read for { all: true }', () => {
    expect(markReadInPage(page, { all: true })?.items.every((m) => m.read)).toBe(true);
  });

  it('keeps the same page object when nothing changes', () => {
    expect(markReadInPage(page, { messageIds: ['M3'] })).toBe(page);
    expect(markReadInPage(undefined, { all: true })).toBeUndefined();
  });
});
