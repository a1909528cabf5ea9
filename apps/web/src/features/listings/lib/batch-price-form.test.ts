import { describe, expect, it } from 'vitest';
import { batchPriceBody } from './batch-price-form.ts';

describe('batchPriceBody', () => {
  it('sets a price, a percentage or a signed amount, in cents', () => {
    expect(batchPriceBody('price', '12.5', ['1'], 'en-US').body).toEqual({ listingIds: ['1'], priceCents: 1_250 });
    expect(batchPriceBody('percent', '-15.5', ['1'], 'en-US').body).toEqual({ listingIds: ['1'], percent: -15.5 });
    expect(batchPriceBody('delta', '-20', ['1'], 'en-US').body).toEqual({ listingIds: ['1'], deltaCents: -2_000 });
    expect(batchPriceBody('delta', '+0.05', ['1'], 'en-US').body).toEqual({ listingIds: ['1'], deltaCents: 5 });
  });

  it('refuses what the server would refuse', () => {
    expect(batchPriceBody('price', '2', ['1'], 'en-US').error).toBe('The minimum listing price is $3.00');
    expect(batchPriceBody('percent', '1001', ['1'], 'en-US').error).toBe('Too large (at most 1000)');
    expect(batchPriceBody('delta', '0', ['1'], 'en-US').error).toBeTruthy();
    expect(batchPriceBody('price', '', ['1'], 'zh-CN').error).toBe('此项为必填项');
  });
});
