import {
  type FieldMessageKey,
  INDUSTRIES,
  INDUSTRY_KEYS,
  type Industry,
  LISTING_RULES,
  ListingDomainSchema,
  type Locale,
  listingPriceProblem,
  parseUsdCents,
} from '@namebourse/contract';
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/errors.ts';

/**
 * Excel listing (spec §2, §5; API.md POST /listings/import): the columns of the import file, the
 * checks on its bytes, reading its first sheet into raw rows, and the downloadable template. Only
 * `.xlsx` (Office Open XML) is read: the bytes must be a zip holding a workbook, whatever the file
 * is called. Rules on the values (formats, prices) are applied in listings.import.ts.
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ImportColumn =
  | 'domain'
  | 'price'
  | 'mode'
  | 'floor'
  | 'industries'
  | 'keywords'
  | 'descriptionZh'
  | 'descriptionEn';

interface ColumnSpec {
  key: ImportColumn;
  header: Record<Locale, string>;
  /** Other headers read as this column (besides both languages' header). */
  aliases: string[];
  width: number;
}

/** The file's columns in template order; headers are matched in either language, case-insensitively. */
export const IMPORT_COLUMNS: readonly ColumnSpec[] = [
  { key: 'domain', header: { 'zh-CN': '域名', 'en-US': 'Domain' }, aliases: ['domain name', '域名名称'], width: 30 },
  {
    key: 'price',
    header: { 'zh-CN': '价格 (USD)', 'en-US': 'Price (USD)' },
    aliases: ['price', 'price usd', 'buy now (usd)', '价格', '售价', '售价 (USD)', '一口价 (USD)'],
    width: 14,
  },
  {
    key: 'mode',
    header: { 'zh-CN': '出售方式', 'en-US': 'Mode' },
    aliases: ['sale mode', 'type', '模式', '方式'],
    width: 12,
  },
  {
    key: 'floor',
    header: { 'zh-CN': '最低报价 (USD)', 'en-US': 'Floor (USD)' },
    aliases: ['floor', 'minimum offer', 'minimum offer (usd)', '最低报价', '底价', '底价 (USD)'],
    width: 16,
  },
  {
    key: 'industries',
    header: { 'zh-CN': '行业', 'en-US': 'Industries' },
    aliases: ['industry', '行业分类'],
    width: 24,
  },
  { key: 'keywords', header: { 'zh-CN': '关键词', 'en-US': 'Keywords' }, aliases: ['keyword', '关键字'], width: 24 },
  {
    key: 'descriptionZh',
    header: { 'zh-CN': '描述 (中文)', 'en-US': 'Description (中文)' },
    aliases: ['description (chinese)', 'description zh', '中文描述', '描述 (Chinese)'],
    width: 40,
  },
  {
    key: 'descriptionEn',
    header: { 'zh-CN': '描述 (English)', 'en-US': 'Description (English)' },
    aliases: ['description (english)', 'description en', 'description', '英文描述', '描述 (英文)'],
    width: 40,
  },
];

/** Columns a file must have. */
export const REQUIRED_COLUMNS: readonly ImportColumn[] = ['domain', 'price'];

/** 'Price（USD）', ' PRICE (usd) ', 'price(usd)*' → 'price(usd)'. */
function headerKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s*]+/g, '');
}

const HEADER_LOOKUP = new Map<string, ImportColumn>(
  IMPORT_COLUMNS.flatMap((c) =>
    [c.header['zh-CN'], c.header['en-US'], c.key, ...c.aliases].map((h) => [headerKey(h), c.key] as const),
  ),
);

/** Mode cells: the keys, or the words people write in either language. */
const MODE_WORDS: Record<string, 'fixed' | 'offer' | 'auction'> = {
  fixed: 'fixed',
  'fixed price': 'fixed',
  'buy now': 'fixed',
  一口价: 'fixed',
  offer: 'offer',
  offers: 'offer',
  'make offer': 'offer',
  negotiable: 'offer',
  议价: 'offer',
  报价: 'offer',
  接受报价: 'offer',
  auction: 'auction',
  拍卖: 'auction',
};

/** The template's words for the two modes Excel can list. */
export const MODE_LABELS: Record<Locale, Record<'fixed' | 'offer', string>> = {
  'zh-CN': { fixed: '一口价', offer: '议价' },
  'en-US': { fixed: 'fixed', offer: 'offer' },
};

