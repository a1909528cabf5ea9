import { describe, expect, it } from 'vitest';
import { readRecordsQuery, writeRecordsQuery } from './records-query.ts';

describe('records query in the URL', () => {
  it('reads a known status and a page, ignoring anything else', () => {
    expect(readRecordsQuery(new URLSearchParams('status=processing&page=3'))).toEqual({
      status: 'processing',
      page: 3,
    });
    expect(readRecordsQuery(new URLSearchParams('status=bogus&page=-1'))).toEqual({ status: undefined, page: 1 });
    expect(readRecordsQuery(new URLSearchParams('page=2.5'))).toEqual({ status: undefined, page: 1 });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    expect(writeRecordsQuery(new URLSearchParams('lng=en-US&page=4'), { page: 1 }).toString()).toBe('lng=en-US');
    expect(writeRecordsQuery(new URLSearchParams(), { status: 'failure', page: 2 }).toString()).toBe(
      'status=failure&page=2',
    );
  });
});
