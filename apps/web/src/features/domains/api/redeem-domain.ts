import type { DomainOrderResult } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { domainKeys } from './keys.ts';
import { domainPath } from './update-domain-settings.ts';

/** POST /api/domains/:name/redeem {}: the restore fee paid from the balance; the registrar's result comes later. */
export function redeemDomain(input: { name: string; idempotencyKey: string }): Promise<DomainOrderResult> {
  return api.post<DomainOrderResult>(
    domainPath(input.name, 'redeem'),
    {},
    { errorMode: 'message', idempotencyKey: input.idempotencyKey },
  );
}

export function useRedeemDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemDomain,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainKeys.lists() }),
  });
}
