import { type AdminLot, AdminLotSchema } from './auctions.ts';
import { isIsoDate } from './dates.ts';
import { FIELD_MESSAGES, type FieldMessageKey } from './errors.ts';

/** The columns every file must have, first in the column order. */
const REQUIRED_COLUMNS = ['domain', 'type', 'registrar', 'partner', 'startPrice', 'startsAt', 'endsAt'] as const;

/** The lot metrics, in the order the CSV columns list them. */
const METRIC_COLUMNS = [
  'traffic',
  'backlinks',
  'referringDomains',
  'citationFlow',
  'trustFlow',
  'baiduIndex',
  'sogouIndex',
  'googleIndex',
  'baiduWeight',
  'pageAuthority',
] as const;

/**
 * The CSV upload of lots (operator console): one lot per line under a header line. The same parser
 * runs in the browser (before posting batches to POST /api/admin/auctions) and in tests. Columns are
 * matched by their header name (any order, case-insensitive); a file without a header line is read in
 * this order. See AdminLotSchema for the value formats.
 */
export const LOT_CSV_COLUMNS = [
  ...REQUIRED_COLUMNS,
  'redeemableUntil',
  'registeredAt',
  'expiresAt',
  ...METRIC_COLUMNS,
  'isPremium',
] as const;
export type LotCsvColumn = (typeof LOT_CSV_COLUMNS)[number];

/** Columns every file must have. */
export const LOT_CSV_REQUIRED: readonly LotCsvColumn[] = REQUIRED_COLUMNS;

/** One problem in the file: its 1-based line, the column (when one is to blame) and a FIELD_MESSAGES key. */
export interface LotCsvError {
  line: number;
  field?: string;
  message: FieldMessageKey;
  params?: Record<string, string | number>;
}

export interface LotCsvResult {
  /** The valid lots, in file order, each with its line. */
  lots: AdminLot[];
  lines: number[];
  errors: LotCsvError[];
}

/** Splits CSV text into records of fields (RFC 4180: quoted fields, "" escapes, CRLF or LF). */
export function splitCsv(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const src = text.replace(/^\uFEFF/, '');
  const push = () => {
    fields.push(field);
    field = '';
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') push();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      push();
      records.push({ line: recordLine, fields });
      fields = [];
      line++;
      recordLine = line;
    } else field += ch;
  }
  if (field !== '' || fields.length > 0) {
    push();
    records.push({ line: recordLine, fields });
  }
  return records.filter((r) => r.fields.some((f) => f.trim() !== ''));
}

const TIME_RE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?(Z|[+-]\d{2}:?\d{2})?$/;

