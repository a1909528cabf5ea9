import { describe, expect, it } from 'vitest';
import { dayKey, formatChatDay, formatChatTime, waitingParts } from './chat-format.ts';

describe('chat times', () => {
  it('writes the hour and minute in the given zone, 24-hour', () => {
    expect(formatChatTime('2026-11-27T10:05:00.000Z', 'en-US', 'Asia/Shanghai')).toBe('18:05');
    expect(formatChatTime('2026-11-27T10:05:00.000Z', 'zh-CN', 'UTC')).toBe('10:05');
    expect(formatChatTime('not a date')).toBe('--:--');
  });

  it('starts a new day line where the day changes in that zone', () => {
    expect(dayKey('2026-11-27T16:30:00.000Z', 'UTC')).toBe('2026-11-27');
    expect(dayKey('2026-11-27T16:30:00.000Z', 'Asia/Shanghai')).toBe('2026-11-28');
    expect(formatChatDay('2026-11-27T02:00:00.000Z', 'en-US', 'UTC')).toBe('Fri, November 27, 2026');
  });

  it('shows waiting times in seconds, minutes, then hours and minutes', () => {
    expect(waitingParts(45)).toMatchObject({ unit: 's', s: 45 });
    expect(waitingParts(420)).toMatchObject({ unit: 'min', min: 7 });
    expect(waitingParts(2 * 3600 + 5 * 60 + 9)).toMatchObject({ unit: 'h', h: 2, min: 5 });
    expect(waitingParts(-3)).toMatchObject({ unit: 's', s: 0 });
  });
});
