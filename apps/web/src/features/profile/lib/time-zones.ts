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
