import { describe, expect, it } from 'vitest';
import { DOMAINS_PAGE_SIZE, domainsQuery, parsePage } from './filter.ts';

describe('my domains filter', () => {
  it('sends a trimmed keyword and leaves an empty one out', () => {
    expect(domainsQuery({ keyword: '  cloud ', page: 2 })).toEqual({
      keyword: 'cloud',
      page: 2,
      pageSize: DOMAINS_PAGE_SIZE,
    });
    expect(domainsQuery({ keyword: '   ', page: 1 })).toEqual({ page: 1, pageSize: DOMAINS_PAGE_SIZE });
  });
  it('reads the page from the address', () => {
    expect(parsePage('4')).toBe(4);
    expect(parsePage('x')).toBe(1);
  });
});
