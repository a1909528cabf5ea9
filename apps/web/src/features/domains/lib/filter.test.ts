import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  DEFAULT_DOMAIN_SORT,
  DOMAINS_PAGE_SIZE,
  domainsQuery,
  filterFromParams,
  isFiltered,
  parsePage,
} from './filter.ts';

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

  it('turns every filter of the address into the request query', () => {
    const filter = filterFromParams(
      new URLSearchParams('q=shop&status=renewable&tld=.COM&group=none&expiring=30&lock=open&sort=expires_asc&page=3'),
    );
    expect(domainsQuery(filter)).toEqual({
      keyword: 'shop',
      status: 'renewable',
      tld: 'com',
      groupId: 'none',
      expiringWithinDays: 30,
      lock: 'open',
      sort: 'expires_asc',
      page: 3,
      pageSize: DOMAINS_PAGE_SIZE,
    });
    expect(isFiltered(filter)).toBe(true);
  });

  it('leaves out values the server would refuse, and the default sort', () => {
    const filter = filterFromParams(
      new URLSearchParams('status=lost&tld=a b&group=x1&expiring=-2&lock=ajar&sort=acquired_desc'),
    );
    expect(domainsQuery(filter)).toEqual({ page: 1, pageSize: DOMAINS_PAGE_SIZE });
    expect(isFiltered(filter)).toBe(false);
    expect(filterFromParams(new URLSearchParams('expiring=0')).expiringWithinDays).toBe(0);
    expect(filterFromParams(new URLSearchParams('group=42')).groupId).toBe('42');
    // A group id no row can have (beyond bigint) is dropped, as a malformed one is, rather than sent to the API.
    expect(filterFromParams(new URLSearchParams('group=9223372036854775808')).groupId).toBeUndefined();
    expect(filterFromParams(new URLSearchParams('group=9223372036854775807')).groupId).toBe('9223372036854775807');
  });
});

describe('activeFilterCount', () => {
  it('counts the selects that narrow or reorder the list, not the keyword or the default sort', () => {
    expect(activeFilterCount({ keyword: 'ab', page: 1 })).toBe(0);
    expect(activeFilterCount({ keyword: '', page: 1, sort: DEFAULT_DOMAIN_SORT })).toBe(0);
    expect(
      activeFilterCount({ keyword: '', page: 1, status: 'renewable', expiringWithinDays: 0, sort: 'name_asc' }),
    ).toBe(3);
  });
});
