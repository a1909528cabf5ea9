import type { DomainOrderResult } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { domainKeys } from './keys.ts';
import { domainPath } from './update-domain-settings.ts';

/** POST /api/domains/:name/renew { years }: an order paid from the balance; the registrar's result comes later. */
export function renewDomain(input: {
  name: string;
  years: number;
  idempotencyKey: string;
}): Promise<DomainOrderResult> {
  return api.post<DomainOrderResult>(
    domainPath(input.name, 'renew'),
    { years: input.years },
    { errorMode: 'message', idempotencyKey: input.idempotencyKey },
  );
}

export function useRenewDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewDomain,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainKeys.lists() }),
  });
}
