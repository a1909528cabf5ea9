import type { LockStatus } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { domainKeys } from './keys.ts';
import { domainPath } from './update-domain-settings.ts';

/** POST /api/domains/:name/transfer-lock { locked } → { lockStatus: 'opening' | 'closing' }; the result comes later. */
export function setTransferLock(input: { name: string; locked: boolean }): Promise<{ lockStatus: LockStatus }> {
  return api.post<{ lockStatus: LockStatus }>(
    domainPath(input.name, 'transfer-lock'),
    { locked: input.locked },
    { errorMode: 'message' },
  );
}

/** Asks for the change, then reloads the list: the row shows 'opening'/'closing' and the list follows it live. */
export function useSetTransferLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTransferLock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainKeys.lists() }),
  });
}
