import type { Agreement } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const AGREEMENTS_PATH = '/account/agreements';

/** GET /api/account/agreements → { items: [{ code, title, version, url }] }. */
export async function getAgreements(signal?: AbortSignal): Promise<Agreement[]> {
  const result = await api.get<{ items?: Agreement[] }>(AGREEMENTS_PATH, undefined, { errorMode: 'silent', signal });
  return Array.isArray(result?.items) ? result.items : [];
}

export function useAgreements() {
  return useQuery({
    queryKey: ['account', 'agreements'],
    queryFn: ({ signal }) => getAgreements(signal),
    staleTime: 10 * 60 * 1000,
    retry: 1,
  });
}
