import { NOTIFICATION_KEYS } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { flattenLocale, type LocaleTree, staticTranslationKeys } from '../../lib/testing/locale-coverage';
import en from '../../locales/en-US/profile.json';
import zh from '../../locales/zh-CN/profile.json';
import { USER_INFO_TABS } from './pages/user-info-page';

const sources = import.meta.glob<string>('./**/*.tsx', { query: '?raw', import: 'default', eager: true });

describe('profile locale files', () => {
  const enKeys = flattenLocale(en as LocaleTree);
  const zhKeys = flattenLocale(zh as LocaleTree);

  it('have the same keys in both languages', () => {
    expect([...zhKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
  });

  it('contain every key the page uses', () => {
    const used = [
      ...staticTranslationKeys(sources),
      ...USER_INFO_TABS.map((tab) => `tabs.${tab}`),
      ...NOTIFICATION_KEYS.flatMap((key) => [`settings.notify.${key}.title`, `settings.notify.${key}.description`]),
      ...['password', 'mfa', 'sessions'].flatMap((item) => [`security.${item}.title`, `security.${item}.description`]),
      'settings.languages.zh-CN',
      'settings.languages.en-US',
    ];
    for (const key of used) {
      expect(enKeys.has(key), `en-US ${key}`).toBe(true);
      expect(zhKeys.has(key), `zh-CN ${key}`).toBe(true);
    }
  });

  it('say the spec region-data failure text', () => {
    expect(enKeys.get('regions.failed')).toBe('Failed to retrieve region data. Please refresh the page');
  });
});
