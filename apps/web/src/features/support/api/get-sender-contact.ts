import type { ContactInfo } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const CONTACT_INFO_PATH = '/account-manage/get-contact-info';

/** GET /api/account-manage/get-contact-info: the signed-in user's name and e-mail for the contact form. Quiet. */
export function getSenderContact(signal?: AbortSignal): Promise<ContactInfo> {
  return api.get<ContactInfo>(CONTACT_INFO_PATH, undefined, { errorMode: 'silent', signal });
}

/** Only for a signed-in user; a failure just leaves the form empty. */
export function useSenderContact(enabled: boolean) {
  return useQuery({
    queryKey: ['support', 'sender-contact'] as const,
    queryFn: ({ signal }) => getSenderContact(signal),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
