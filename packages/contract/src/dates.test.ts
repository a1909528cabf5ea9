import { describe, expect, it } from 'vitest';
import { AdminLotSchema, AuctionFilterSchema } from './auctions.ts';
import { csvTime } from './auctions-csv.ts';
import { IsoDateOrTimeSchema, IsoDateSchema, IsoDateTimeSchema, isIsoDate } from './dates.ts';
import { TransactionsQuerySchema } from './funds.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('calendar dates', () => {
  it.each(['2026-01-05', '2024-02-29', '2000-02-29', '2026-12-31', '2026-04-30'])('accepts %s', (value) => {
    expect(IsoDateSchema.safeParse(value).success).toBe(true);
    expect(IsoDateOrTimeSchema.safeParse(value).success).toBe(true);
    expect(isIsoDate(value)).toBe(true);
  });

  it.each([
    '2026-13-45',
    '2026-02-30',
    '2026-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-00-10',
    '2026-01-00',
    '0000-01-01',
    '9999-12-31',
    '2026-1-5',
    '20260105',
    '',
  ])('refuses %s as dateInvalid', (value) => {
    const result = IsoDateSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(messages(result)).toContain('dateInvalid');
    expect(IsoDateOrTimeSchema.safeParse(value).success).toBe(false);
    expect(isIsoDate(value)).toBe(false);
  });

  it('reads times with and without offsets, and refuses impossible ones', () => {
    for (const ok of ['2026-01-05T10:00', '2026-01-05T10:00:59.123', '2026-01-05T23:59Z', '2026-01-05T10:00+08:00']) {
      expect(IsoDateOrTimeSchema.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      '2026-02-30T10:00',
      '2026-01-05T24:00',
      '2026-01-05T10:60',
      '2026-01-05T10:00+25:00',
      '2026-01-05 10:00',
    ]) {
      expect(messages(IsoDateOrTimeSchema.safeParse(bad)), bad).toContain('dateInvalid');
    }
    expect(IsoDateTimeSchema.safeParse('2026-01-05T10:00:00+08:00').success).toBe(true);
    expect(IsoDateTimeSchema.safeParse('2026-01-05T10:00:00').success).toBe(false);
    expect(IsoDateTimeSchema.safeParse('2026-02-29T10:00:00Z').success).toBe(false);
  });

  it('is the date check of every date field of the contract', () => {
    for (const field of ['regTimeEnd', 'expirationTimeEnd', 'saleEndTimeStart', 'saleEndTimeEnd']) {
      for (const bad of ['2026-13-45', '2026-02-30']) {
        const result = AuctionFilterSchema.safeParse({ [field]: bad });
        expect(result.success, `${field}=${bad}`).toBe(false);
        expect(result.error?.issues[0]?.path).toEqual([field]);
        expect(result.error?.issues[0]?.message).toBe('dateInvalid');
      }
    }
    for (const field of ['from', 'to']) {
      expect(messages(TransactionsQuerySchema.safeParse({ [field]: '2026-02-30' }))).toContain('dateInvalid');
      expect(messages(TransactionsQuerySchema.safeParse({ [field]: '2026-13-45' }))).toContain('dateInvalid');
    }
    const lot = {
      domain: 'example.com',
      type: 'expired',
      registrar: 'R',
      partner: 'P',
      startPriceCents: 1000,
      startsAt: '2026-02-26T00:00:00+08:00',
      endsAt: '2026-03-02T00:00:00+08:00',
    };
    expect(AdminLotSchema.safeParse(lot).success).toBe(true);
    for (const field of ['startsAt', 'endsAt', 'registeredAt', 'expiresAt', 'redeemableUntil']) {
      const result = AdminLotSchema.safeParse({ ...lot, [field]: '2026-02-30T00:00:00+08:00' });
      expect(result.success, field).toBe(false);
      expect(result.error?.issues.some((i) => i.path[0] === field && i.message === 'dateInvalid')).toBe(true);
    }
  });

  it('does not roll a CSV time over into the next month', () => {
    expect(csvTime('2026-03-01 10:00')).toBe('2026-03-01T02:00:00.000Z');
    expect(csvTime('2026-02-30 10:00')).toBeUndefined();
    expect(csvTime('2026-13-45')).toBeUndefined();
  });
});
