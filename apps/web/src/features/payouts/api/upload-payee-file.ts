import type { PayeeFile } from '@namebourse/contract';
import { api, type UploadProgress } from '../../../lib/api-client.ts';

export const PAYEE_FILES_PATH = '/funds/payees/files';

/** Uploads may take longer than the usual request timeout on a slow line (5 MB at most). */
export const UPLOAD_TIMEOUT_MS = 120_000;

/** The URL of an uploaded image (GET, same-origin cookies): what an <img> loads. */
export function payeeFileUrl(fileId: string): string {
  return `/api${PAYEE_FILES_PATH}/${encodeURIComponent(fileId)}`;
}

/**
 * POST /api/funds/payees/files (multipart, field `file`) → PayeeFile, reporting progress. Errors are left to
 * the caller (silent), which shows 'Unsupported file format', 'File Size Exceeds Limit' or 'Upload failed,
 * please try again' beside the file.
 */
export function uploadPayeeFile(
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<PayeeFile> {
  const form = new FormData();
  form.set('file', file, file.name);
  return api.post<PayeeFile>(PAYEE_FILES_PATH, form, {
    errorMode: 'silent',
    onUploadProgress: onProgress,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    signal,
  });
}
