import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKeys } from './keys.ts';

export const CHANGE_PASSWORD_PATH = '/account-manage/change-password';

export interface ChangePasswordInput {
  oldPassword: string;
  password: string;
}

/** POST /api/account-manage/change-password (MFA-guarded); the server signs out the other sessions. */
export function changePassword(body: ChangePasswordInput): Promise<unknown> {
  return api.post(CHANGE_PASSWORD_PATH, body, { errorMode: 'message' });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
}
