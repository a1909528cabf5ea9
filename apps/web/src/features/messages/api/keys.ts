import { MESSAGES_QUERY_KEY } from '../../../components/message-bell';

/**
 * TanStack Query keys of the message centre, under the prefix the top-bar bell's unread count shares
 * (invalidating `messageKeys.all` refreshes both). Lists are per language: the server renders titles and bodies
 * in the caller's language.
 */
export const messageKeys = {
  all: MESSAGES_QUERY_KEY,
  lists: () => [...MESSAGES_QUERY_KEY, 'list'] as const,
  list: (query: { unread: boolean; page: number; lng: string }) => [...messageKeys.lists(), query] as const,
};
