import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US/home.json';
import zh from '../../locales/zh-CN/home.json';
import { AUCTION_TYPES } from './components/auction-types';
import { HERO_STATS } from './components/hero-search';
import { HOME_FAQ_KEYS } from './components/home-faq';
import { HOW_STEPS } from './components/how-it-works';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const sources = import.meta.glob<string>('./**/*.tsx', { query: '?raw', import: 'default', eager: true });

function staticKeys(): string[] {
  const keys = new Set<string>();
  for (const source of Object.values(sources)) {
    for (const [, key = ''] of source.matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'/g)) keys.add(key);
  }
  return [...keys].sort();
}

describe('home locale files', () => {
  const enKeys = flatten(en as Tree);
  const zhKeys = flatten(zh as Tree);

  it('have the same keys in both languages, none empty', () => {
    expect([...zhKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
    for (const [key, value] of [...enKeys, ...zhKeys]) expect(value.trim(), key).not.toBe('');
  });

  it('contain every key the home page uses', () => {
    const used = [
      ...staticKeys(),
      ...HERO_STATS.flatMap((stat) => [`hero.stats.${stat}.value`, `hero.stats.${stat}.label`]),
      ...HOW_STEPS.flatMap(({ key }) => [`how.steps.${key}.title`, `how.steps.${key}.body`]),
      ...AUCTION_TYPES.flatMap(({ key, points }) => [
        `types.${key}.title`,
        `types.${key}.body`,
        ...points.map((point) => `types.${key}.${point}`),
      ]),
      ...HOME_FAQ_KEYS.flatMap((key) => [`faq.items.${key}.question`, `faq.items.${key}.answer`]),
    ];
    expect(used.length).toBeGreaterThan(30);
    for (const key of used) expect(enKeys.has(key), key).toBe(true);
  });

  it('states the daily-listings claim', () => {
    expect(enKeys.get('hero.badge')).toContain('10,000+');
    expect(zhKeys.get('hero.badge')).toContain('10,000+');
  });
});
