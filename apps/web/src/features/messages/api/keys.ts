import { sharedKeys } from '../../../lib/query-keys.ts';

/**
 * TanStack Query keys of the message centre, under the prefix the top-bar bell's unread count shares
 * (invalidating `messageKeys.all` refreshes both). Lists are per language: the server renders titles and bodies
 * in the caller's language.
 */
export const messageKeys = {
  all: sharedKeys.messages,
  lists: () => [...sharedKeys.messages, 'list'] as const,
  list: (query: { unread: boolean; page: number; lng: string }) => [...messageKeys.lists(), query] as const,
};
