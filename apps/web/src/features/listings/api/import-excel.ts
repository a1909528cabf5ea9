import type { ImportResult, ListingEndOption } from '@namebourse/contract';
import { api, type UploadProgress } from '../../../lib/api-client.ts';
import { LISTINGS_PATH } from './get-listings.ts';
import { IMPORT_TIMEOUT_MS } from './import-lines.ts';

/**
 * POST /api/listings/import (multipart: `file`, `endOption`) → accepted / refused rows, reporting the upload's
 * progress. Errors are left to the caller, which shows the spec's upload and parse messages.
 */
export function importExcel(
  file: File,
  endOption: ListingEndOption,
  onProgress: (progress: UploadProgress) => void,
): Promise<ImportResult> {
  const form = new FormData();
  form.set('endOption', endOption);
  form.set('file', file, file.name);
  return api.post<ImportResult>(`${LISTINGS_PATH}/import`, form, {
    errorMode: 'silent',
    onUploadProgress: onProgress,
    timeoutMs: IMPORT_TIMEOUT_MS * 2,
  });
}
