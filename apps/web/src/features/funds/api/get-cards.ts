import type { BankCard } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fundsKeys } from './keys.ts';

export const CARDS_PATH = '/funds/cards';

/** GET /api/funds/cards: cards saved with the payment provider for top-ups. */
export async function getCards(signal?: AbortSignal): Promise<BankCard[]> {
  const data = await api.get<{ items: BankCard[] }>(CARDS_PATH, undefined, { errorMode: 'message', signal });
  return data.items;
}

export function useCards(enabled = true) {
  return useQuery({ queryKey: fundsKeys.cards(), queryFn: ({ signal }) => getCards(signal), enabled });
}
