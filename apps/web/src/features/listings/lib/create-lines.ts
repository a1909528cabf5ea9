import { fieldMessage, type ImportResult, LISTING_RULES, type Locale, parseListingLines } from '@namebourse/contract';

/** Lines per request of a batch listing (the progress bar moves per chunk). */
export const IMPORT_CHUNK = 100;

/** The non-empty lines of the textarea, numbered as the user sees them (1-based, blank lines count). */
export function nonEmptyLines(text: string): { row: number; text: string }[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line, index) => ({ row: index + 1, text: line.replace(/\uFEFF/g, '').trim() }))
    .filter((line) => line.text !== '');
}

export interface LinesPreview {
  /** Non-blank lines (the limit counts these). */
  count: number;
  tooMany: boolean;
  /** Lines the server will refuse for their format, with the reason in the reader's language. */
  problems: { row: number; text: string; message: string }[];
}

/**
 * The live check of `domain price` lines with the contract's parser (the server runs the same one): the count and
 * what is wrong with each line. The server stays the judge of the rest (ownership, availability).
 */
export function previewLines(text: string, locale: Locale): LinesPreview {
  const parsed = parseListingLines(text);
  const lines = text.split(/\r\n|\r|\n/);
  return {
    count: parsed.count,
    tooMany: parsed.count > LISTING_RULES.maxLines,
    problems: parsed.errors.map((error) => ({
      row: error.row,
      text: (lines[error.row - 1] ?? '').trim(),
      message: fieldMessage(error.message, locale, error.params),
    })),
  };
}

/** Splits the non-empty lines into chunks of `size`, each keeping its rows' numbers. */
export function lineChunks(text: string, size = IMPORT_CHUNK): { row: number; text: string }[][] {
  const lines = nonEmptyLines(text);
  const chunks: { row: number; text: string }[][] = [];
  for (let i = 0; i < lines.length; i += size) chunks.push(lines.slice(i, i + size));
  return chunks;
}

/**
 * Adds one chunk's answer to the merged report: the server numbers rows within the chunk (1-based), so each row is
 * mapped back to the line the user typed.
 */
export function mergeChunkResult(
  report: ImportResult,
  chunk: readonly { row: number }[],
  result: ImportResult,
): ImportResult {
  const rowOf = (row: number) => chunk[row - 1]?.row ?? row;
  return {
    accepted: [...report.accepted, ...result.accepted.map((item) => ({ ...item, row: rowOf(item.row) }))],
    refused: [...report.refused, ...result.refused.map((item) => ({ ...item, row: rowOf(item.row) }))],
  };
}

/** A whole chunk refused (the request failed): every line with the same reason. */
export function refuseChunk(
  report: ImportResult,
  chunk: readonly { row: number; text: string }[],
  code: string,
  message: string,
): ImportResult {
  return {
    ...report,
    refused: [
      ...report.refused,
      ...chunk.map((line) => ({ row: line.row, domain: line.text.split(/[\s,;\t]+/)[0] ?? '', code, message })),
    ],
  };
}

/** The report's rows in row order: accepted and refused together. */
export function reportRows(report: ImportResult) {
  return [
    ...report.accepted.map((item) => ({ kind: 'accepted' as const, ...item })),
    ...report.refused.map((item) => ({ kind: 'refused' as const, ...item })),
  ].sort((a, b) => a.row - b.row);
}

export const EXCEL_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What is wrong with a picked Excel file before uploading it: its type, or its size (spec §5: ≤ 2 MB). */
export function excelProblem(file: { name: string; type: string; size: number }): 'format' | 'size' | null {
  const isXlsx =
    /\.xlsx$/i.test(file.name) &&
    (file.type === '' ||
      file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' ||
      file.type === 'application/octet-stream');
  if (!isXlsx) return 'format';
  if (file.size > LISTING_RULES.excelMaxBytes) return 'size';
  return null;
}
