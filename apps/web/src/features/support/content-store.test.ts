import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { describe, expect, it } from 'vitest';
import {
  ContentNotFoundError,
  createContentStore,
  DOC_IDS,
  hasBlogPost,
  listBlogSlugs,
  loadBlogIndex,
  loadBlogPost,
  loadDoc,
  sortBlogPosts,
  toContentLocale,
} from './content-store.ts';
import { extractHeadings, parseFaq } from './lib/markdown.ts';

const LOCALES = ['zh-CN', 'en-US'] as const;

function fakeStore(files: Record<string, string>) {
  return createContentStore(
    Object.fromEntries(Object.entries(files).map(([path, text]) => [path, () => Promise.resolve(text)])),
  );
}

describe('createContentStore', () => {
  const store = fakeStore({
    './content/en-US/intro.md': '---\ntitle: Intro\nupdated: 2026-01-01\n---\n## A {#a}\ntext',
    './content/zh-CN/intro.md': '---\ntitle: 介绍\n---\n## 甲 {#a}\n正文',
    './content/en-US/blog-old.md': '---\ntitle: Old\ndate: 2025-01-01\n---\nold',
    './content/en-US/blog-new.md': '---\ntitle: New\ndate: 2026-03-01\nsummary: S\ntag: security\n---\nnew',
    './content/en-US/blog-mid.md': '---\ntitle: Mid\ndate: 2025-06-01\n---\nmid',
    './content/zh-CN/blog-old.md': '---\ntitle: 旧\ndate: 2025-01-01\n---\n旧',
    './elsewhere/readme.md': 'ignored',
  });

  it('loads a document by locale and id with its headings', async () => {
    const doc = await store.loadDoc('en-US', 'intro');
    expect(doc).toMatchObject({ title: 'Intro', updated: '2026-01-01', headings: [{ text: 'A', id: 'a' }] });
    expect((await store.loadDoc('zh-CN', 'intro')).title).toBe('介绍');
  });

  it('rejects documents that do not exist in a locale', async () => {
    await expect(store.loadDoc('zh-CN', 'faq')).rejects.toBeInstanceOf(ContentNotFoundError);
  });

  it('knows blog slugs and refuses unknown or malformed ones', () => {
    expect(store.blogSlugs()).toEqual(['mid', 'new', 'old']);
    expect(store.hasBlogPost('new')).toBe(true);
    expect(store.hasBlogPost('missing')).toBe(false);
    expect(store.hasBlogPost('../intro')).toBe(false);
    expect(store.hasBlogPost('New')).toBe(false);
    expect(store.hasBlogPost(undefined)).toBe(false);
  });

  it('lists announcements newest first with their metadata and defaults', async () => {
    const index = await store.loadBlogIndex('en-US');
    expect(index.map((post) => post.slug)).toEqual(['new', 'mid', 'old']);
    expect(index[0]).toEqual({ slug: 'new', title: 'New', summary: 'S', date: '2026-03-01', tag: 'security' });
    expect(index[2]?.tag).toBe('notice');
    expect((await store.loadBlogIndex('zh-CN')).map((post) => post.slug)).toEqual(['old']);
  });

  it('loads one announcement and 404s the others', async () => {
    expect((await store.loadBlogPost('en-US', 'mid')).body).toBe('mid');
    await expect(store.loadBlogPost('zh-CN', 'new')).rejects.toBeInstanceOf(ContentNotFoundError);
    await expect(store.loadBlogPost('en-US', 'nope')).rejects.toBeInstanceOf(ContentNotFoundError);
  });
});

describe('helpers', () => {
  it('sorts by date descending, then slug', () => {
    const sorted = sortBlogPosts([
      { slug: 'b', date: '2025-05-01' },
      { slug: 'a', date: '2025-05-01' },
      { slug: 'c', date: '2026-01-01' },
    ]);
    expect(sorted.map((p) => p.slug)).toEqual(['c', 'a', 'b']);
  });

  it('maps UI languages to content locales', () => {
    expect(toContentLocale('zh-CN')).toBe('zh-CN');
    expect(toContentLocale('zh')).toBe('zh-CN');
    expect(toContentLocale('en-US')).toBe('en-US');
    expect(toContentLocale('fr')).toBe('en-US');
    expect(toContentLocale(undefined)).toBe('en-US');
  });
});

