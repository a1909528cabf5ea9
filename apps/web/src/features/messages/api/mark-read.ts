import type { Message, Page } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
import { MESSAGES_PATH } from './get-messages.ts';
import { messageKeys } from './keys.ts';

export const MARK_READ_PATH = `${MESSAGES_PATH}/read`;

export type MarkReadInput = { messageIds: string[] } | { all: true };

/** POST /api/messages/read { messageIds } | { all: true } → { unread } (what is still unread). */
export function markRead(input: MarkReadInput): Promise<{ unread: number }> {
  return api.post<{ unread: number }>(MARK_READ_PATH, input);
}

/** Marks messages read in the lists already loaded (before the server answers, so the dot goes at once). */
export function markReadInPage(page: Page<Message> | undefined, input: MarkReadInput): Page<Message> | undefined {
  if (!page) return page;
  const ids = 'all' in input ? null : new Set(input.messageIds);
  let changed = false;
  const items = page.items.map((message) => {
    if (message.read || (ids && !ids.has(message.messageId))) return message;
    changed = true;
    return { ...message, read: true };
  });
  return changed ? { ...page, items } : page;
}

/**
 * Marks messages read: the lists show it at once, the bell takes the server's new count (and asks again), and
 * the lists are marked stale without being refetched now, so a message just read in the 'Unread' view stays in
 * place (without its dot) until the view changes.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onMutate: (input) => {
      queryClient.setQueriesData<Page<Message>>({ queryKey: messageKeys.lists() }, (page) =>
        markReadInPage(page, input),
      );
    },
    // The dots shown were optimistic: put the server's view back.
    onError: () => queryClient.invalidateQueries({ queryKey: messageKeys.lists() }),
    onSuccess: (result) => {
      queryClient.setQueryData(sharedKeys.unreadCount, Math.max(0, result.unread));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedKeys.unreadCount }),
        queryClient.invalidateQueries({ queryKey: messageKeys.lists(), refetchType: 'none' }),
      ]),
  });
}
