import { describe, expect, it } from 'vitest';
import { endDateChips, selectedEndDate } from './end-dates.ts';

describe('end-date selector', () => {
  it('lists today and the next 5 days in UTC+8, each one whole day', () => {
    // 2025-03-06 17:30 UTC is already 2025-03-07 01:30 in UTC+8.
    const chips = endDateChips(Date.parse('2025-03-06T17:30:00Z'));
    expect(chips.map((chip) => chip.date)).toEqual([
      '2025-03-07',
      '2025-03-08',
      '2025-03-09',
      '2025-03-10',
      '2025-03-11',
      '2025-03-12',
    ]);
    const [today] = chips;
    expect(today?.start).toBe('2025-03-07T00:00:00+08:00');
    expect(today?.end).toBe('2025-03-08T00:00:00+08:00');
    expect(Date.parse(today?.start ?? '')).toBe(Date.parse('2025-03-06T16:00:00Z'));
    for (const chip of chips) expect(Date.parse(chip.end) - Date.parse(chip.start)).toBe(86_400_000);
  });

  it('crosses month ends and stays on the UTC+8 day just before midnight there', () => {
    const chips = endDateChips(Date.parse('2025-02-28T15:59:59Z'));
    expect(chips[0]?.date).toBe('2025-02-28');
    expect(chips[1]?.date).toBe('2025-03-01');
  });

  it('finds the selected chip from the address, whatever way the instants are written', () => {
    const chips = endDateChips(Date.parse('2025-03-06T08:00:00Z'));
    expect(selectedEndDate(chips, '2025-03-07T16:00:00Z', '2025-03-08T16:00:00.000Z')?.date).toBe('2025-03-08');
    expect(selectedEndDate(chips, '', '')).toBeNull();
    expect(selectedEndDate(chips, '2025-03-07T16:00:00Z', '2025-03-09T16:00:00Z')).toBeNull();
  });
});
