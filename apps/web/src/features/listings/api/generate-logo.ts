import type { LogoBody, LogoResult } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { editListingKeys, listingPath } from './get-listing.ts';

/**
 * POST /api/listings/:listingId/logo (JSON): a generated logo. With `preview` nothing is stored and the SVG comes
 * back; without it the logo is used (on an approved listing it waits for review). Errors shown in place.
 */
export function generateLogo(input: { listingId: string; body: LogoBody }, signal?: AbortSignal): Promise<LogoResult> {
  return api.post<LogoResult>(listingPath(input.listingId, 'logo'), input.body, { errorMode: 'silent', signal });
}

/** Uses a generated logo (or spends the AI token), then reloads the listing. */
export function useGenerateLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { listingId: string; body: LogoBody }) => generateLogo(input),
    onSuccess: (_result, input) => queryClient.invalidateQueries({ queryKey: editListingKeys.detail(input.listingId) }),
  });
}