export function modeOf(text: string): 'fixed' | 'offer' | 'auction' | undefined {
  return MODE_WORDS[text.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ')];
}

const INDUSTRY_LOOKUP = new Map<string, Industry>(
  INDUSTRY_KEYS.flatMap((key) =>
    [key, INDUSTRIES[key]['zh-CN'], INDUSTRIES[key]['en-US']].map((name) => [name.toLowerCase(), key] as const),
  ),
);

/** An industry cell entry (a key, or its Chinese or English name) → its key. */
export function industryOf(text: string): Industry | undefined {
  return INDUSTRY_LOOKUP.get(text.normalize('NFKC').trim().toLowerCase());
}

/** A list cell ('a, b；c、d') → its trimmed, non-empty parts. */
export function splitList(text: string): string[] {
  return text
    .split(/[,，、;；\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

// ---- The bytes ----

/** Expanded size a workbook may have: 1,000 rows with both descriptions full are ~10 MB; a zip bomb is far above. */
const MAX_EXPANDED_BYTES = 32 * 1024 * 1024;

/**
 * What the bytes are, from the zip's own directory (no decompression): `xlsx` (a zip with an OOXML
 * workbook part), `other` (not a zip, or a zip without a workbook: another format renamed) or
 * `corrupt` (a zip whose directory cannot be read, or that would expand beyond reason).
 */
export function sniffWorkbook(data: Buffer): 'xlsx' | 'other' | 'corrupt' {
  if (data.length < 4 || data.readUInt32LE(0) !== 0x04034b50) return 'other';
  // End of central directory: 22 bytes plus a comment of up to 65,535, at the end.
  const from = Math.max(0, data.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = data.length - 22; i >= from; i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return 'corrupt';
  const entries = data.readUInt16LE(eocd + 10);
  const dirSize = data.readUInt32LE(eocd + 12);
  const dirOffset = data.readUInt32LE(eocd + 16);
  if (dirOffset + dirSize > eocd) return 'corrupt';
  const names = new Set<string>();
  let expanded = 0;
  let p = dirOffset;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > eocd || data.readUInt32LE(p) !== 0x02014b50) return 'corrupt';
    const size = data.readUInt32LE(p + 24);
    const nameLength = data.readUInt16LE(p + 28);
    const extraLength = data.readUInt16LE(p + 30);
    const commentLength = data.readUInt16LE(p + 32);
    if (size === 0xffffffff) return 'corrupt'; // zip64: no workbook of ours needs it
    expanded += size;
    names.add(data.toString('utf8', p + 46, p + 46 + nameLength));
    p += 46 + nameLength + extraLength + commentLength;
  }
  if (expanded > MAX_EXPANDED_BYTES) return 'corrupt';
  return names.has('[Content_Types].xml') && names.has('xl/workbook.xml') ? 'xlsx' : 'other';
}

// ---- Reading ----

/** How many rows with text (titles, notes) may stand above the header row. */
const HEADER_SEARCH_ROWS = 5;

/** A cell as the import reads it: a number stays a number (prices), everything else is text. */
export type CellValue = string | number;

export interface SheetRow {
  /** The sheet's row number. */
  row: number;
  cells: Partial<Record<ImportColumn, CellValue>>;
}

export interface SheetRead {
  rows: SheetRow[];
  /** Required columns the header row lacks. */
  missing: ImportColumn[];
}

function cellValue(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) {
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    }
    if ('result' in value) return cellValue((value as { result?: ExcelJS.CellValue }).result ?? '');
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('error' in value) return '';
  }
  return '';
}

/**
 * The first sheet of an .xlsx: its header row (the first row with a known header, within the first
 * few rows with text) mapped to the import columns, and every later non-empty row with its sheet
 * row number. A sheet whose first row is already data (a domain in column A) is read in the
 * template's column order. Throws the upload's
 * errors: not an .xlsx → Request.UnsupportedMediaType; unreadable → Listing.FileParseError; more
 * than LISTING_RULES.excelMaxRows data rows → Listing.TooManyRows.
 */
export async function readImportSheet(data: Buffer): Promise<SheetRead> {
  const kind = sniffWorkbook(data);
  if (kind === 'other') throw new AppError('Request.UnsupportedMediaType');
  if (kind === 'corrupt') throw new AppError('Listing.FileParseError');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch (err) {
    throw new AppError('Listing.FileParseError', { cause: err });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('Listing.FileParseError');

  let columns: Map<number, ImportColumn> | null = null;
  const rows: SheetRow[] = [];
  let tooMany = false;
  let before = 0;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (tooMany) return;
    if (!columns) {
      if (!rowHasText(row)) return;
      const found = new Map<number, ImportColumn>();
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        const text = cellValue(cell.value);
        const key = typeof text === 'string' ? HEADER_LOOKUP.get(headerKey(text)) : undefined;
        if (key && ![...found.values()].includes(key)) found.set(col, key);
      });
      if (found.size > 0) {
        columns = found;
        return;
      }
      // No header at all, data from the very first row: read in the template's column order.
      if (before === 0 && ListingDomainSchema.safeParse(cellValue(row.getCell(1).value)).success) {
        columns = new Map(IMPORT_COLUMNS.map((c, i) => [i + 1, c.key]));
      } else {
        // A title above the header: look a few rows further, then give up (the columns are missing).
        before += 1;
        if (before >= HEADER_SEARCH_ROWS) columns = found;
        return;
      }
    }
    const cells: Partial<Record<ImportColumn, CellValue>> = {};
    let any = false;
    for (const [col, key] of columns) {
      const v = cellValue(row.getCell(col).value);
      if (v !== '') {
        cells[key] = v;
        any = true;
      }
    }
    if (!any) return;
    if (rows.length >= LISTING_RULES.excelMaxRows) {
      tooMany = true;
      return;
    }
    rows.push({ row: rowNumber, cells });
  });
  if (tooMany) throw new AppError('Listing.TooManyRows');
  const present = new Set<ImportColumn>(columns ? (columns as Map<number, ImportColumn>).values() : []);
  return { rows, missing: REQUIRED_COLUMNS.filter((c) => !present.has(c)) };
}

