import { randomBytes } from 'node:crypto';
import { LISTING_RULES } from '@namebourse/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { PNG_BYTES, workbook, zipOf } from './fixtures/import.test-support.ts';
import {
  cellCents,
  importTemplate,
  industryOf,
  modeOf,
  readImportSheet,
  sniffWorkbook,
  TEMPLATE_EXAMPLE_DOMAINS,
} from './listings.excel.ts';
import { checkSheetRow } from './listings.import.ts';

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  }
}

describe('sniffWorkbook: the bytes decide, not the name', () => {
  it('knows an .xlsx, a picture, random bytes, a zip without a workbook and a broken zip', async () => {
    expect(sniffWorkbook(await workbook([['a.com', 5]]))).toBe('xlsx');
    expect(sniffWorkbook(PNG_BYTES)).toBe('other');
    expect(sniffWorkbook(randomBytes(5000))).toBe('other');
    expect(sniffWorkbook(Buffer.alloc(0))).toBe('other');
    expect(sniffWorkbook(zipOf({ 'readme.txt': 'hello', 'word/document.xml': '<w/>' }))).toBe('other');
    const good = await workbook([['a.com', 5]]);
    expect(sniffWorkbook(good.subarray(0, good.length - 100))).toBe('corrupt');
  });

  it('refuses a zip that would expand beyond reason (a zip bomb) without expanding it', () => {
    const big = zipOf({ '[Content_Types].xml': '<x/>', 'xl/workbook.xml': 'a'.repeat(70 * 1024 * 1024) });
    expect(big.length).toBeLessThan(LISTING_RULES.excelMaxBytes);
    expect(sniffWorkbook(big)).toBe('corrupt');
  });
});

describe('readImportSheet', () => {
  it('maps headers in either language, any case, any order; keeps sheet row numbers; skips blank rows', async () => {
    const data = await workbook(
      [
        ['示例.com', 'example.com', '12.5'],
        [null, null, null],
        ['', 'second.net', 20],
      ],
      ['备注', 'DOMAIN', '价格（USD）'],
    );
    const sheet = await readImportSheet(data);
    expect(sheet.missing).toEqual([]);
    expect(sheet.rows).toEqual([
      { row: 2, cells: { domain: 'example.com', price: '12.5' } },
      { row: 4, cells: { domain: 'second.net', price: 20 } },
    ]);
  });

  it('finds the header under a title; reads a sheet without a header in the template’s order', async () => {
    const titled = await readImportSheet(
      await workbook(
        [
          ['Domain', 'Price (USD)'],
          ['a.com', 5],
        ],
        ['My domains for sale'],
      ),
    );
    expect(titled).toEqual({ rows: [{ row: 3, cells: { domain: 'a.com', price: 5 } }], missing: [] });
    const bare = await readImportSheet(await workbook([['b.com', 7, 'offer']], ['a.com', 5]));
    expect(bare.missing).toEqual([]);
    expect(bare.rows).toEqual([
      { row: 1, cells: { domain: 'a.com', price: 5 } },
      { row: 2, cells: { domain: 'b.com', price: 7, mode: 'offer' } },
    ]);
    const notes = Array.from({ length: 6 }, (_, i) => [`note ${i}`]);
    expect((await readImportSheet(await workbook([...notes, ['Domain', 'Price']], ['title']))).missing).toEqual([
      'domain',
      'price',
    ]);
  });

  it('reads the first sheet only and tells missing required columns', async () => {
    const sheet = await readImportSheet(await workbook([['a.com']], ['Name', 'Cost'], { sheets: ['x', 'y'] }));
    expect(sheet.missing).toEqual(['domain', 'price']);
  });

  it('refuses other formats, broken workbooks and too many rows with the upload errors', async () => {
    expect(await codeOf(readImportSheet(PNG_BYTES))).toBe('Request.UnsupportedMediaType');
    expect(await codeOf(readImportSheet(randomBytes(3000)))).toBe('Request.UnsupportedMediaType');
    expect(await codeOf(readImportSheet(zipOf({ 'a.txt': 'x' })))).toBe('Request.UnsupportedMediaType');
    // A zip with the workbook's parts whose XML is garbage: a workbook, but not a readable one.
    const broken = zipOf({ '[Content_Types].xml': '<<<', 'xl/workbook.xml': 'not xml at all <' });
    expect(await codeOf(readImportSheet(broken))).toBe('Listing.FileParseError');
    const good = await workbook([['a.com', 5]]);
    expect(await codeOf(readImportSheet(good.subarray(0, good.length - 50)))).toBe('Listing.FileParseError');

    const rows = (n: number) => Array.from({ length: n }, (_, i) => [`d${i}.com`, 5]);
    expect((await readImportSheet(await workbook(rows(LISTING_RULES.excelMaxRows)))).rows).toHaveLength(1000);
    expect(await codeOf(readImportSheet(await workbook(rows(LISTING_RULES.excelMaxRows + 1))))).toBe(
      'Listing.TooManyRows',
    );
  });
});