/** A CSV time → ISO-8601 UTC; times without an offset are read in UTC+8. Undefined when unreadable. */
export function csvTime(value: string): string | undefined {
  const m = TIME_RE.exec(value.trim());
  if (!m) return undefined;
  const [, date, time, zone] = m;
  if (!isIsoDate(date as string)) return undefined;
  let offset = zone ?? '+08:00';
  if (/^[+-]\d{4}$/.test(offset)) offset = `${offset.slice(0, 3)}:${offset.slice(3)}`;
  const ms = Date.parse(`${date}T${time ?? '00:00'}${time && time.length === 5 ? ':00' : ''}${offset}`);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** Dollars ('12', '12.5', '$1,200.00') → cents; undefined when not a plain amount with at most 2 decimals. */
export function csvDollarsToCents(value: string): number | undefined {
  const v = value.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return undefined;
  const [whole, frac = ''] = v.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

function csvBoolean(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0' || v === 'no' || v === 'n') return false;
  if (v === 'true' || v === '1' || v === 'yes' || v === 'y') return true;
  return undefined;
}

function messageKey(message: string): FieldMessageKey {
  return Object.hasOwn(FIELD_MESSAGES, message) ? (message as FieldMessageKey) : 'invalid';
}

/** CSV field name for a schema path (metrics.trafic → traffic, startPriceCents → startPrice). */
function columnOf(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  if (first === 'metrics' && typeof second === 'string') return second;
  if (first === 'startPriceCents') return 'startPrice';
  return typeof first === 'string' ? first : '';
}

/**
 * Parses the lots file: header detection, quoted fields, dollars to cents, UTC+8 times, then each lot
 * through AdminLotSchema. Invalid lines are reported (line, column, message key) and left out; a
 * domain met twice is reported on its second line.
 */
export function parseLotsCsv(text: string): LotCsvResult {
  const records = splitCsv(text);
  const result: LotCsvResult = { lots: [], lines: [], errors: [] };
  if (records.length === 0) return result;

  const first = records[0] as { line: number; fields: string[] };
  const headerNames = first.fields.map((f) => f.trim().toLowerCase());
  const hasHeader = headerNames.includes('domain');
  let columns: (LotCsvColumn | undefined)[];
  if (hasHeader) {
    columns = headerNames.map((name) => LOT_CSV_COLUMNS.find((c) => c.toLowerCase() === name));
    const missing = LOT_CSV_REQUIRED.filter((c) => !columns.includes(c));
    if (missing.length > 0) {
      result.errors.push({ line: first.line, message: 'csvColumns', params: { columns: missing.join(', ') } });
      return result;
    }
  } else {
    columns = [...LOT_CSV_COLUMNS];
  }

  const seen = new Set<string>();
  for (const record of hasHeader ? records.slice(1) : records) {
    const row: Partial<Record<LotCsvColumn, string>> = {};
    columns.forEach((column, i) => {
      if (column) row[column] = (record.fields[i] ?? '').trim();
    });
    const lineErrors: LotCsvError[] = [];
    const fail = (field: string, message: FieldMessageKey) => lineErrors.push({ line: record.line, field, message });

    const startPriceCents = row.startPrice ? csvDollarsToCents(row.startPrice) : undefined;
    if (!row.startPrice) fail('startPrice', 'required');
    else if (startPriceCents === undefined) fail('startPrice', 'amountInvalid');

    const times: Partial<Record<'startsAt' | 'endsAt' | 'redeemableUntil' | 'registeredAt' | 'expiresAt', string>> = {};
    for (const key of ['startsAt', 'endsAt', 'redeemableUntil', 'registeredAt', 'expiresAt'] as const) {
      const raw = row[key];
      if (!raw) {
        if (key === 'startsAt' || key === 'endsAt') fail(key, 'required');
        continue;
      }
      const iso = csvTime(raw);
      if (iso === undefined) fail(key, 'invalid');
      else times[key] = iso;
    }

    const metrics: Partial<Record<(typeof METRIC_COLUMNS)[number], number>> = {};
    for (const key of METRIC_COLUMNS) {
      const raw = row[key];
      if (!raw) continue;
      const clean = raw.replaceAll(',', '');
      if (!/^\d+$/.test(clean)) fail(key, 'notInteger');
      else metrics[key] = Number(clean);
    }

    const isPremium = csvBoolean(row.isPremium ?? '');
    if (isPremium === undefined) fail('isPremium', 'invalid');

    if (lineErrors.length === 0) {
      const parsed = AdminLotSchema.safeParse({
        domain: row.domain ?? '',
        type: row.type ?? '',
        registrar: row.registrar ?? '',
        partner: row.partner ?? '',
        startPriceCents,
        ...times,
        isPremium,
        metrics,
      });
      if (parsed.success) {
        if (seen.has(parsed.data.domain)) fail('domain', 'lotDuplicate');
        else {
          seen.add(parsed.data.domain);
          result.lots.push(parsed.data);
          result.lines.push(record.line);
        }
      } else {
        const fields = new Set<string>();
        for (const issue of parsed.error.issues) {
          const field = columnOf(issue.path);
          if (fields.has(field)) continue;
          fields.add(field);
          fail(field, messageKey(issue.message));
        }
      }
    }
    result.errors.push(...lineErrors);
  }
  return result;
}
