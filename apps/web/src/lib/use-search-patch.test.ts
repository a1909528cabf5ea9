import { describe, expect, it } from 'vitest';
import { patchSearch } from './use-search-patch.ts';

describe('patchSearch', () => {
  it('sets the given parameters, removes the emptied ones and keeps the rest', () => {
    const current = new URLSearchParams('status=OPEN&q=abc&page=3&tab=x');
    const next = patchSearch(current, { q: 'nb', page: null, status: '' });
    expect(next.toString()).toBe('q=nb&tab=x');
    expect(current.toString()).toBe('status=OPEN&q=abc&page=3&tab=x');
  });
});
