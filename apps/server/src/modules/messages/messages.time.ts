/**
 * Wall-clock time in an IANA time zone (the user's setting) with nothing but Intl: the parts of an
 * instant there, its UTC offset, and the next moment the zone's clock shows a given hour.
 */

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** A zone the runtime knows, else UTC (a stored setting is validated, but never trust it blindly). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    formatOf(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** The calendar date and clock time of `date` in `timeZone`. */
export function zonedParts(date: Date, timeZone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const part of formatOf(safeTimeZone(timeZone)).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
  };
}

/** Minutes east of UTC of `timeZone` at `date` (480 for Asia/Shanghai). */
export function zoneOffsetMinutes(date: Date, timeZone: string): number {
  const p = zonedParts(date, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((asUtc - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
}

/** 'YYYY-MM-DD HH:mm' in the zone. */
export function formatZoned(date: Date, timeZone: string): string {
  const p = zonedParts(date, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
}

/** 'UTC+08:00' / 'UTC-05:00' / 'UTC' for the zone at that moment. */
export function offsetLabel(date: Date, timeZone: string): string {
  const minutes = zoneOffsetMinutes(date, timeZone);
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The first moment after `after` at which the zone's clock reads `hour`:00. */
export function nextLocalHour(after: Date, timeZone: string, hour: number): Date {
  const zone = safeTimeZone(timeZone);
  const local = zonedParts(after, zone);
  for (let addDays = 0; addDays <= 2; addDays++) {
    // The wall time wanted, read as if it were UTC, then moved by the zone's offset around it.
    const wall = Date.UTC(local.year, local.month - 1, local.day + addDays, hour, 0);
    let at = wall - zoneOffsetMinutes(new Date(wall), zone) * 60_000;
    at = wall - zoneOffsetMinutes(new Date(at), zone) * 60_000;
    if (at > after.getTime()) return new Date(at);
  }
  return new Date(after.getTime() + 24 * 3_600_000);
}
