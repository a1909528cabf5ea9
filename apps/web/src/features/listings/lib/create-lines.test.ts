import { describe, expect, it } from 'vitest';
import { excelProblem, lineChunks, mergeChunkResult, previewLines } from './create-lines.ts';

describe('batch lines', () => {
  it('numbers lines as typed (blank lines count) and maps each chunk’s rows back to them', () => {
    const text = 'a.com 10\n\nb.com 20\nc.com 30';
    const chunks = lineChunks(text, 2);
    expect(chunks.map((c) => c.map((l) => l.row))).toEqual([[1, 3], [4]]);
    const merged = mergeChunkResult({ accepted: [], refused: [] }, chunks[0] ?? [], {
      accepted: [{ row: 1, domain: 'a.com', listingId: '1', status: 'on_sale' }],
      refused: [{ row: 2, domain: 'b.com', code: 'Listing.AlreadyListed', message: 'x' }],
    });
    expect(merged.refused[0]?.row).toBe(3);
  });

  it('previews the problems with the contract’s parser', () => {
    const preview = previewLines('a.com 10\nb.com 2\nnot a domain', 'en-US');
    expect(preview.count).toBe(3);
    expect(preview.problems.map((p) => [p.row, p.message])).toEqual([
      [2, 'The minimum listing price is $3.00'],
      [3, 'Invalid domain format. Use dots (.) between parts. Exclude www.'],
    ]);
  });

  it('accepts only .xlsx up to 2 MB', () => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    expect(excelProblem({ name: 'a.xlsx', type: xlsx, size: 2 * 1024 * 1024 })).toBeNull();
    expect(excelProblem({ name: 'a.xlsx', type: xlsx, size: 2 * 1024 * 1024 + 1 })).toBe('size');
    expect(excelProblem({ name: 'a.xls', type: 'application/vnd.ms-excel', size: 10 })).toBe('format');
    expect(excelProblem({ name: 'a.xlsx', type: 'text/csv', size: 10 })).toBe('format');
  });
});
