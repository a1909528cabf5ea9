import {
  type ErrorCode,
  errorMessage,
  type FieldMessageKey,
  fieldMessage,
  type ImportLinesBody,
  type ImportResult,
  type Industry,
  LISTING_RULES,
  ListingCreateSchema,
  ListingDomainSchema,
  type ListingEndOption,
  type Locale,
  parseListingLines,
} from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type CellValue,
  cellPrice,
  IMPORT_COLUMNS,
  type ImportColumn,
  industryOf,
  modeOf,
  readImportSheet,
  type SheetRow,
  splitList,
} from './listings.excel.ts';
import { createListings, type ListingDraft } from './listings.service.ts';

/**
 * Batch and Excel listing (spec §2, §5; API.md POST /listings/import). Each row is checked here
 * for its format (domain, price, mode, industries, keywords, descriptions) and the readable rows go
 * to `createListings` in one call — the one creation path, which decides ownership, duplicates and
 * status set-based. Both refusals are merged into one report sorted by row; each row is listed or
 * refused as a whole.
 */

type Refusal = ImportResult['refused'][number];

/** A format problem of one row, rendered in the reader's language. */
function refusal(
  row: number,
  domain: string,
  problem: { column: ImportColumn; message: FieldMessageKey; params?: Record<string, string | number> },
  locale: Locale,
): Refusal {
  if (problem.column === 'domain' && problem.message === 'domainInvalid') {
    const code: ErrorCode = 'Commodity.DomainInvalid';
    return { row, domain, code, message: errorMessage(code, locale) };
  }
  const text = fieldMessage(problem.message, locale, problem.params);
  // Messages that do not say what they are about get the column's name in front.
  const generic = !['priceTooLow', 'industriesTooMany', 'keywordsTooMany'].includes(problem.message);
  const label = IMPORT_COLUMNS.find((c) => c.key === problem.column)?.header[locale];
  const colon = locale === 'zh-CN' ? '：' : ': ';
  return { row, domain, code: 'Request.Invalid', message: generic && label ? `${label}${colon}${text}` : text };
}

/** Creates what can be created and merges every refusal into one report (rows ascending). */
async function submit(
  app: App,
  userId: bigint,
  drafts: ListingDraft[],
  refused: Refusal[],
  locale: Locale,
): Promise<ImportResult> {
  const created = drafts.length > 0 ? await createListings(app, userId, drafts, locale) : { accepted: [], refused: [] };
  return {
    accepted: [...created.accepted].sort((a, b) => a.row - b.row),
    refused: [...refused, ...created.refused].sort((a, b) => a.row - b.row),
  };
}

/** The line form: one `domain price` per line, fixed price, the chosen end option for all. */
export async function importLines(
  app: App,
  userId: bigint,
  body: ImportLinesBody,
  locale: Locale,
): Promise<ImportResult> {
  const parsed = parseListingLines(body.lines);
  if (parsed.tooMany) throw new AppError('Listing.TooManyRows');
  if (parsed.count === 0) {
    throw new AppError('Request.Invalid', { data: { fields: { lines: fieldMessage('required', locale) } } });
  }
  const refused = parsed.errors.map((e) =>
    refusal(e.row, e.domain, { column: e.field, message: e.message, params: e.params }, locale),
  );
  const drafts: ListingDraft[] = parsed.rows.map((r) => ({
    row: r.row,
    domain: r.domain,
    mode: 'fixed',
    priceCents: r.priceCents,
    endOption: body.endOption,
  }));
  return submit(app, userId, drafts, refused, locale);
}

type RowCheck =
  | { draft: ListingDraft }
  | { column: ImportColumn; message: FieldMessageKey; params?: Record<string, string | number> };

const text = (v: CellValue | undefined) => (v === undefined ? '' : String(v).trim());

