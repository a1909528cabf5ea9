import { fieldMessage } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTER,
  filterFromParams,
  filterToParams,
  historyFilterSchema,
  isFilterEmpty,
  isIsoDate,
  transactionsQuery,
} from './history-filter.ts';

describe('historyFilterSchema', () => {
  it('accepts any type, balance and an ordered or open date range', () => {
    expect(historyFilterSchema.safeParse(EMPTY_FILTER).success).toBe(true);
    expect(
      historyFilterSchema.safeParse({ type: 'recharge', bucket: 'available', from: '2026-01-01', to: '2026-01-31' })
        .success,
    ).toBe(true);
    expect(historyFilterSchema.safeParse({ ...EMPTY_FILTER, from: '2026-01-05', to: '2026-01-05' }).success).toBe(true);
    expect(historyFilterSchema.safeParse({ ...EMPTY_FILTER, from: '2026-01-05' }).success).toBe(true);
  });

  it("refuses 'to' before 'from' with 'Invalid range: max must be ≥ min' under 'to'", () => {
    const result = historyFilterSchema.safeParse({ ...EMPTY_FILTER, from: '2026-02-01', to: '2026-01-31' });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(['to']);
    expect(issue?.message).toBe('rangeInvalid');
    expect(fieldMessage('rangeInvalid', 'en-US')).toBe('Invalid range: max must be ≥ min');
  });

  it('refuses impossible dates and unknown types', () => {
    expect(historyFilterSchema.safeParse({ ...EMPTY_FILTER, from: '2026-02-30' }).success).toBe(false);
    expect(historyFilterSchema.safeParse({ ...EMPTY_FILTER, type: 'gift' }).success).toBe(false);
    expect(historyFilterSchema.safeParse({ ...EMPTY_FILTER, bucket: 'gateway' }).success).toBe(false);
  });
});

describe('isIsoDate', () => {
  it('knows the calendar', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-1')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });
});

describe('filter in the address', () => {
  it('round-trips and keeps other parameters', () => {
    const filter = { type: 'order_payment', bucket: 'frozen', from: '2026-01-01', to: '2026-03-01' } as const;
    const params = filterToParams(filter, new URLSearchParams('tab=history&page=3'));
    expect(params.get('tab')).toBe('history');
    expect(params.get('page')).toBe('3');
    expect(filterFromParams(params)).toEqual(filter);
    expect(filterToParams(EMPTY_FILTER, params).toString()).toBe('tab=history&page=3');
  });

  it('drops what a hand-edited address gets wrong', () => {
    expect(filterFromParams(new URLSearchParams('type=nope&bucket=escrow&from=2026-02-31&to=yesterday'))).toEqual(
      EMPTY_FILTER,
    );
    expect(filterFromParams(new URLSearchParams('from=2026-03-01&to=2026-01-01'))).toEqual({
      ...EMPTY_FILTER,
      from: '2026-03-01',
    });
  });

  it('builds the API query without empty fields', () => {
    expect(transactionsQuery(EMPTY_FILTER, 1)).toEqual({
      type: undefined,
      bucket: undefined,
      from: undefined,
      to: undefined,
      page: 1,
      pageSize: 20,
    });
    expect(transactionsQuery({ ...EMPTY_FILTER, type: 'recharge', to: '2026-01-31' }, 2, 50)).toMatchObject({
      type: 'recharge',
      to: '2026-01-31',
      page: 2,
      pageSize: 50,
    });
    expect(isFilterEmpty(EMPTY_FILTER)).toBe(true);
    expect(isFilterEmpty({ ...EMPTY_FILTER, bucket: 'earnings' })).toBe(false);
  });
});