describe('row rules', () => {
  const row = (cells: Record<string, string | number>, n = 2) => checkSheetRow({ row: n, cells }, '3m');

  it('builds a fixed or offer draft with industries (keys or names), keywords and descriptions', () => {
    expect(row({ domain: 'Shop.com', price: 12.5 })).toEqual({
      draft: { row: 2, domain: 'shop.com', mode: 'fixed', priceCents: 1250, endOption: '3m' },
    });
    expect(
      row({
        domain: 'brand.ai',
        price: '$5,000',
        mode: '议价',
        floor: 800,
        industries: 'ai, 金融、e-commerce',
        keywords: 'ai, brand, ai',
        descriptionZh: '好名字',
        descriptionEn: 'A good name',
      }),
    ).toEqual({
      draft: {
        row: 2,
        domain: 'brand.ai',
        mode: 'offer',
        priceCents: 500000,
        floorCents: 80000,
        industries: ['ai', 'finance', 'ecommerce'],
        keywords: ['ai', 'brand'],
        descriptionZh: '好名字',
        descriptionEn: 'A good name',
        endOption: '3m',
      },
    });
    // An offer listing needs no price.
    expect(row({ domain: 'x.com', mode: 'offer' })).toMatchObject({ draft: { mode: 'offer' } });
  });

  it('refuses each format problem with the column at fault', () => {
    expect(row({ domain: 'www.a.com', price: 5 })).toMatchObject({ column: 'domain', message: 'domainInvalid' });
    expect(row({ price: 5 })).toMatchObject({ column: 'domain', message: 'required' });
    expect(row({ domain: 'a.com', price: 2.99 })).toMatchObject({ column: 'price', message: 'priceTooLow' });
    expect(row({ domain: 'a.com', price: 3.005 })).toMatchObject({ column: 'price', message: 'amountInvalid' });
    expect(row({ domain: 'a.com', price: 'ten' })).toMatchObject({ column: 'price', message: 'amountInvalid' });
    expect(row({ domain: 'a.com' })).toMatchObject({ column: 'price', message: 'required' });
    expect(row({ domain: 'a.com', price: 5, mode: 'auction' })).toMatchObject({ column: 'mode', message: 'choice' });
    expect(row({ domain: 'a.com', price: 5, mode: 'swap' })).toMatchObject({ column: 'mode', message: 'choice' });
    expect(row({ domain: 'a.com', mode: 'offer', price: 5, floor: 10 })).toMatchObject({ message: 'rangeInvalid' });
    expect(row({ domain: 'a.com', mode: 'offer', floor: 1 })).toMatchObject({
      column: 'floor',
      message: 'priceTooLow',
    });
    expect(row({ domain: 'a.com', price: 5, industries: 'ai, cooking' })).toMatchObject({
      column: 'industries',
      message: 'choice',
    });
    expect(row({ domain: 'a.com', price: 5, industries: 'ai,finance,games,travel,food,media' })).toMatchObject({
      message: 'industriesTooMany',
    });
    const eleven = Array.from({ length: 11 }, (_, i) => `k${i}`).join(',');
    expect(row({ domain: 'a.com', price: 5, keywords: eleven })).toMatchObject({ message: 'keywordsTooMany' });
    expect(row({ domain: 'a.com', price: 5, keywords: 'k'.repeat(31) })).toMatchObject({ message: 'tooLong' });
    expect(row({ domain: 'a.com', price: 5, descriptionEn: 'x'.repeat(2001) })).toMatchObject({
      column: 'descriptionEn',
      message: 'tooLong',
    });
  });

  it('reads modes, industries and money cells in both languages', () => {
    expect([modeOf('Fixed'), modeOf('一口价'), modeOf(' OFFER '), modeOf('议价'), modeOf('lease')]).toEqual([
      'fixed',
      'fixed',
      'offer',
      'offer',
      undefined,
    ]);
    expect([industryOf('Real estate'), industryOf('房地产'), industryOf('real_estate'), industryOf('x')]).toEqual([
      'real_estate',
      'real_estate',
      'real_estate',
      undefined,
    ]);
    expect([cellCents(19.99), cellCents(1200), cellCents('1,200.50'), cellCents(-5), cellCents(0.001)]).toEqual([
      1999,
      120000,
      120050,
      undefined,
      undefined,
    ]);
  });
});

describe('importTemplate', () => {
  it.each(['zh-CN', 'en-US'] as const)(
    '%s: headers in the language, examples that read back cleanly',
    async (locale) => {
      const file = await importTemplate(locale);
      expect(file.contentDisposition).toMatch(/^attachment; filename="listing-template\.xlsx"; filename\*=UTF-8''/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.body as unknown as ArrayBuffer);
      expect(wb.worksheets).toHaveLength(2);
      const header = wb.worksheets[0]?.getRow(1).values as unknown[];
      expect(header[1]).toBe(locale === 'zh-CN' ? '域名' : 'Domain');
      expect(wb.worksheets[1]?.rowCount).toBe(21);
      expect(wb.worksheets[0]?.getColumn(1).width).toBeGreaterThan(20);

      const sheet = await readImportSheet(file.body);
      expect(sheet.missing).toEqual([]);
      const checked = sheet.rows.map((r) => checkSheetRow(r, '1y'));
      expect(checked.map((c) => ('draft' in c ? c.draft.domain : c))).toEqual(TEMPLATE_EXAMPLE_DOMAINS);
      expect(checked[1]).toMatchObject({ draft: { mode: 'offer', floorCents: 80000, industries: ['ai'] } });
    },
  );
});
