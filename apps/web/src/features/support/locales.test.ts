import { FEEDBACK_CATEGORIES } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { flattenLocale, type LocaleTree, staticTranslationKeys } from '../../lib/testing/locale-coverage';
import en from '../../locales/en-US/support.json';
import zh from '../../locales/zh-CN/support.json';
import { BLOG_TAGS } from './components/blog-card';
import { HELP_NAV } from './components/help-nav';
import { ABOUT_DIFFERENCES, ABOUT_FACTS, ABOUT_VALUES } from './pages/about-page';
import { HELP_CATEGORIES, LEGAL_LINKS } from './pages/help-center-page';

const sources = import.meta.glob<string>('./**/*.tsx', { query: '?raw', import: 'default', eager: true });

const staticKeys = () => staticTranslationKeys(sources);

describe('support locale files', () => {
  const enKeys = flattenLocale(en as LocaleTree);
  const zhKeys = flattenLocale(zh as LocaleTree);

  it('keep the same interpolation variables in both languages', () => {
    const vars = (text: string | undefined) => [...(text ?? '').matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, value] of enKeys) expect(vars(zhKeys.get(key)), key).toEqual(vars(value));
  });

  it('contain every key the help centre, about and contact pages use', () => {
    const used = [
      ...staticKeys(),
      ...HELP_NAV.flatMap((section) => [
        `nav.sections.${section.key}`,
        ...section.items.map((item) => `nav.${item.key}`),
      ]),
      ...LEGAL_LINKS.map((link) => `nav.${link.key}`),
      ...HELP_CATEGORIES.flatMap(({ key }) => [
        `center.categories.${key}.title`,
        `center.categories.${key}.description`,
      ]),
      ...FEEDBACK_CATEGORIES.map((category) => `feedback.categories.${category}`),
      ...BLOG_TAGS.map((tag) => `blog.tags.${tag}`),
      ...ABOUT_FACTS.flatMap((fact) => [`about.facts.${fact}.value`, `about.facts.${fact}.label`]),
      ...ABOUT_DIFFERENCES.flatMap(({ key }) => [
        `about.different.items.${key}.title`,
        `about.different.items.${key}.body`,
      ]),
      ...ABOUT_VALUES.flatMap(({ key }) => [`about.values.items.${key}.title`, `about.values.items.${key}.body`]),
      ...['p1', 'p2', 'p3'].map((key) => `about.company.${key}`),
    ];
    expect(used.length).toBeGreaterThan(80);
    for (const key of used) expect(enKeys.has(key), key).toBe(true);
  });
});
