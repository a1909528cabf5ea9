import ExcelJS from 'exceljs';

/**
 * Tables as downloadable files (the funds history, the seller's sales and statistics): CSV in UTF-8
 * with a byte-order mark (so Excel reads Chinese correctly), RFC 4180 quoting and CRLF; XLSX with a
 * bold frozen header row, an auto filter and money columns formatted as dollars. Text a spreadsheet
 * would run as a formula is prefixed with a quote (CSV injection), in both.
 */

export type Cell = string | number;

export interface ExportTable {
  headers: string[];
  rows: Cell[][];
  /** Indexes of the money columns (numbers in dollars). */
  moneyColumns: number[];
  /** Column widths in characters (16 when not given). */
  widths?: number[];
}

export type ExportFormat = 'csv' | 'xlsx';

export const EXPORT_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** '+08:00' for 480 minutes east of UTC. */
export function offsetLabel(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD HH:mm:ss' in the zone `offsetMinutes` east of UTC. */
export function localTime(iso: string, offsetMinutes: number): string {
  return new Date(Date.parse(iso) + offsetMinutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Text that a spreadsheet would run as a formula is prefixed with a quote (CSV injection). */
export function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvField(value: Cell, isMoney: boolean): string {
  const text = typeof value === 'number' ? (isMoney ? value.toFixed(2) : String(value)) : safeText(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function tableToCsv(table: ExportTable): Buffer {
  const money = new Set(table.moneyColumns);
  const lines = [table.headers.map((v) => csvField(v, false)).join(',')];
  for (const row of table.rows) lines.push(row.map((v, i) => csvField(v, money.has(i))).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function tableToXlsx(table: ExportTable, sheetName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'NameBourse';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.headers.map((header, i) => ({ header, key: `c${i}`, width: table.widths?.[i] ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row.map((v) => (typeof v === 'string' ? safeText(v) : v)));
  for (const i of table.moneyColumns) sheet.getColumn(i + 1).numFmt = '#,##0.00;-#,##0.00';
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.headers.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * `attachment; filename="transactions-20260105.csv"; filename*=UTF-8''…` — an ASCII name for old
 * clients and the localised one (RFC 6266 / 5987) that browsers prefer; the day in the reader's zone.
 */
export function attachmentDisposition(
  names: { ascii: string; localised: string },
  format: ExportFormat,
  now: Date,
  offsetMinutes: number,
): string {
  const day = localTime(now.toISOString(), offsetMinutes).slice(0, 10).replaceAll('-', '');
  const ascii = `${names.ascii}-${day}.${format}`;
  const localised = `${names.localised}-${day}.${format}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(localised)}`;
}
