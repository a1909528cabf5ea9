import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKeys } from './keys.ts';

export const CREATE_AK_PATH = '/account-manage/create-ak';

export interface CreatedAccessKey {
  keyId: string;
  /** Shown once; the server keeps only a hash. */
  secret: string;
}

/** POST /api/account-manage/create-ak (MFA-guarded). */
export function createAccessKey(): Promise<CreatedAccessKey> {
  return api.post<CreatedAccessKey>(CREATE_AK_PATH, {});
}

export function useCreateAccessKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.accessKeys() }),
  });
}
