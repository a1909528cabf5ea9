import { describe, expect, it } from 'vitest';
import {
  addBatchError,
  addBatchResult,
  batchRenewalTotal,
  canChangeLock,
  chunk,
  errorReasonText,
  LIVE_REFRESH_MS,
  liveRefreshInterval,
  orderAmounts,
  renewalTotal,
} from './operations.ts';

describe('domain operations', () => {
  it('cuts names into chunks of at most the size', () => {
    const names = Array.from({ length: 120 }, (_, i) => `d${i}.com`);
    expect(chunk(names, 50).map((run) => run.length)).toEqual([50, 50, 20]);
    expect(chunk([], 50)).toEqual([]);
  });

  it('refreshes only while a result is awaited on the page', () => {
    const quiet = { pendingOperation: null, lockStatus: 'closed' } as const;
    expect(liveRefreshInterval([quiet])).toBe(false);
    expect(liveRefreshInterval(undefined)).toBe(false);
    expect(liveRefreshInterval([quiet, { pendingOperation: null, lockStatus: 'opening' }])).toBe(LIVE_REFRESH_MS);
    expect(liveRefreshInterval([{ pendingOperation: 'renew', lockStatus: 'open' }])).toBe(LIVE_REFRESH_MS);
  });

  it('blocks lock changes in renewal and redemption periods and while one is under way', () => {
    expect(canChangeLock({ status: 'normal', lockStatus: 'closed', pendingOperation: null })).toBe(true);
    expect(canChangeLock({ status: 'in_redemption', lockStatus: 'closed', pendingOperation: null })).toBe(false);
    expect(canChangeLock({ status: 'renewing', lockStatus: 'open', pendingOperation: null })).toBe(false);
    expect(canChangeLock({ status: 'normal', lockStatus: 'closing', pendingOperation: null })).toBe(false);
  });

  it('prices a renewal per year times the years, with the order’s tax on top', () => {
    expect(renewalTotal(1_099, 3)).toBe(3_297);
    expect(orderAmounts(3_297, 600)).toEqual({ exTaxCents: 3_297, taxCents: 198, totalCents: 3_495 });
    // One order per domain, each rounded on its own.
    expect(batchRenewalTotal([{ renewalPriceCents: 1_099 }, { renewalPriceCents: 4_999 }], 2, 600)).toEqual({
      exTaxCents: 12_196,
      taxCents: 132 + 600,
      totalCents: 12_196 + 732,
    });
    // At the rate in force: 8.25% of $32.97 is $2.72.
    expect(orderAmounts(3_297, 825)).toEqual({ exTaxCents: 3_297, taxCents: 272, totalCents: 3_569 });
  });

  it('collects a report across chunks with localized reasons', () => {
    let report = { succeeded: [] as string[], failed: [] as { name: string; message: string }[] };
    report = addBatchResult(
      report,
      { succeeded: ['a.com'], failed: [{ name: 'b.com', code: 'listed', message: 'x' }] },
      'en-US',
    );
    report = addBatchError(report, ['c.com'], 'Network error');
    expect(report).toEqual({
      succeeded: ['a.com'],
      failed: [
        { name: 'b.com', message: 'The domain is listed for sale; delist it first' },
        { name: 'c.com', message: 'Network error' },
      ],
    });
  });

  it('reads the reason of an error in the reader’s language', () => {
    expect(errorReasonText({ reason: 'redemption_period' }, 'zh-CN')).toBe('域名处于赎回期');
    expect(errorReasonText({ reason: 'wait_period', days: 60 }, 'en-US')).toContain('within 60 days');
    expect(errorReasonText(null, 'en-US')).toBeNull();
  });
});
