import { afterEach, describe, expect, it } from 'vitest';
import { detectBrowserLanguage, LANGUAGE_COOKIE } from './language-detection.ts';

function clearCookie(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets and clears the detector's cookie.
  document.cookie = `${LANGUAGE_COOKIE}=; max-age=0; path=/`;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  clearCookie();
  localStorage.clear();
  document.documentElement.lang = 'zh-CN';
});

/** The order the server renders by (query, then cookie) must be the one the starter reads before the app runs. */
describe('detectBrowserLanguage', () => {
  it('reads the lng query first, then the cookie, then local storage, mapping any zh* to zh-CN', () => {
    window.history.replaceState(null, '', '/sale?lng=en');
    // biome-ignore lint/suspicious/noDocumentCookie: the detector's cookie.
    document.cookie = `${LANGUAGE_COOKIE}=zh-TW; path=/`;
    localStorage.setItem('i18nextLng', 'en-US');
    expect(detectBrowserLanguage()).toBe('en-US');
    window.history.replaceState(null, '', '/sale');
    expect(detectBrowserLanguage()).toBe('zh-CN');
    clearCookie();
    expect(detectBrowserLanguage()).toBe('en-US');
  });
});
