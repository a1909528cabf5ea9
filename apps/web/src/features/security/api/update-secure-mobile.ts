import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKeys } from './keys.ts';

export const UPDATE_SECURE_MOBILE_PATH = '/account-manage/update-secure-mobile';

export interface UpdateSecureMobileInput {
  phone: string;
  phoneCountryCode: string;
  verifyCode: string;
}

/** POST /api/account-manage/update-secure-mobile (MFA-guarded); the code was sent to the new phone. */
export function updateSecureMobile(body: UpdateSecureMobileInput): Promise<unknown> {
  return api.post(UPDATE_SECURE_MOBILE_PATH, body, { errorMode: 'message' });
}

export function useUpdateSecureMobile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecureMobile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.info() }),
  });
}
