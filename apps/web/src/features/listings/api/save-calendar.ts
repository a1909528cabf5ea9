import type { Calendar, CalendarBody } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { learnServerTime } from '../../../components/auction/index.ts';
import { api } from '../../../lib/api-client.ts';
import { editListingKeys, listingPath } from './get-listing.ts';

/** POST /api/listings/:listingId/calendar: replaces the upcoming entries → the calendar; errors shown in place. */
export async function saveCalendar(input: { listingId: string; body: CalendarBody }): Promise<Calendar> {
  const calendar = await api.post<Calendar>(listingPath(input.listingId, 'calendar'), input.body, {
    errorMode: 'silent',
  });
  learnServerTime(calendar.serverTime);
  return calendar;
}

/** Saves, shows the answer at once, then reloads the listing (its next price changes). */
export function useSaveCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCalendar,
    onSuccess: (calendar, input) => {
      queryClient.setQueryData(editListingKeys.calendar(input.listingId), calendar);
      return queryClient.invalidateQueries({ queryKey: editListingKeys.detail(input.listingId), exact: true });
    },
  });
}
