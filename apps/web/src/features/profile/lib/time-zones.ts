/** A short list for runtimes without Intl.supportedValuesOf. */
const FALLBACK_ZONES = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Taipei',
  'Asia/Tokyo',
  'Asia/Singapore',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'UTC',
];

/** IANA time zones of the browser (Intl), always including the current one. */
export function timeZoneOptions(current?: string): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone');
  const zones = supported && supported.length > 0 ? [...supported] : [...FALLBACK_ZONES];
  if (!zones.includes('UTC')) zones.push('UTC');
  if (current && !zones.includes(current)) zones.unshift(current);
  return zones;
}

/** The zone's offset from UTC at `at` ('UTC+08:00', 'UTC-05:00', 'UTC+00:00'); '' when the runtime cannot tell. */
export function utcOffsetOf(zone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (!part) return '';
    const offset = part.replace(/^GMT/, '');
    return `UTC${offset === '' ? '+00:00' : offset}`;
  } catch {
    return '';
  }
}

/** A zone as the settings list shows it: its name and its offset now ('Asia/Shanghai (UTC+08:00)'). */
export function timeZoneLabel(zone: string, at: Date = new Date()): string {
  const offset = utcOffsetOf(zone, at);
  return offset ? `${zone.replaceAll('_', ' ')} (${offset})` : zone;
}
