import { describe, expect, it } from 'vitest';
import { csvDollarsToCents, csvTime, LOT_CSV_COLUMNS, parseLotsCsv, splitCsv } from './auctions-csv.ts';

const HEADER = LOT_CSV_COLUMNS.join(',');

describe('parseLotsCsv', () => {
  it('reads a file in the documented column order into lots, dollars to cents and UTC+8 times', () => {
    const text = [
      HEADER,
      'HaoChe.com,pre-release,Alibaba Cloud,partner-a,12.50,2026-01-05,2026-01-09 20:00,,2010-03-01,2026-03-01,120,3400,56,31,28,900,150,2000,3,40,true',
      'meishi.com.cn,expired,West.cn,partner-b,$1,200,2026-01-05T00:00:00Z,2026-01-08T00:00:00Z,2026-02-01,,,,,,,,,,,,,',
    ].join('\r\n');
    // The second line's "$1,200" is two fields: quote it to keep the comma.
    const fixed = text.replace('$1,200', '"$1,200"');
    const { lots, lines, errors } = parseLotsCsv(fixed);
    expect(errors).toEqual([]);
    expect(lines).toEqual([2, 3]);
    expect(lots[0]).toMatchObject({
      domain: 'haoche.com',
      type: 'pre-release',
      startPriceCents: 1250,
      startsAt: '2026-01-04T16:00:00.000Z',
      endsAt: '2026-01-09T12:00:00.000Z',
      registeredAt: '2010-02-28T16:00:00.000Z',
      isPremium: true,
      metrics: { traffic: 120, backlinks: 3400, trustFlow: 28, baiduWeight: 3, pageAuthority: 40 },
    });
    expect(lots[0]?.redeemableUntil).toBeUndefined();
    expect(lots[1]).toMatchObject({ domain: 'meishi.com.cn', startPriceCents: 120_000, isPremium: false, metrics: {} });
  });

  it('matches columns by header name in any order and reads files without a header in the documented order', () => {
    const reordered = parseLotsCsv(
      'startPrice,domain,endsAt,startsAt,type,partner,registrar\n5,abc.io,2026-01-09,2026-01-05,expired,p,r\n',
    );
    expect(reordered.errors).toEqual([]);
    expect(reordered.lots[0]).toMatchObject({ domain: 'abc.io', startPriceCents: 500, type: 'expired' });
    const bare = parseLotsCsv('xyz.net,pre-release,r,p,3,2026-01-05,2026-01-10');
    expect(bare.errors).toEqual([]);
    expect(bare.lots[0]).toMatchObject({ domain: 'xyz.net', startPriceCents: 300 });
  });

  it('reports each bad line with its column and a message key, and keeps the good ones', () => {
    const text = [
      HEADER,
      'www.bad.com,pre-release,r,p,10,2026-01-05,2026-01-09',
      'short.com,pre-release,r,p,10,2026-01-05,2026-01-06',
      'price.com,auction,r,p,ten,2026-01-05,2026-01-09',
      'ok.com,expired,r,p,10,2026-01-05,2026-01-09,,,,12x',
      'ok.com,expired,r,p,10,2026-01-05,2026-01-09',
      'fine.org,expired,r,p,0.99,2026-01-05,2026-01-09',
      'good.org,expired,r,p,1,2026-01-05,2026-01-11T00:00:00+08:00',
      'GOOD.org,pre-release,r,p,2,2026-01-05,2026-01-09',
    ].join('\n');
    const { lots, errors } = parseLotsCsv(text);
    expect(lots.map((l) => l.domain)).toEqual(['ok.com', 'good.org']);
    expect(errors).toEqual([
      { line: 2, field: 'domain', message: 'domainInvalid' },
      { line: 3, field: 'endsAt', message: 'auctionTooShort' },
      { line: 4, field: 'startPrice', message: 'amountInvalid' },
      { line: 5, field: 'traffic', message: 'notInteger' },
      { line: 7, field: 'startPrice', message: 'tooSmall' },
      { line: 9, field: 'domain', message: 'lotDuplicate' },
    ]);
  });

  it('refuses a header without the required columns', () => {
    const { lots, errors } = parseLotsCsv('domain,type\nabc.com,expired\n');
    expect(lots).toEqual([]);
    expect(errors).toEqual([
      {
        line: 1,
        message: 'csvColumns',
        params: { columns: 'registrar, partner, startPrice, startsAt, endsAt' },
      },
    ]);
  });
});

describe('CSV pieces', () => {
  it('splits quoted fields with commas, escaped quotes and line breaks, skipping blank lines', () => {
    expect(splitCsv('\uFEFFa,"b,c","d ""e"""\n\n"x\ny",z\r\n')).toEqual([
      { line: 1, fields: ['a', 'b,c', 'd "e"'] },
      { line: 3, fields: ['x\ny', 'z'] },
    ]);
  });

  it('reads times and amounts', () => {
    expect(csvTime('2026-01-05')).toBe('2026-01-04T16:00:00.000Z');
    expect(csvTime('2026-01-05 08:30')).toBe('2026-01-05T00:30:00.000Z');
    expect(csvTime('2026-01-05T08:30:00+0000')).toBe('2026-01-05T08:30:00.000Z');
    expect(csvTime('05/01/2026')).toBeUndefined();
    expect(csvDollarsToCents('7')).toBe(700);
    expect(csvDollarsToCents('7.5')).toBe(750);
    expect(csvDollarsToCents('1,234.56')).toBe(123_456);
    expect(csvDollarsToCents('1.234')).toBeUndefined();
    expect(csvDollarsToCents('-1')).toBeUndefined();
  });
});
