import type { ContactInfo, SaveContactInfoRequest } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from './keys.ts';

export const SAVE_CONTACT_INFO_PATH = '/account-manage/save-contact-info';

/** POST /api/account-manage/save-contact-info. Field errors are shown under the fields by the form (errorMode 'message'). */
export function saveContactInfo(body: SaveContactInfoRequest): Promise<ContactInfo> {
  return api.post<ContactInfo>(SAVE_CONTACT_INFO_PATH, body, { errorMode: 'message' });
}

export function useSaveContactInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContactInfo,
    onSuccess: (data) => queryClient.setQueryData(profileKeys.contactInfo, data),
  });
}
