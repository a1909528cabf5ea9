import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKeys } from './keys.ts';

export const SESSIONS_PATH = '/account-manage/sessions';

export interface ActiveSession {
  id: string;
  deviceFingerprint: string | null;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  isCurrent: boolean;
}

/** Accepts a bare array or a list envelope `{ items }`. */
export function itemsOf<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items)) {
    return (data as { items: T[] }).items;
  }
  return [];
}

/** GET /api/account-manage/sessions: the current session first, then by last use. */
export async function getSessions(signal?: AbortSignal): Promise<ActiveSession[]> {
  const data = await api.get<unknown>(SESSIONS_PATH, undefined, { errorMode: 'message', signal });
  const time = (session: ActiveSession) => Date.parse(session.lastUsedAt ?? session.createdAt) || 0;
  return itemsOf<ActiveSession>(data).sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent) || time(b) - time(a));
}

export function useSessions() {
  return useQuery({ queryKey: securityKeys.sessions(), queryFn: ({ signal }) => getSessions(signal) });
}
