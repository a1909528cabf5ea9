import { MESSAGE_KINDS } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { categoryOf, internalLink, KIND_CATEGORY, MESSAGE_CATEGORIES } from './message-kinds.ts';

describe('message categories', () => {
  it('give every contract kind a category, and use every category', () => {
    expect(Object.keys(KIND_CATEGORY).sort()).toEqual([...MESSAGE_KINDS].sort());
    expect(new Set(Object.values(KIND_CATEGORY))).toEqual(new Set(MESSAGE_CATEGORIES));
  });

  it('sort kinds by their area', () => {
    expect(categoryOf('recharge_failed')).toBe('funds');
    expect(categoryOf('payee_needs_supplement')).toBe('payee');
    expect(categoryOf('settlement_failed')).toBe('settlement');
    expect(categoryOf('order_payment_due')).toBe('order');
    expect(categoryOf('auction_outbid')).toBe('auction');
    expect(categoryOf('some_future_kind')).toBe('funds');
  });
});

describe('internalLink', () => {
  it('follows paths of this site with their query', () => {
    expect(internalLink('/console/order/list')).toBe('/console/order/list');
    expect(internalLink('/console/order/list?orderId=O12#top')).toBe('/console/order/list?orderId=O12#top');
    expect(internalLink('  /console/fund/settlements ')).toBe('/console/fund/settlements');
  });

  it('never leads to another site or a script', () => {
    for (const link of [
      null,
      undefined,
      '',
      'console/order/list',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
    ]) {
      expect(internalLink(link), String(link)).toBeNull();
    }
  });
});
