import { describe, expect, it } from 'vitest';
import { pageOf, windowOf } from './paging.ts';

describe('paging', () => {
  it('turns page n of a size into the rows to skip and read', () => {
    expect(windowOf({ page: 1, pageSize: 20 })).toEqual({ limit: 20, offset: 0 });
    expect(windowOf({ page: 3, pageSize: 10 })).toEqual({ limit: 10, offset: 20 });
  });

  it('answers the page with its rows presented, the total and where it is', () => {
    expect(pageOf({ page: 2, pageSize: 2 }, { items: [3, 4], total: 5 }, (n) => `#${n}`)).toEqual({
      items: ['#3', '#4'],
      total: 5,
      page: 2,
      pageSize: 2,
    });
  });
});
