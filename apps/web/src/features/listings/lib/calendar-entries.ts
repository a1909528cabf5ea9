import { type CalendarEntry, calendarDateOf, LISTING_RULES } from '@namebourse/contract';

export type CalendarEntryState = 'active' | 'applied' | 'upcoming';

/** In force now, past (history), or scheduled. */
export function calendarEntryState(entry: Pick<CalendarEntry, 'active' | 'applied'>): CalendarEntryState {
  if (entry.active) return 'active';
  return entry.applied ? 'applied' : 'upcoming';
}

/** A scheduled entry the seller may still change (what the save replaces). */
export interface DraftEntry {
  date: string;
  priceCents: number;
}

export function upcomingEntries(items: readonly CalendarEntry[]): DraftEntry[] {
  return items
    .filter((entry) => calendarEntryState(entry) === 'upcoming')
    .map(({ date, priceCents }) => ({ date, priceCents }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The first date an entry may take (tomorrow in UTC+8, by the server's clock): today's 00:00 has passed. */
export function firstCalendarDate(serverNowMs: number): string {
  return calendarDateOf(new Date(serverNowMs + 86_400_000));
}

export type DraftProblem = 'dateRequired' | 'datePast' | 'dateTaken' | 'tooMany';

/** Why a new entry on `date` cannot join `drafts` (its price is checked like every price), or null. */
export function draftDateProblem(
  date: string,
  drafts: readonly DraftEntry[],
  serverNowMs: number,
): DraftProblem | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'dateRequired';
  if (date < firstCalendarDate(serverNowMs)) return 'datePast';
  if (drafts.some((entry) => entry.date === date)) return 'dateTaken';
  if (drafts.length >= LISTING_RULES.maxCalendarEntries) return 'tooMany';
  return null;
}

/** Adds an entry and keeps the list in date order. */
export function addDraft(drafts: readonly DraftEntry[], entry: DraftEntry): DraftEntry[] {
  return [...drafts, entry].sort((a, b) => a.date.localeCompare(b.date));
}

/** A calendar date (YYYY-MM-DD) written as the reader's locale writes dates, without moving it to another zone. */
export function formatCalendarDate(date: string, locale: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}
