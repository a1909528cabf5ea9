import { describe, expect, it } from 'vitest';
import { continueUrl, isSameSiteUrl, resultPath } from './urls.ts';

describe('urls', () => {
  it('tells this site from another one', () => {
    expect(isSameSiteUrl('/pay/sandbox/cs_1')).toBe(true);
    expect(isSameSiteUrl('//evil.example/x')).toBe(false);
    expect(isSameSiteUrl('https://checkout.example/s/1')).toBe(false);
  });

  it('offers to continue only an open payment at the provider', () => {
    expect(continueUrl({ status: 'recharging', payUrl: '/pay/sandbox/cs_1' })).toBe('/pay/sandbox/cs_1');
    expect(continueUrl({ status: 'recharging', payUrl: resultPath('R1') })).toBeNull();
    expect(continueUrl({ status: 'success', payUrl: '/pay/sandbox/cs_1' })).toBeNull();
    expect(continueUrl({ status: 'recharging', payUrl: null })).toBeNull();
    expect(resultPath('R 1')).toBe('/console/fund/recharge/result?rechargeId=R%201');
  });
});
