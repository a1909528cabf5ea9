import type { Message, Page } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { messageKeys } from './keys.ts';

export const MESSAGES_PATH = '/messages';
export const MESSAGES_PAGE_SIZE = 10;

/**
 * GET /api/messages?unread&page&pageSize → Page<Message>, newest first. `unread` is sent only when true: the
 * server reads any value of it as a boolean.
 */
export function getMessages(query: { unread: boolean; page: number }, signal?: AbortSignal): Promise<Page<Message>> {
  return api.get<Page<Message>>(
    MESSAGES_PATH,
    { unread: query.unread ? 'true' : undefined, page: query.page, pageSize: MESSAGES_PAGE_SIZE },
    { errorMode: 'message', signal },
  );
}

export function useMessages(query: { unread: boolean; page: number }) {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return useQuery({
    queryKey: messageKeys.list({ ...query, lng }),
    queryFn: ({ signal }) => getMessages(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
