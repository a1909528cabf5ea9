import { DEFAULT_LOCALE, type Locale } from '@namebourse/contract';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';

/**
 * How the browser picks the UI language (spec §9), apart from i18next itself: the page's starter (main.ts) reads
 * it before any of the app is downloaded, to know whether the server rendered the page in the language the app
 * will use, and i18next (lib/i18n.ts) detects with the same options.
 */

/** Spec §9: any zh* maps to zh-CN, anything else to en-US. */
export function mapLanguage(lng: string | null | undefined): Locale {
  return (lng ?? '').trim().toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

/** The cookie the detector reads (second in the order, before local storage). */
export const LANGUAGE_COOKIE = 'i18next';

/** Spec §9: query `lng`, cookie, local storage, session storage, browser language, html lang; cached in local storage. */
export const DETECTION_OPTIONS: DetectorOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: LANGUAGE_COOKIE,
  caches: ['localStorage'],
  convertDetectedLanguage: (lng: string) => mapLanguage(lng),
};

/**
 * The language i18next will detect in this browser: the first language the spec's order finds (every candidate
 * maps to a supported one, so i18next's best match is the first), the default when none is found.
 */
export function detectBrowserLanguage(): Locale {
  const found = new LanguageDetector(undefined, DETECTION_OPTIONS).detect();
  const first = Array.isArray(found) ? found[0] : found;
  return first ? mapLanguage(first) : DEFAULT_LOCALE;
}
