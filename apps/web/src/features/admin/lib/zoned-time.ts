import { userTimeZone } from '../../../lib/render-env.ts';

/**
 * Wall-clock times in the operator's time zone (their setting, as every date the console shows; the browser's when
 * not known): what a date or datetime-local input means, and what it shows for a time.
 */

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

function wallOf(date: Date, zone: string): Wall {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
    ms: date.getUTCMilliseconds(),
  };
}

const asUtc = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms);

/** The instant a wall-clock time names in `zone` (default: the user's zone, else the browser's). */
export function zonedWallTime(wall: Wall, zone: string | undefined = userTimeZone()): Date {
  if (!zone) return new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.ms);
  const guess = asUtc(wall);
  // The zone's offset at the guess, then again at the result (a change of offset between the two: summer time).
  const first = guess - (asUtc(wallOf(new Date(guess), zone)) - guess);
  const offset = asUtc(wallOf(new Date(first), zone)) - first;
  return new Date(guess - offset);
}

/** `YYYY-MM-DDTHH:mm` (a datetime-local input's value) as an instant in the user's zone; null when not one. */
export function fromZonedInput(value: string, zone: string | undefined = userTimeZone()): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = zonedWallTime({ year, month, day, hour, minute, second: 0, ms: 0 }, zone);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The `YYYY-MM-DDTHH:mm` a datetime-local input shows for an instant, in the user's zone. */
export function toZonedInput(date: Date, zone: string | undefined = userTimeZone()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const w: Wall = zone
    ? wallOf(date, zone)
    : {
        year: date.getFullYear(),
        month: date.getMonth() + 1,
        day: date.getDate(),
        hour: date.getHours(),
        minute: date.getMinutes(),
        second: 0,
        ms: 0,
      };
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}
