import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKeys } from './keys.ts';

export const UPDATE_AK_IP_WHITELIST_PATH = '/account-manage/update-ak-ip-whitelist';

export interface UpdateAkIpWhiteListInput {
  keyId: string;
  ipWhiteList: string[];
}

/** POST /api/account-manage/update-ak-ip-whitelist (MFA-guarded); the editor shows errors inline. */
export function updateAkIpWhiteList(body: UpdateAkIpWhiteListInput): Promise<unknown> {
  return api.post(UPDATE_AK_IP_WHITELIST_PATH, body, { errorMode: 'message' });
}

export function useUpdateAkIpWhiteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAkIpWhiteList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.accessKeys() }),
  });
}
