import { AUCTION_SORTS, AUCTION_STATUSES, LOT_TYPES } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { flattenLocale, type LocaleTree, staticTranslationKeys } from '../../lib/testing/locale-coverage';
import en from '../../locales/en-US/auctions.json';
import zh from '../../locales/zh-CN/auctions.json';

const sources = {
  ...import.meta.glob<string>('./**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../components/auction/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
};

describe('auctions locale files', () => {
  const enKeys = flattenLocale(en as LocaleTree);
  const zhKeys = flattenLocale(zh as LocaleTree);

  it('have the same keys in both languages, none empty', () => {
    expect([...zhKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
    for (const [key, value] of [...enKeys, ...zhKeys]) expect(value.trim(), key).not.toBe('');
  });

  it('name every lot type, status and sort of the contract', () => {
    for (const type of LOT_TYPES) expect(zhKeys.get(`type.${type}`), type).not.toBe(enKeys.get(`type.${type}`));
    for (const status of AUCTION_STATUSES) expect(enKeys.has(`status.${status}`), status).toBe(true);
    for (const sort of AUCTION_SORTS) expect(enKeys.has(`sort.${sort}`), sort).toBe(true);
  });

  it('contain every key the pages use', () => {
    const used = staticTranslationKeys(sources);
    expect(used.length).toBeGreaterThan(80);
    for (const key of used) expect(enKeys.has(key), key).toBe(true);
  });
});
