import type { ContactInfo } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from './keys.ts';

export const GET_CONTACT_INFO_PATH = '/account-manage/get-contact-info';

/** GET /api/account-manage/get-contact-info (errors shown in place by the page: errorMode 'message'). */
export function getContactInfo(signal?: AbortSignal): Promise<ContactInfo> {
  return api.get<ContactInfo>(GET_CONTACT_INFO_PATH, undefined, { errorMode: 'message', signal });
}

export function useContactInfo() {
  return useQuery({ queryKey: profileKeys.contactInfo, queryFn: ({ signal }) => getContactInfo(signal) });
}
