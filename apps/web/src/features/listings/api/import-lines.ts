import type { ImportLinesBody, ImportResult } from '@namebourse/contract';
import { api } from '../../../lib/api-client.ts';
import { LISTINGS_PATH } from './get-listings.ts';

/** A chunk of lines may take the server longer than the usual 5 s (ownership and availability per domain). */
export const IMPORT_TIMEOUT_MS = 60_000;

/** POST /api/listings/import { lines, endOption } (one chunk; the caller reports progress) → accepted / refused rows. */
export function importLines(body: ImportLinesBody): Promise<ImportResult> {
  return api.post<ImportResult>(`${LISTINGS_PATH}/import`, body, { errorMode: 'silent', timeoutMs: IMPORT_TIMEOUT_MS });
}
