import { AUCTION_RULES } from '@namebourse/contract';

/** The site's business day is UTC+8 (spec: the end-date selector counts days in China time). */
const OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export interface EndDateChip {
  /** The day in UTC+8, 'YYYY-MM-DD'. */
  date: string;
  /** 0 = today, 1 = tomorrow … */
  index: number;
  /** saleEndTimeStart: that day's midnight in UTC+8. */
  start: string;
  /** saleEndTimeEnd: the next day's midnight in UTC+8. */
  end: string;
}

function dayText(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** Today (in UTC+8) and the next days: `AUCTION_RULES.endDateSelectorDays` chips in all. */
export function endDateChips(nowMs: number, days: number = AUCTION_RULES.endDateSelectorDays): EndDateChip[] {
  const today = Math.floor((nowMs + OFFSET_MS) / DAY_MS);
  return Array.from({ length: days }, (_, index) => {
    const date = dayText(today + index);
    const next = dayText(today + index + 1);
    return { date, index, start: `${date}T00:00:00+08:00`, end: `${next}T00:00:00+08:00` };
  });
}

/** The chip the address selects (same instants, whatever way they are written), or null ("All" or another range). */
export function selectedEndDate(chips: EndDateChip[], start: string, end: string): EndDateChip | null {
  if (!start || !end) return null;
  const s = Date.parse(start);
  const e = Date.parse(end);
  return chips.find((chip) => Date.parse(chip.start) === s && Date.parse(chip.end) === e) ?? null;
}

/** The chip's day as the UI shows it: weekday and month/day, in the given language (UTC+8). */
export function endDateLabel(chip: EndDateChip, lng: string): { weekday: string; day: string } {
  const at = new Date(`${chip.date}T12:00:00+08:00`);
  const zone = { timeZone: 'Asia/Shanghai' } as const;
  return {
    weekday: new Intl.DateTimeFormat(lng, { ...zone, weekday: 'short' }).format(at),
    day: new Intl.DateTimeFormat(lng, { ...zone, month: 'numeric', day: 'numeric' }).format(at),
  };
}
