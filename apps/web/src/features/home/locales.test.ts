import { describe, expect, it } from 'vitest';
import { flattenLocale, type LocaleTree, staticTranslationKeys } from '../../lib/testing/locale-coverage';
import en from '../../locales/en-US/home.json';
import zh from '../../locales/zh-CN/home.json';
import { AUCTION_TYPES } from './components/auction-types';
import { HERO_STATS } from './components/hero-search';
import { HOME_FAQ_KEYS } from './components/home-faq';
import { HOW_STEPS } from './components/how-it-works';

const sources = import.meta.glob<string>('./**/*.tsx', { query: '?raw', import: 'default', eager: true });

const staticKeys = () => staticTranslationKeys(sources);

describe('home locale files', () => {
  const enKeys = flattenLocale(en as LocaleTree);
  const zhKeys = flattenLocale(zh as LocaleTree);

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
