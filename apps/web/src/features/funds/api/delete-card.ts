import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { CARDS_PATH } from './get-cards.ts';
import { fundsKeys } from './keys.ts';

/** DELETE /api/funds/cards/:cardId. Errors are shown in the confirm dialog. */
export function deleteCard(cardId: string): Promise<unknown> {
  return api.delete(`${CARDS_PATH}/${encodeURIComponent(cardId)}`, undefined, { errorMode: 'message' });
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCard,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fundsKeys.cards() }),
  });
}
