import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { domainKeys } from './keys.ts';
import { domainGroupPath } from './save-domain-group.ts';

/** DELETE /api/domain-groups/:groupId: its domains become ungrouped. */
export function deleteDomainGroup(groupId: string): Promise<unknown> {
  return api.delete<unknown>(domainGroupPath(groupId), undefined, { errorMode: 'message' });
}

export function useDeleteDomainGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDomainGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainKeys.all }),
  });
}
