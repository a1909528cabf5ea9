export type DeviceKind = 'desktop' | 'mobile' | 'tablet' | 'tool' | 'unknown';

export interface UserAgentSummary {
  /** Browser or client name ('Chrome', 'curl'); null when not recognised. */
  browser: string | null;
  /** Major version of the browser, when known. */
  version: string | null;
  /** Operating system ('Windows', 'macOS', 'iOS'); null when not recognised. */
  os: string | null;
  kind: DeviceKind;
}

const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['WeChat', /\bMicroMessenger\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//],
];

const TOOLS: [name: string, pattern: RegExp][] = [
  ['curl', /^curl\/(\d+)/i],
  ['Postman', /^PostmanRuntime\/(\d+)/i],
  ['Node.js', /^(?:node|undici|node-fetch)(?:\/(\d+))?/i],
  ['Python', /^python-(?:requests|urllib|httpx)\/(\d+)/i],
  ['Go', /^Go-http-client\/(\d+)/i],
];

const SYSTEMS: [name: string, pattern: RegExp][] = [
  ['Windows', /Windows NT/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Android', /Android/],
  ['ChromeOS', /CrOS/],
  ['macOS', /Mac OS X|Macintosh/],
  ['HarmonyOS', /HarmonyOS/],
  ['Linux', /Linux|X11/],
];

/** A short, simple reading of a User-Agent header: browser, major version, OS and device kind. */
export function summarizeUserAgent(ua: string | null | undefined): UserAgentSummary {
  const text = (ua ?? '').trim();
  if (!text) return { browser: null, version: null, os: null, kind: 'unknown' };

  for (const [name, pattern] of TOOLS) {
    const match = pattern.exec(text);
    if (match) return { browser: name, version: match[1] ?? null, os: null, kind: 'tool' };
  }

  let browser: string | null = null;
  let version: string | null = null;
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(text);
    if (match) {
      browser = name;
      version = match[1] ?? null;
      break;
    }
  }
  const os = SYSTEMS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;

  let kind: DeviceKind = 'desktop';
  if (/iPad|Tablet/.test(text) || (/Android/.test(text) && !/Mobile/.test(text))) kind = 'tablet';
  else if (/Mobi|iPhone|iPod/.test(text)) kind = 'mobile';
  else if (!browser && !os) kind = 'unknown';

  return { browser, version, os, kind };
}

/** "Chrome 126 · macOS", "curl 8", "Safari · iOS", or null when nothing was recognised. */
export function userAgentLabel(summary: UserAgentSummary): string | null {
  const client = summary.browser ? [summary.browser, summary.version].filter(Boolean).join(' ') : null;
  const parts = [client, summary.os].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** The first characters of a device fingerprint, for display ('a1b2c3d4…'). */
export function shortFingerprint(fingerprint: string | null | undefined, length = 8): string {
  const value = (fingerprint ?? '').trim();
  if (!value || value === 'unknown') return '—';
  return value.length > length ? `${value.slice(0, length)}…` : value;
}
