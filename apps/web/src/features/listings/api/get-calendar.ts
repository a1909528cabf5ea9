import type { Calendar } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { learnServerTime } from '../../../components/auction/index.ts';
import { api } from '../../../lib/api-client.ts';
import { editListingKeys, listingPath } from './get-listing.ts';

/** GET /api/listings/:listingId/calendar: the entries (history, active, upcoming) and the server's time. */
export async function getCalendar(listingId: string, signal?: AbortSignal): Promise<Calendar> {
  const calendar = await api.get<Calendar>(listingPath(listingId, 'calendar'), undefined, {
    errorMode: 'message',
    signal,
  });
  learnServerTime(calendar.serverTime);
  return calendar;
}

export function useCalendar(listingId: string) {
  return useQuery({
    queryKey: editListingKeys.calendar(listingId),
    queryFn: ({ signal }) => getCalendar(listingId, signal),
  });
}
