import { MESSAGE_KINDS } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { flattenLocale, type LocaleTree, staticTranslationKeys } from '../../lib/testing/locale-coverage';
import en from '../../locales/en-US/messages.json';
import zh from '../../locales/zh-CN/messages.json';
import { MESSAGE_CATEGORIES } from './lib/message-kinds';

const sources = {
  ...import.meta.glob<string>('./**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
  // The top-bar bell uses this namespace too.
  ...import.meta.glob<string>('../../components/message-bell.tsx', { query: '?raw', import: 'default', eager: true }),
};

describe('messages locale files', () => {
  const enKeys = flattenLocale(en as LocaleTree);
  const zhKeys = flattenLocale(zh as LocaleTree);

  it('have the same keys in both languages, none empty', () => {
    expect([...zhKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
    for (const [key, value] of [...enKeys, ...zhKeys]) expect(value.trim(), key).not.toBe('');
  });

  it('name every message kind and category', () => {
    for (const kind of MESSAGE_KINDS) expect(enKeys.has(`kinds.${kind}`), kind).toBe(true);
    for (const category of MESSAGE_CATEGORIES) expect(enKeys.has(`categories.${category}`), category).toBe(true);
  });

  it('contain every key the pages and the bell use', () => {
    const used = staticTranslationKeys(sources);
    expect(used).toContain('bell.labelUnread');
    expect(used.length).toBeGreaterThan(20);
    for (const key of used) expect(enKeys.has(key), key).toBe(true);
  });
});
