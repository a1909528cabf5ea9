import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { AccessKey } from './get-ak.ts';

import { securityKeys } from './keys.ts';

export const UPDATE_AK_STATUS_PATH = '/account-manage/update-ak-status';

export interface UpdateAkStatusInput {
  keyId: string;
  status: AccessKey['status'];
}

/** POST /api/account-manage/update-ak-status { keyId, status }; failures are toasts. */
export function updateAkStatus(body: UpdateAkStatusInput): Promise<unknown> {
  return api.post(UPDATE_AK_STATUS_PATH, body);
}

/** Optimistic: the switch moves at once and snaps back on failure. */
export function useUpdateAkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAkStatus,
    onMutate: async ({ keyId, status }) => {
      await queryClient.cancelQueries({ queryKey: securityKeys.accessKeys() });
      const previous = queryClient.getQueryData<AccessKey[]>(securityKeys.accessKeys());
      queryClient.setQueryData<AccessKey[]>(securityKeys.accessKeys(), (old) =>
        old?.map((key) => (key.keyId === keyId ? { ...key, status } : key)),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(securityKeys.accessKeys(), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.accessKeys() }),
  });
}
