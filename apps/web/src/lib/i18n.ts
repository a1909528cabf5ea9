import { DEFAULT_LOCALE, LOCALES, type Locale } from '@namebourse/contract';
import i18next, { type InitOptions, type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DETECTION_OPTIONS, LANGUAGE_COOKIE, mapLanguage } from './language-detection.ts';

export { DETECTION_OPTIONS, detectBrowserLanguage, LANGUAGE_COOKIE, mapLanguage } from './language-detection.ts';

/** The two UI languages (spec §1): Simplified Chinese by default, English. */
export type AppLanguage = Locale;
export const APP_LANGUAGES: readonly AppLanguage[] = LOCALES;

type LocaleModules = Record<string, Record<string, unknown>>;

const LOCALE_FILE = /\/locales\/([^/]+)\/([^/]+)\.json$/;

/** Turns `../locales/<lng>/<namespace>.json` modules into i18next resources (namespace = file name). */
export function buildResources(modules: LocaleModules): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(modules)) {
    const match = LOCALE_FILE.exec(path);
    if (!match) continue;
    const [, lng, ns] = match as unknown as [string, string, string];
    resources[lng] ??= {};
    resources[lng][ns] = content;
  }
  return resources;
}

export function namespacesOf(resources: Resource): string[] {
  const names = new Set<string>();
  for (const bundle of Object.values(resources)) for (const ns of Object.keys(bundle)) names.add(ns);
  return [...names].sort();
}

/**
 * Every locale file, loaded on demand: one chunk per language and namespace, so a page downloads only the texts
 * it shows in the language it shows them in. A server-rendered page carries the namespaces it used in its payload.
 */
const localeLoaders = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' });

/** i18next backend over the locale chunks (a missing file is an empty namespace). */
export const localeBackend = {
  type: 'backend' as const,
  init() {},
  read(lng: string, ns: string, callback: (error: unknown, data: Record<string, unknown> | null) => void) {
    const load = localeLoaders[`../locales/${lng}/${ns}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error, null),
    );
  },
};

/** The namespaces that always come with a page: the shell's, the shared texts and the request pipeline's. */
export const CORE_NAMESPACES = ['common', 'shell', 'api'] as const;

/** Shared options, also used by tests to build isolated instances (`bundles`: resources given up front). */
export function i18nOptions(bundles: Resource = {}): InitOptions {
  return {
    resources: bundles,
    partialBundledLanguages: true,
    ns: [...CORE_NAMESPACES],
    defaultNS: 'common',
    fallbackNS: 'common',
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...APP_LANGUAGES],
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    detection: DETECTION_OPTIONS,
    // A component whose namespace has not arrived yet suspends (the page's Suspense shows the loading state).
    react: { useSuspense: true },
  };
}

function syncHtmlLang(lng: string | undefined): void {
  if (typeof document !== 'undefined' && lng) document.documentElement.lang = mapLanguage(lng);
}

i18next.on('languageChanged', syncHtmlLang);

/**
 * Starts the browser's i18next: the language by the spec's detection order, the texts a server-rendered page
 * brought with it (`bundles`), the core namespaces of the detected language, the rest on demand.
 */
export async function initBrowserI18n(bundles: Resource = {}): Promise<void> {
  await i18next.use(LanguageDetector).use(localeBackend).use(initReactI18next).init(i18nOptions(bundles));
  syncHtmlLang(i18next.resolvedLanguage ?? i18next.language);
}

/**
 * Server and tests: every text of both languages given up front, no backend. The server names the language of
 * each render itself; tests detect it as the browser does (`lng` undefined).
 */
export function initBundledI18n(bundles: Resource, lng?: AppLanguage): void {
  if (i18next.isInitialized) return;
  const instance = lng ? i18next : i18next.use(LanguageDetector);
  void instance.use(initReactI18next).init({
    ...i18nOptions(bundles),
    ...(lng ? { lng } : {}),
    ns: namespacesOf(bundles),
    partialBundledLanguages: false,
  });
  syncHtmlLang(i18next.resolvedLanguage ?? i18next.language);
}

/** The active UI language, always one of the two supported locales. */
export function currentLanguage(): AppLanguage {
  return mapLanguage(i18next.resolvedLanguage ?? i18next.language ?? DEFAULT_LOCALE);
}

/** How the page is reloaded after a language switch (replaceable in tests; jsdom cannot reload). */
export interface PageReloader {
  reload: () => void;
  replace: (url: string) => void;
}

const browserReloader: PageReloader = {
  reload: () => window.location.reload(),
  replace: (url) => window.location.replace(url),
};

const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Writes the chosen language into the detector's cookie (path /, the detector's own default), so that a stale
 * cookie, which detection reads before local storage, cannot bring the old language back after the reload.
 */
export function writeLanguageCookie(lng: AppLanguage): void {
  if (typeof document === 'undefined') return;
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the language detector reads this cookie from document.cookie.
    document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  } catch {
    // Cookies unavailable (sandboxed frame): the detector cannot read a stale one either.
  }
}

/**
 * Switches the UI language (spec §1: the switcher reloads the page). changeLanguage caches the choice in
 * localStorage; the `i18next` cookie, read before localStorage, is overwritten with it; a `lng` query parameter
 * would override both after the reload, so it is dropped from the URL.
 */
export async function switchLanguage(lng: AppLanguage, reloader: PageReloader = browserReloader): Promise<void> {
  await i18next.changeLanguage(lng);
  writeLanguageCookie(lng);
  const url = new URL(window.location.href);
  if (url.searchParams.has('lng')) {
    url.searchParams.delete('lng');
    reloader.replace(url.toString());
  } else {
    reloader.reload();
  }
}

export default i18next;
