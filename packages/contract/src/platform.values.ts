/** platform: the constants and rules that need no schema (pages import them without zod; see platform.ts). */

/** Request headers of spec §7. */
export const HEADERS = {
  acceptLanguage: 'Accept-Language',
  timezoneOffset: 'Accept-Timezone-Offset',
  fingerprint: 'X-Device-Fingerprint',
  csrf: 'X-XSRF-TOKEN',
  idempotencyKey: 'Idempotency-Key',
  traceId: 'X-Trace-Id',
} as const;

export const CSRF_COOKIE = 'XSRF-TOKEN';

/** Client-side constants of spec §9. */
export const CLIENT = {
  requestTimeoutMs: 5000,
  toastDurationMs: 2000,
  defaultResendSeconds: 60,
  regionDataVersion: '20250901',
  footerCopyrightYear: 2025,
} as const;

export const LOCALES = ['zh-CN', 'en-US'] as const;

export const DEFAULT_LOCALE = 'zh-CN';

/** Region data served at /region-data.json (spec §3): exactly the fields c, v, n, p, s. */
export interface RegionEntry {
  c: string;
  v: string;
  n: string;
  p: string;
  s: { c: string; v: string; n: string }[];
}
