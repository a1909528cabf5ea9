import type { DomainSettingsBody } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { DOMAINS_PATH } from './get-domains.ts';
import { domainKeys } from './keys.ts';

export function domainPath(name: string, action: string): string {
  return `${DOMAINS_PATH}/${encodeURIComponent(name)}/${action}`;
}

/** POST /api/domains/:name/settings: notes and/or group. */
export function updateDomainSettings(input: { name: string; body: DomainSettingsBody }): Promise<unknown> {
  return api.post<unknown>(domainPath(input.name, 'settings'), input.body, { errorMode: 'message' });
}

/** Saves, then reloads the list and the groups (their counts change with an assignment). */
export function useUpdateDomainSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDomainSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainKeys.all }),
  });
}
