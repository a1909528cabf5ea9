import { LISTING_RULES, LOGO_MIME_TYPES } from '@namebourse/contract';
import { isApiError } from '../../../lib/api-client.ts';

/** Why a logo image cannot be uploaded, before sending it (keys of `listing-edit:logo.upload.problem`). */
export type LogoFileProblem = 'unsupportedFormat' | 'tooLarge' | 'tooManyPixels' | 'unreadable';

/** JPG or PNG by the browser's type, at most 2000 KB (spec §5). The server decodes and checks it again. */
export function checkLogoFile(file: { type: string; size: number }): LogoFileProblem | null {
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase())) return 'unsupportedFormat';
  if (file.size > LISTING_RULES.logoMaxBytes) return 'tooLarge';
  return null;
}

/** How long the browser may take to decode an image before it counts as unreadable (ms). */
const DECODE_TIMEOUT_MS = 10_000;

/** The image's size in pixels, decoded by the browser; null when it cannot decode it. */
export function readImageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    if (typeof URL.createObjectURL !== 'function') {
      resolve(null);
      return;
    }
    const url = URL.createObjectURL(file);
    const image = new Image();
    let settled = false;
    const timer = setTimeout(() => done(null), DECODE_TIMEOUT_MS);
    function done(size: { width: number; height: number } | null) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      resolve(size);
    }
    image.onload = () => done({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => done(null);
    image.src = url;
  });
}

/** At most 1000 px on each side (spec §5). */
export function pixelsProblem(size: { width: number; height: number } | null): LogoFileProblem | null {
  if (!size) return 'unreadable';
  return size.width > LISTING_RULES.logoMaxPixels || size.height > LISTING_RULES.logoMaxPixels ? 'tooManyPixels' : null;
}

/** An upload refused for its format or size by the server is said like the client's own refusal. */
export function uploadErrorProblem(error: unknown): LogoFileProblem | null {
  if (!isApiError(error)) return null;
  if (error.code === 'File.UnsupportedFormat') return 'unsupportedFormat';
  if (error.code === 'File.TooLarge' || error.code === 'Request.PayloadTooLarge' || error.status === 413)
    return 'tooLarge';
  return null;
}

/** What the file picker offers. */
export const LOGO_FILE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
