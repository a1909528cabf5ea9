import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKeys } from './keys.ts';

export const DELETE_AK_PATH = '/account-manage/delete-ak';

/** POST /api/account-manage/delete-ak { keyId } (MFA-guarded). */
export function deleteAccessKey(keyId: string): Promise<unknown> {
  return api.post(DELETE_AK_PATH, { keyId }, { errorMode: 'message' });
}

export function useDeleteAccessKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccessKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.accessKeys() }),
  });
}
