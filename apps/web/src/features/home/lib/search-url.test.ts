import { describe, expect, it } from 'vitest';
import { SALE_PATH, saleSearchPath } from './search-url.ts';

describe('saleSearchPath', () => {
  it('opens the bidding page without a query when nothing was typed', () => {
    expect(saleSearchPath('')).toBe(SALE_PATH);
    expect(saleSearchPath('   \t ')).toBe('/sale');
    expect(saleSearchPath(undefined)).toBe('/sale');
    expect(saleSearchPath(null)).toBe('/sale');
  });

  it('trims the keyword and puts it in the keyword parameter', () => {
    expect(saleSearchPath('  brand.com ')).toBe('/sale?keyword=brand.com');
  });

  it('encodes characters that are not safe in a query string', () => {
    const path = saleSearchPath('a&b=c 中文');
    expect(new URL(path, 'https://x.test').searchParams.get('keyword')).toBe('a&b=c 中文');
    expect(path).not.toContain('&b');
  });
});
