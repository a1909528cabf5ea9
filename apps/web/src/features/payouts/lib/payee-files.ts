import { FUNDS_LIMITS } from '@namebourse/contract';
import { isApiError } from '../../../lib/api-client.ts';

/** Why an agreement/certificate image cannot be used (keys of `payees.files.problem`). */
export type FileProblem = 'unsupportedFormat' | 'tooLarge' | 'uploadFailed';

const EXTENSIONS = /\.(jpe?g|png)$/i;

/**
 * The client-side check before uploading: JPG or PNG (by type, or by extension when the browser gives none),
 * at most FUNDS_LIMITS.payeeFileMaxBytes. The server checks the content again.
 */
export function checkPayeeFile(file: { name: string; type: string; size: number }): FileProblem | null {
  const typeOk = file.type ? FUNDS_LIMITS.payeeFileTypes.includes(file.type.toLowerCase()) : EXTENSIONS.test(file.name);
  if (!typeOk) return 'unsupportedFormat';
  if (file.size > FUNDS_LIMITS.payeeFileMaxBytes) return 'tooLarge';
  return null;
}

/** The problem an upload error stands for: the server's format and size refusals, anything else a failed upload. */
export function uploadProblem(error: unknown): FileProblem {
  if (!isApiError(error)) return 'uploadFailed';
  if (error.code === 'File.UnsupportedFormat') return 'unsupportedFormat';
  if (error.code === 'File.TooLarge' || error.code === 'Request.PayloadTooLarge' || error.status === 413)
    return 'tooLarge';
  return 'uploadFailed';
}

/** Upload progress as a whole percentage (0 while the size is unknown). */
export function progressPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.round((loaded / total) * 100)));
}

/** The input's `accept`: what the picker offers. */
export const PAYEE_FILE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
