import { describe, expect, it } from 'vitest';
import { LISTING_RULES } from './listings.values.ts';
import { parseListingLine, parseListingLines, parseUsdCents } from './listings-import.ts';

describe('parseUsdCents', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.05', 1205],
    ['1,200.00', 120000],
    ['$12', 1200],
    ['$ 3', 300],
    ['US$1,234,567.89', 123456789],
    ['15 USD', 1500],
    ['0.99', 99],
  ])('%s → %i cents', (text, cents) => {
    expect(parseUsdCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '-5', '12.345', '1,20', '12,', '1.2.3', '$', '12 13', '1e3', '١٢'])('refuses %j', (text) => {
    expect(parseUsdCents(text)).toBeUndefined();
  });
});

describe('parseListingLine', () => {
  it('splits on spaces, tabs, a comma or full-width separators', () => {
    for (const line of [
      'Example.com 12',
      'example.com\t12',
      'example.com,12',
      'example.com, 12',
      'example.com，12',
      'example.com\u300012',
      '  example.com   $12.00  ',
    ]) {
      expect(parseListingLine(line, 3)).toEqual({ row: 3, domain: 'example.com', priceCents: 1200 });
    }
  });

  it('keeps the thousands comma of the price after a comma separator', () => {
    expect(parseListingLine('example.com,1,200.00', 1)).toEqual({ row: 1, domain: 'example.com', priceCents: 120000 });
  });

  it('refuses a malformed domain with the spec message key before looking at the price', () => {
    expect(parseListingLine('www.example.com 12', 2)).toMatchObject({ field: 'domain', message: 'domainInvalid' });
    expect(parseListingLine('example 12', 2)).toMatchObject({ field: 'domain', message: 'domainInvalid' });
    expect(parseListingLine('-bad.com 1', 2)).toMatchObject({ domain: '-bad.com', message: 'domainInvalid' });
  });

  it('refuses a missing, unreadable, too low or too high price', () => {
    expect(parseListingLine('example.com', 1)).toMatchObject({ field: 'price', message: 'required' });
    expect(parseListingLine('example.com twelve', 1)).toMatchObject({ field: 'price', message: 'amountInvalid' });
    expect(parseListingLine('example.com 12 13', 1)).toMatchObject({ field: 'price', message: 'amountInvalid' });
    expect(parseListingLine('example.com 2.99', 1)).toMatchObject({ field: 'price', message: 'priceTooLow' });
    expect(parseListingLine('example.com 3', 1)).toMatchObject({ priceCents: 300 });
    expect(parseListingLine('example.com 100,000,000.01', 1)).toMatchObject({ field: 'price', message: 'tooBig' });
  });
});

describe('parseListingLines', () => {
  it('numbers rows by their line in the text and ignores blank lines', () => {
    const r = parseListingLines('a.com 10\r\n\r\n  \nb.com 2\nwww.c.com 5\nd.net 1,000\n');
    expect(r.count).toBe(4);
    expect(r.tooMany).toBe(false);
    expect(r.rows).toEqual([
      { row: 1, domain: 'a.com', priceCents: 1000 },
      { row: 6, domain: 'd.net', priceCents: 100000 },
    ]);
    expect(r.errors).toEqual([
      { row: 4, domain: 'b.com', field: 'price', message: 'priceTooLow' },
      { row: 5, domain: 'www.c.com', field: 'domain', message: 'domainInvalid' },
    ]);
  });

  it('counts only non-blank lines against the limit', () => {
    const lines = Array.from({ length: LISTING_RULES.maxLines }, (_, i) => `d${i}.com 5`);
    expect(parseListingLines(`${lines.join('\n\n')}\n\n`).tooMany).toBe(false);
    expect(parseListingLines([...lines, 'one-more.com 5'].join('\n')).tooMany).toBe(true);
  });
});
