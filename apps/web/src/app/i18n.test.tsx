import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import appI18n, { DETECTION_OPTIONS, i18nOptions, mapLanguage, switchLanguage } from '../lib/i18n.ts';
import { resources } from '../lib/i18n-resources.ts';

function clearDetectionSources() {
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: test setup clears the detector's cookie.
  document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

async function detect(): Promise<string> {
  const instance = i18next.createInstance();
  await instance.use(LanguageDetector).init(i18nOptions());
  return instance.language;
}

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('mapLanguage (spec §9)', () => {
  it.each([
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['zh-Hant-HK', 'zh-CN'],
    ['ZH-hk', 'zh-CN'],
    ['en', 'en-US'],
    ['en-GB', 'en-US'],
    ['fr-FR', 'en-US'],
    ['ja', 'en-US'],
    ['', 'en-US'],
    [undefined, 'en-US'],
  ])('%s → %s', (input, expected) => {
    expect(mapLanguage(input)).toBe(expected);
  });
});

describe('language detection', () => {
  const languages = vi.spyOn(window.navigator, 'languages', 'get');
  const language = vi.spyOn(window.navigator, 'language', 'get');

  beforeEach(() => {
    clearDetectionSources();
    languages.mockReturnValue(['fr-FR']);
    language.mockReturnValue('fr-FR');
  });
  afterEach(clearDetectionSources);

  it('uses the exact order of spec §9 and caches in localStorage only', () => {
    expect(DETECTION_OPTIONS.order).toEqual([
      'querystring',
      'cookie',
      'localStorage',
      'sessionStorage',
      'navigator',
      'htmlTag',
    ]);
    expect(DETECTION_OPTIONS.lookupQuerystring).toBe('lng');
    expect(DETECTION_OPTIONS.caches).toEqual(['localStorage']);
  });

  it('prefers the lng query parameter and maps it', async () => {
    window.history.replaceState(null, '', '/?lng=zh-TW');
    localStorage.setItem('i18nextLng', 'en-US');
    expect(await detect()).toBe('zh-CN');
  });

  it('prefers the cookie over local storage', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the detector reads document.cookie.
    document.cookie = 'i18next=zh; path=/';
    localStorage.setItem('i18nextLng', 'en-US');
    expect(await detect()).toBe('zh-CN');
  });

  it('prefers local storage over session storage', async () => {
    localStorage.setItem('i18nextLng', 'en-GB');
    sessionStorage.setItem('i18nextLng', 'zh-CN');
    expect(await detect()).toBe('en-US');
  });

  it('reads session storage before the browser language', async () => {
    sessionStorage.setItem('i18nextLng', 'zh-HK');
    expect(await detect()).toBe('zh-CN');
  });

  it('maps a Chinese browser language to zh-CN and anything else to en-US', async () => {
    languages.mockReturnValue(['zh-TW', 'en']);
    language.mockReturnValue('zh-TW');
    expect(await detect()).toBe('zh-CN');
    localStorage.clear(); // the first detection cached its answer
    languages.mockReturnValue(['de-DE']);
    language.mockReturnValue('de-DE');
    expect(await detect()).toBe('en-US');
  });

  it('makes a switch win over a stale i18next cookie after the reload', async () => {
    const reloader = { reload: vi.fn(), replace: vi.fn() };
    // biome-ignore lint/suspicious/noDocumentCookie: a cookie left by an earlier visit.
    document.cookie = 'i18next=en-US; path=/';
    await switchLanguage('zh-CN', reloader);
    expect(localStorage.getItem('i18nextLng')).toBe('zh-CN');
    expect(document.cookie).toContain('i18next=zh-CN');
    expect(document.cookie).not.toContain('i18next=en-US');
    // What the page detects after the reload.
    expect(await detect()).toBe('zh-CN');

    await switchLanguage('en-US', reloader);
    expect(await detect()).toBe('en-US');
    expect(reloader.reload).toHaveBeenCalledTimes(2);
  });

  it('caches the detected language in localStorage', async () => {
    window.history.replaceState(null, '', '/?lng=en');
    await detect();
    expect(localStorage.getItem('i18nextLng')).toBe('en-US');
  });
});

describe('the app instance', () => {
  it('loads every locale file as a namespace with identical keys in both languages', () => {
    const zh = resources['zh-CN'] ?? {};
    const en = resources['en-US'] ?? {};
    expect(Object.keys(zh)).toEqual(expect.arrayContaining(['common', 'shell']));
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const ns of Object.keys(zh)) {
      expect(keysOf(en[ns]).sort(), ns).toEqual(keysOf(zh[ns]).sort());
    }
  });

  it('keeps <html lang> in sync and switching stores the language, then reloads', async () => {
    const reloader = { reload: vi.fn(), replace: vi.fn() };
    window.history.replaceState(null, '', '/sale');
    await switchLanguage('zh-CN', reloader);
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(localStorage.getItem('i18nextLng')).toBe('zh-CN');
    expect(reloader.reload).toHaveBeenCalledOnce();

    window.history.replaceState(null, '', '/sale?lng=zh-CN&page=2');
    await switchLanguage('en-US', reloader);
    expect(appI18n.language).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(localStorage.getItem('i18nextLng')).toBe('en-US');
    // The lng parameter would override the stored choice, so it is dropped.
    expect(reloader.replace).toHaveBeenCalledWith('http://localhost:3000/sale?page=2');
  });
});
