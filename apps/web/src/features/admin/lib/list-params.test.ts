import { describe, expect, it } from 'vitest';
import { payeeFileSrc } from './files.ts';
import { enumParam, pageParam } from './list-params.ts';

describe('list parameters from the address', () => {
  it('reads a page number, falling back to 1', () => {
    expect(pageParam('3')).toBe(3);
    expect(pageParam(null)).toBe(1);
    expect(pageParam('0')).toBe(1);
    expect(pageParam('-2')).toBe(1);
    expect(pageParam('2.5')).toBe(1);
    expect(pageParam('abc')).toBe(1);
  });

  it('keeps only allowed values', () => {
    expect(enumParam('approved', ['approved', 'rejected'] as const)).toBe('approved');
    expect(enumParam('nope', ['approved', 'rejected'] as const)).toBeUndefined();
    expect(enumParam(null, ['approved'] as const)).toBeUndefined();
  });
});

describe('payeeFileSrc', () => {
  it('uses the file url under /api as it is', () => {
    expect(payeeFileSrc({ fileId: 'F1', url: '/api/funds/payees/files/F1' })).toBe('/api/funds/payees/files/F1');
  });

  it('puts a path without /api under it, and falls back to the documented path', () => {
    expect(payeeFileSrc({ fileId: 'F1', url: '/funds/payees/files/F1' })).toBe('/api/funds/payees/files/F1');
    expect(payeeFileSrc({ fileId: 'F 2', url: '' })).toBe('/api/funds/payees/files/F%202');
  });
});
