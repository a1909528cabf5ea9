import { describe, expect, it } from 'vitest';
import {
  centsToDollarsText,
  dollarsToCents,
  EMPTY_MARKET_DRAFT,
  marketDraftFromFilter,
  marketErrorText,
  marketFilterCount,
  marketParamsFromDraft,
  marketSearchFromParams,
} from './market-query.ts';

describe('market query mapping', () => {
  it('reads every filter from the address, prices in dollars become cents', () => {
    const search = marketSearchFromParams(
      new URLSearchParams(
        'q=cloud&mode=offer&minPrice=10&maxPrice=250.5&tld=.COM&minLength=3&maxLength=8&industry=ai&keyword=bot&sort=price_asc&page=3',
      ),
    );
    expect(search.filter).toEqual({
      q: 'cloud',
      mode: 'offer',
      minPrice: 1000,
      maxPrice: 25050,
      tld: 'com',
      minLength: 3,
      maxLength: 8,
      industry: 'ai',
      keyword: 'bot',
    });
    expect(search.errors).toEqual({});
    expect(search.sort).toBe('price_asc');
    expect(search.page).toBe(3);
  });

  it('round-trips: address → draft → address, and filter → draft → filter', () => {
    const address = 'q=shop&minPrice=3&maxPrice=99.99&industry=ecommerce&sort=length_asc&page=2';
    const search = marketSearchFromParams(new URLSearchParams(address));
    expect(marketParamsFromDraft(search.draft, search.sort, search.page).toString()).toBe(address);
    const again = marketSearchFromParams(marketParamsFromDraft(marketDraftFromFilter(search.filter)));
    expect(again.filter).toEqual(search.filter);
  });

  it('leaves defaults and empty fields out of the address', () => {
    expect(marketParamsFromDraft({ ...EMPTY_MARKET_DRAFT, q: '  ' }, 'newest', 1).toString()).toBe('');
    expect(marketSearchFromParams(new URLSearchParams('sort=bogus&page=-2'))).toMatchObject({
      sort: 'newest',
      page: 1,
      filter: {},
    });
  });

  it('reports bad values and keeps them out of the request', () => {
    const search = marketSearchFromParams(
      new URLSearchParams('minPrice=abc&minLength=9&maxLength=4&industry=space&mode=auction&maxPrice=1.234'),
    );
    expect(search.errors).toEqual({
      minPrice: 'amountInvalid',
      maxPrice: 'amountInvalid',
      maxLength: 'rangeInvalid',
      industry: 'choice',
      mode: 'choice',
    });
    expect(search.filter).toEqual({ minLength: 9 });
    expect(marketErrorText(search.errors.maxLength, 'en-US')).toBe('Invalid range: max must be ≥ min');
    expect(marketErrorText('rangeInvalid', 'zh-CN')).toBe('范围无效：最大值必须 ≥ 最小值');
  });

  it('puts a reversed price range under the max price', () => {
    const search = marketSearchFromParams(new URLSearchParams('minPrice=100&maxPrice=50'));
    expect(search.filter).toEqual({ minPrice: 10000 });
    expect(search.errors).toEqual({ maxPrice: 'rangeInvalid' });
  });

  it('converts dollars and cents exactly', () => {
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents('1,000')).toBeNull();
    expect(centsToDollarsText(1999)).toBe('19.99');
    expect(centsToDollarsText(1050)).toBe('10.5');
    expect(centsToDollarsText(300)).toBe('3');
  });

  it('counts the filters besides the search box', () => {
    expect(marketFilterCount({ ...EMPTY_MARKET_DRAFT, q: 'a', tld: 'com', minPrice: '5' })).toBe(2);
  });
});
