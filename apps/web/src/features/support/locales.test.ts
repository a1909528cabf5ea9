import { FEEDBACK_CATEGORIES } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US/support.json';
import zh from '../../locales/zh-CN/support.json';
import { BLOG_TAGS } from './components/blog-card';
import { HELP_NAV } from './components/help-nav';
import { ABOUT_DIFFERENCES, ABOUT_FACTS, ABOUT_VALUES } from './pages/about-page';
import { HELP_CATEGORIES, LEGAL_LINKS } from './pages/help-center-page';

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

describe('support locale files', () => {
  const enKeys = flatten(en as Tree);
  const zhKeys = flatten(zh as Tree);

  it('have the same keys in both languages, none empty', () => {
    expect([...zhKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
    for (const [key, value] of [...enKeys, ...zhKeys]) expect(value.trim(), key).not.toBe('');
  });

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
