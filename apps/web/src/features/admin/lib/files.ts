import type { PayeeFile } from '@namebourse/contract';

/**
 * Where the browser loads a payee's uploaded image: the file's own `url` when it is a path under /api (or an
 * absolute URL), otherwise GET /api/funds/payees/files/:fileId, which operators may read.
 */
export function payeeFileSrc(file: Pick<PayeeFile, 'fileId' | 'url'>): string {
  const url = file.url.trim();
  if (/^https?:\/\//i.test(url) || url.startsWith('/api/')) return url;
  if (url.startsWith('/funds/')) return `/api${url}`;
  return `/api/funds/payees/files/${encodeURIComponent(file.fileId)}`;
}
