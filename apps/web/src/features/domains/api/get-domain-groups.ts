import type { DomainGroup } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { domainKeys } from './keys.ts';

export const DOMAIN_GROUPS_PATH = '/domain-groups';

/** GET /api/domain-groups → { items } (each with its domain count). */
export async function getDomainGroups(signal?: AbortSignal): Promise<DomainGroup[]> {
  const answer = await api.get<{ items: DomainGroup[] }>(DOMAIN_GROUPS_PATH, undefined, {
    errorMode: 'message',
    signal,
  });
  return answer.items;
}

export function useDomainGroups() {
  return useQuery({ queryKey: domainKeys.groups(), queryFn: ({ signal }) => getDomainGroups(signal) });
}
