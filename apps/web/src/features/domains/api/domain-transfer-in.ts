import type { TransferInBody } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { DOMAINS_PATH } from './get-domains.ts';
import { domainKeys } from './keys.ts';

/** POST /api/domains/transfer-in { domain, authCode }: pending until the registrar answers (see the results). */
export function requestTransferIn(body: TransferInBody): Promise<unknown> {
  return api.post<unknown>(`${DOMAINS_PATH}/transfer-in`, body, { errorMode: 'message' });
}

export function useRequestTransferIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestTransferIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainKeys.all }),
  });
}