function rowHasText(row: ExcelJS.Row): boolean {
  let has = false;
  row.eachCell({ includeEmpty: false }, (cell) => {
    if (cellValue(cell.value) !== '') has = true;
  });
  return has;
}

/** A money cell → cents: a number with at most two decimals, or text such as '$1,200.00'. */
export function cellCents(value: CellValue): number | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return undefined;
    const cents = Math.round(value * 100);
    return Math.abs(cents - value * 100) < 1e-6 && Number.isSafeInteger(cents) ? cents : undefined;
  }
  return parseUsdCents(value);
}

/** A money cell's problem for a listing price: a message key, or undefined with the cents. */
export function cellPrice(
  value: CellValue,
): { cents: number } | { message: FieldMessageKey; params?: Record<string, string | number> } {
  const cents = cellCents(value);
  if (cents === undefined) return { message: 'amountInvalid' };
  return listingPriceProblem(cents) ?? { cents };
}

// ---- The template ----

const TEMPLATE_TEXT: Record<Locale, { sheet: string; industries: string; file: string; keyHeader: string }> = {
  'zh-CN': { sheet: '出售域名', industries: '行业列表', file: '批量上架模板', keyHeader: '代码' },
  'en-US': { sheet: 'Listings', industries: 'Industries', file: 'listing-template', keyHeader: 'Key' },
};

const EXAMPLES: Record<Locale, CellValue[][]> = {
  'zh-CN': [
    [
      'example-shop.com',
      1288,
      '一口价',
      '',
      '电子商务, 科技',
      '购物, 商城',
      '简短好记的电商域名',
      'A short, memorable shop name',
    ],
    ['brandlab.ai', 5000, '议价', 800, '人工智能', 'AI, 品牌', '', 'A brandable name for an AI lab'],
  ],
  'en-US': [
    [
      'example-shop.com',
      1288,
      'fixed',
      '',
      'E-commerce, Technology',
      'shop, store',
      '简短好记的电商域名',
      'A short, memorable shop name',
    ],
    ['brandlab.ai', 5000, 'offer', 800, 'AI', 'ai, brand', '', 'A brandable name for an AI lab'],
  ],
};

/** The domains of the template's example rows (tests list them to re-import the template). */
export const TEMPLATE_EXAMPLE_DOMAINS = EXAMPLES['en-US'].map((r) => r[0] as string);

/** The import template: headers in the reader's language, two example rows, a sheet of industries. */
export async function importTemplate(locale: Locale): Promise<{ body: Buffer; contentDisposition: string }> {
  const text = TEMPLATE_TEXT[locale];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'NameBourse';
  const sheet = workbook.addWorksheet(text.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: c.header[locale], key: c.key, width: c.width }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFF3F8' } };
  for (const row of EXAMPLES[locale]) sheet.addRow(row);
  for (const key of ['price', 'floor'] as const) sheet.getColumn(key).numFmt = '#,##0.00';
  // The mode column offers its two words; any other text is still read (and refused per row).
  const modeCol = IMPORT_COLUMNS.findIndex((c) => c.key === 'mode') + 1;
  const letter = String.fromCharCode(64 + modeCol);
  const labels = Object.values(MODE_LABELS[locale]).join(',');
  for (let r = 2; r <= LISTING_RULES.excelMaxRows + 1; r++) {
    sheet.getCell(`${letter}${r}`).dataValidation = {
      type: 'list',
      allowBlank: true,
      formulae: [`"${labels}"`],
    };
  }

  const list = workbook.addWorksheet(text.industries);
  list.columns = [
    { header: text.keyHeader, key: 'key', width: 16 },
    { header: '中文', key: 'zh', width: 16 },
    { header: 'English', key: 'en', width: 24 },
  ];
  list.getRow(1).font = { bold: true };
  for (const key of INDUSTRY_KEYS) list.addRow([key, INDUSTRIES[key]['zh-CN'], INDUSTRIES[key]['en-US']]);

  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  const ascii = `${TEMPLATE_TEXT['en-US'].file}.xlsx`;
  const localised = `${text.file}.xlsx`;
  return {
    body,
    contentDisposition: `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(localised)}`,
  };
}
