import { ORDER_SOURCES, ORDER_STATUSES } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { flattenLocale, type LocaleTree, staticTranslationKeys } from '../../lib/testing/locale-coverage';
import en from '../../locales/en-US/orders.json';
import zh from '../../locales/zh-CN/orders.json';

const sources = import.meta.glob<string>('./**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });

describe('orders locale files', () => {
  const enKeys = flattenLocale(en as LocaleTree);
  const zhKeys = flattenLocale(zh as LocaleTree);

  it('have the same keys in both languages, none empty', () => {
    expect([...zhKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
    for (const [key, value] of [...enKeys, ...zhKeys]) expect(value.trim(), key).not.toBe('');
  });

  it('name every order status and source of the contract', () => {
    for (const status of ORDER_STATUSES) {
      expect(enKeys.has(`status.${status}`), status).toBe(true);
      expect(zhKeys.get(`status.${status}`), status).not.toBe(enKeys.get(`status.${status}`));
    }
    for (const source of ORDER_SOURCES) expect(enKeys.has(`source.${source}`), source).toBe(true);
  });

  it('contain every key the pages use', () => {
    const used = staticTranslationKeys(sources);
    expect(used.length).toBeGreaterThan(30);
    for (const key of used) expect(enKeys.has(key), key).toBe(true);
  });
});
