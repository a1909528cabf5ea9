import type { DomainGroup, DomainGroupCreate, DomainGroupUpdate } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { DOMAIN_GROUPS_PATH } from './get-domain-groups.ts';
import { domainKeys } from './keys.ts';

export function domainGroupPath(groupId: string): string {
  return `${DOMAIN_GROUPS_PATH}/${encodeURIComponent(groupId)}`;
}

/** POST /api/domain-groups (create) or POST /api/domain-groups/:groupId (rename, describe). */
export function saveDomainGroup(input: { groupId: string | null; body: DomainGroupCreate | DomainGroupUpdate }) {
  return input.groupId === null
    ? api.post<DomainGroup>(DOMAIN_GROUPS_PATH, input.body, { errorMode: 'message' })
    : api.post<DomainGroup>(domainGroupPath(input.groupId), input.body, { errorMode: 'message' });
}

/** Saves a group, then reloads the groups and the list (its rows show group names). */
export function useSaveDomainGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDomainGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainKeys.all }),
  });
}
