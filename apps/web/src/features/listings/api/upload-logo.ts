import type { LogoResult } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { editListingKeys, listingPath } from './get-listing.ts';

/** An image of up to 2000 KB may take longer than the usual request timeout on a slow line. */
export const LOGO_UPLOAD_TIMEOUT_MS = 60_000;

/**
 * POST /api/listings/:listingId/logo (multipart, field `file`): the seller's own JPG or PNG, which the server
 * decodes and checks again. Errors are left to the caller (silent), shown beside the file.
 */
export function uploadLogo(input: { listingId: string; file: File }): Promise<LogoResult> {
  const form = new FormData();
  form.set('file', input.file, input.file.name);
  return api.post<LogoResult>(listingPath(input.listingId, 'logo'), form, {
    errorMode: 'silent',
    timeoutMs: LOGO_UPLOAD_TIMEOUT_MS,
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (_result, input) => queryClient.invalidateQueries({ queryKey: editListingKeys.detail(input.listingId) }),
  });
}