describe('the real help-centre content', () => {
  it('has every document in both languages with the same section ids', async () => {
    for (const id of DOC_IDS) {
      const [zh, en] = await Promise.all(LOCALES.map((locale) => loadDoc(locale, id)));
      expect(zh?.title, id).toBeTruthy();
      expect(en?.title, id).toBeTruthy();
      expect(zh?.updated).toBe(en?.updated);
      expect(zh?.headings.map((h) => h.id)).toEqual(en?.headings.map((h) => h.id));
      expect(en?.headings.length, id).toBeGreaterThanOrEqual(3);
    }
  });

  it('has a FAQ of at least 10 questions, matching across languages', async () => {
    const [zh, en] = await Promise.all(LOCALES.map(async (locale) => parseFaq((await loadDoc(locale, 'faq')).body)));
    const ids = (faq: typeof zh) => faq?.groups.flatMap((g) => [g.id, ...g.items.map((i) => i.id)]);
    expect(ids(zh)).toEqual(ids(en));
    expect(en?.groups.flatMap((g) => g.items).length).toBeGreaterThanOrEqual(10);
    for (const item of en?.groups.flatMap((g) => g.items) ?? []) expect(item.answer.length).toBeGreaterThan(20);
  });

  it('has at least three announcements dated 2025–2026 in both languages', async () => {
    const slugs = listBlogSlugs();
    expect(slugs.length).toBeGreaterThanOrEqual(3);
    for (const locale of LOCALES) {
      const index = await loadBlogIndex(locale);
      expect(index.map((p) => p.slug).sort()).toEqual(slugs);
      for (const post of index) {
        expect(post.date).toMatch(/^202[56]-\d{2}-\d{2}$/);
        expect(post.title && post.summary).toBeTruthy();
      }
    }
    const [zh, en] = await Promise.all(LOCALES.map((locale) => loadBlogIndex(locale)));
    expect(zh?.map((p) => [p.slug, p.date, p.tag])).toEqual(en?.map((p) => [p.slug, p.date, p.tag]));
    expect(hasBlogPost(slugs[0])).toBe(true);
    expect((await loadBlogPost('zh-CN', slugs[0] ?? '')).body.length).toBeGreaterThan(100);
  });

  it('links only to routes that exist', async () => {
    const known = [
      '/help-center/docs/intro/',
      '/help-center/docs/intro/zfaq/FAQ',
      '/help-center/docs/agreement/service agreement',
      '/help-center/docs/agreement/privacy',
      '/help-center/docs/agreement/terms',
      '/contact-us',
    ];
    const bodies = await Promise.all(
      LOCALES.flatMap((locale) => [
        ...DOC_IDS.map(async (id) => (await loadDoc(locale, id)).body),
        ...listBlogSlugs().map(async (slug) => (await loadBlogPost(locale, slug)).body),
      ]),
    );
    for (const body of bodies) {
      for (const [, target = ''] of body.matchAll(/\]\(<?([^)>]+)>?\)/g)) {
        if (target.startsWith('mailto:') || target.startsWith('#')) continue;
        expect(known, target).toContain(target);
      }
      // In-page anchors point at headings that exist.
      const ids = new Set(extractHeadings(body, [2, 3]).map((h) => h.id));
      for (const [, anchor = ''] of body.matchAll(/\]\(#([^)]+)\)/g)) expect(ids, anchor).toContain(anchor);
    }
  });

  it('renders to HTML without stray Markdown markers (CJK punctuation next to **)', async () => {
    for (const locale of LOCALES) {
      const bodies = [
        ...(await Promise.all(DOC_IDS.map(async (id) => [id, (await loadDoc(locale, id)).body] as const))),
        ...(await Promise.all(
          listBlogSlugs().map(async (slug) => [slug, (await loadBlogPost(locale, slug)).body] as const),
        )),
      ];
      for (const [name, body] of bodies) {
        const html = renderToStaticMarkup(createElement(Markdown, null, body));
        expect(html, `${locale}/${name}`).not.toMatch(/\*\*|__|\]\(/);
      }
    }
  });
});