/** One sheet row → a draft, or its first problem (columns checked left to right). */
export function checkSheetRow(r: SheetRow, endOption: ListingEndOption): RowCheck {
  const c = r.cells;
  const domain = ListingDomainSchema.safeParse(text(c.domain));
  if (!domain.success) {
    return { column: 'domain', message: text(c.domain) === '' ? 'required' : 'domainInvalid' };
  }
  const mode = text(c.mode) === '' ? 'fixed' : modeOf(text(c.mode));
  if (mode === undefined || mode === 'auction') return { column: 'mode', message: 'choice' };

  let priceCents: number | undefined;
  if (c.price !== undefined) {
    const p = cellPrice(c.price);
    if ('message' in p) return { column: 'price', ...p };
    priceCents = p.cents;
  } else if (mode === 'fixed') return { column: 'price', message: 'required' };

  let floorCents: number | undefined;
  if (c.floor !== undefined && mode === 'offer') {
    const p = cellPrice(c.floor);
    if ('message' in p) return { column: 'floor', ...p };
    floorCents = p.cents;
  }
  if (mode === 'offer' && priceCents !== undefined && floorCents !== undefined && priceCents < floorCents) {
    return { column: 'price', message: 'rangeInvalid' };
  }

  const industries: Industry[] = [];
  for (const name of splitList(text(c.industries))) {
    const key = industryOf(name);
    if (!key) return { column: 'industries', message: 'choice' };
    if (!industries.includes(key)) industries.push(key);
  }
  if (industries.length > LISTING_RULES.maxIndustries) return { column: 'industries', message: 'industriesTooMany' };

  const keywords = [...new Set(splitList(text(c.keywords)).map((k) => k.toLowerCase()))];
  if (keywords.length > LISTING_RULES.maxKeywords) return { column: 'keywords', message: 'keywordsTooMany' };
  if (keywords.some((k) => k.length > LISTING_RULES.keywordMaxLength)) {
    return { column: 'keywords', message: 'tooLong', params: { max: LISTING_RULES.keywordMaxLength } };
  }
  for (const column of ['descriptionZh', 'descriptionEn'] as const) {
    if (text(c[column]).length > LISTING_RULES.descriptionMaxLength) {
      return { column, message: 'tooLong', params: { max: LISTING_RULES.descriptionMaxLength } };
    }
  }

  // The contract's schema has the last word (the same rule as a single listing).
  const candidate = {
    domain: domain.data,
    mode,
    ...(priceCents !== undefined ? { priceCents } : {}),
    ...(floorCents !== undefined ? { floorCents } : {}),
    ...(industries.length > 0 ? { industries } : {}),
    ...(keywords.length > 0 ? { keywords } : {}),
    ...(text(c.descriptionZh) ? { descriptionZh: text(c.descriptionZh) } : {}),
    ...(text(c.descriptionEn) ? { descriptionEn: text(c.descriptionEn) } : {}),
    endOption,
  };
  const checked = ListingCreateSchema.safeParse(candidate);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const field = String(issue?.path[0] ?? 'domain');
    const column = (IMPORT_COLUMNS.find((col) => col.key === field || `${col.key}Cents` === field)?.key ??
      'domain') as ImportColumn;
    return { column, message: (issue?.message ?? 'invalid') as FieldMessageKey };
  }
  return { draft: { ...checked.data, row: r.row } };
}

/** The Excel file: every data row of its first sheet (sheet row numbers in the report). */
export async function importExcel(
  app: App,
  userId: bigint,
  file: Buffer,
  endOption: ListingEndOption,
  locale: Locale,
): Promise<ImportResult> {
  const sheet = await readImportSheet(file);
  if (sheet.missing.length > 0) {
    const columns = sheet.missing
      .map((key) => IMPORT_COLUMNS.find((c) => c.key === key)?.header[locale] ?? key)
      .join(locale === 'zh-CN' ? '、' : ', ');
    throw new AppError('Request.Invalid', {
      data: { fields: { file: fieldMessage('csvColumns', locale, { columns }) } },
    });
  }
  if (sheet.rows.length === 0) {
    throw new AppError('Request.Invalid', { data: { fields: { file: fieldMessage('required', locale) } } });
  }
  const drafts: ListingDraft[] = [];
  const refused: Refusal[] = [];
  for (const r of sheet.rows) {
    const checked = checkSheetRow(r, endOption);
    if ('draft' in checked) drafts.push(checked.draft);
    else refused.push(refusal(r.row, text(r.cells.domain).toLowerCase(), checked, locale));
  }
  return submit(app, userId, drafts, refused, locale);
}
