import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKeys } from './keys.ts';

export const UPDATE_SECURE_EMAIL_PATH = '/account-manage/update-secure-email';

export interface UpdateSecureEmailInput {
  email: string;
  verifyCode: string;
}

/** POST /api/account-manage/update-secure-email; the code (MFA_BY_SECURITY_EMAIL) was sent to the new address. */
export function updateSecureEmail(body: UpdateSecureEmailInput): Promise<unknown> {
  return api.post(UPDATE_SECURE_EMAIL_PATH, body, { errorMode: 'message' });
}

export function useUpdateSecureEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecureEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.info() }),
  });
}
