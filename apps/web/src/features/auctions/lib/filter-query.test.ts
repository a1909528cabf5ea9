import { describe, expect, it } from 'vitest';
import {
  draftFromFilter,
  EMPTY_DRAFT,
  filterErrorText,
  paramsFromDraft,
  searchFromParams,
  toggleSuffix,
  validateDraft,
} from './filter-query.ts';

describe('filter ⇄ URL query', () => {
  it('reads every filter name, sort and page from the address and writes them back the same', () => {
    const query =
      'keyword=cloud&type=expired&minPrice=10&maxPrice=500&minBaiduWeight=2&minBaiduIndex=5&minSougouIndex=1' +
      '&minBackLinks=3&maxBackLinks=900&suffix=com%2Cnet&includeAsStart=ab&excludeHyphens=true&excludePremiumNames=true' +
      '&regTimeEnd=2020-01-01&expirationTimeEnd=2026-01-01&saleEndTimeStart=2025-03-07T00%3A00%3A00%2B08%3A00' +
      '&saleEndTimeEnd=2025-03-08T00%3A00%3A00%2B08%3A00&sort=price_desc&page=3';
    const search = searchFromParams(new URLSearchParams(query));
    expect(search.errors).toEqual({});
    expect(search.sort).toBe('price_desc');
    expect(search.page).toBe(3);
    expect(search.filter).toMatchObject({
      keyword: 'cloud',
      type: 'expired',
      minPrice: 10,
      maxPrice: 500,
      minBaiduWeight: 2,
      suffix: 'com,net',
      excludeHyphens: true,
      saleEndTimeStart: '2025-03-07T00:00:00+08:00',
    });
    const back = paramsFromDraft(search.draft, search.sort, search.page);
    expect(searchFromParams(back)).toEqual(search);
    expect(new URLSearchParams(query).toString().length).toBe(back.toString().length);
  });

  it('leaves defaults and empty fields out of the address', () => {
    expect(paramsFromDraft({ ...EMPTY_DRAFT, keyword: ' ai ' }).toString()).toBe('keyword=ai');
    expect(paramsFromDraft({ ...EMPTY_DRAFT, excludeHyphens: 'false' }, 'ending', 1).toString()).toBe('');
    const search = searchFromParams(new URLSearchParams('sort=bogus&page=-2&unknown=1'));
    expect(search.sort).toBe('ending');
    expect(search.page).toBe(1);
    expect(search.filter).toEqual({});
  });

  it('reports a bad range under the max field with the contract message and leaves it out of the request', () => {
    const result = validateDraft({
      ...EMPTY_DRAFT,
      minPrice: '500',
      maxPrice: '10',
      minBackLinks: '9',
      maxBackLinks: '1',
    });
    expect(result.errors).toEqual({ maxPrice: 'rangeInvalid', maxBackLinks: 'rangeInvalid' });
    expect(result.filter).toEqual({ minPrice: 500, minBackLinks: 9 });
    expect(filterErrorText(result.errors.maxPrice, 'en-US')).toBe('Invalid range: max must be ≥ min');
    expect(filterErrorText(result.errors.maxPrice, 'zh-CN')).toBe('范围无效：最大值必须 ≥ 最小值');
  });

  it('drops only the bad fields of an address and keeps the rest', () => {
    const search = searchFromParams(
      new URLSearchParams('minPrice=abc&minBaiduWeight=11&suffix=com&regTimeEnd=yesterday'),
    );
    expect(Object.keys(search.errors).sort()).toEqual(['minBaiduWeight', 'minPrice', 'regTimeEnd']);
    expect(search.filter).toEqual({ suffix: 'com' });
  });

  it('turns a saved filter into a draft and toggles suffix chips', () => {
    const draft = draftFromFilter({
      minPrice: 5,
      excludeHyphens: true,
      excludePremiumNames: false,
      type: 'pre-release',
    });
    expect(draft).toMatchObject({
      minPrice: '5',
      excludeHyphens: 'true',
      excludePremiumNames: '',
      type: 'pre-release',
    });
    expect(toggleSuffix('', 'com')).toBe('com');
    expect(toggleSuffix('.com, net', 'com')).toBe('net');
    expect(toggleSuffix('com', 'cn')).toBe('com,cn');
  });
});
