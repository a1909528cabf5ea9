import type { Payee } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { payoutsKeys } from './keys.ts';

export const PAYEES_PATH = '/funds/payees';

/** GET /api/funds/payees → { items } (at most one per type). */
export async function getPayees(signal?: AbortSignal): Promise<Payee[]> {
  const data = await api.get<{ items: Payee[] }>(PAYEES_PATH, undefined, { errorMode: 'message', signal });
  return data.items;
}

export function usePayees() {
  return useQuery({ queryKey: payoutsKeys.payees(), queryFn: ({ signal }) => getPayees(signal) });
}
