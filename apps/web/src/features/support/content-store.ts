import { extractHeadings, type Heading, parseFrontMatter } from './lib/markdown.ts';

/** The two content languages; each Markdown file exists once per language. */
export type ContentLocale = 'zh-CN' | 'en-US';

/** Fixed documents of the help centre (files `<id>.md`). Announcements are `blog-<slug>.md`. */
export const DOC_IDS = ['intro', 'faq', 'service-agreement', 'privacy', 'terms'] as const;
export type DocId = (typeof DOC_IDS)[number];

export interface MarkdownDoc {
  title: string;
  description: string;
  /** ISO date (YYYY-MM-DD) of the last revision, when the file states one. */
  updated: string | undefined;
  body: string;
  headings: Heading[];
}

export interface BlogPostMeta {
  slug: string;
  title: string;
  summary: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  tag: string;
}

export interface BlogPost extends BlogPostMeta {
  body: string;
}

export class ContentNotFoundError extends Error {
  constructor(what: string) {
    super(`Help-centre content not found: ${what}`);
    this.name = 'ContentNotFoundError';
  }
}

type RawLoader = () => Promise<string>;

const FILE_PATTERN = /\/content\/([^/]+)\/([^/]+)\.md$/;
const BLOG_PREFIX = 'blog-';
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Builds the lookup functions over a map of `…/content/<locale>/<name>.md` → lazy raw text. */
export function createContentStore(modules: Record<string, RawLoader>) {
  const files = new Map<string, RawLoader>();
  const blogSlugs = new Set<string>();
  for (const [path, load] of Object.entries(modules)) {
    const match = FILE_PATTERN.exec(path);
    if (!match) continue;
    const [, locale = '', name = ''] = match;
    files.set(`${locale}/${name}`, load);
    if (name.startsWith(BLOG_PREFIX)) blogSlugs.add(name.slice(BLOG_PREFIX.length));
  }

  async function read(locale: ContentLocale, name: string) {
    const load = files.get(`${locale}/${name}`);
    if (!load) throw new ContentNotFoundError(`${locale}/${name}`);
    return parseFrontMatter(await load());
  }

  function hasBlogPost(slug: string | undefined): slug is string {
    return typeof slug === 'string' && SLUG_PATTERN.test(slug) && blogSlugs.has(slug);
  }

  async function loadDoc(locale: ContentLocale, id: DocId): Promise<MarkdownDoc> {
    const { meta, body } = await read(locale, id);
    return {
      title: meta.title ?? id,
      description: meta.description ?? '',
      updated: meta.updated || undefined,
      body,
      headings: extractHeadings(body),
    };
  }

  async function loadBlogPost(locale: ContentLocale, slug: string): Promise<BlogPost> {
    if (!hasBlogPost(slug)) throw new ContentNotFoundError(`blog/${slug}`);
    const { meta, body } = await read(locale, `${BLOG_PREFIX}${slug}`);
    return {
      slug,
      title: meta.title ?? slug,
      summary: meta.summary ?? '',
      date: meta.date ?? '',
      tag: meta.tag ?? 'notice',
      body,
    };
  }

  /** Announcements of one language, newest first (ties by slug for a stable order). */
  async function loadBlogIndex(locale: ContentLocale): Promise<BlogPostMeta[]> {
    const slugs = [...blogSlugs].filter((slug) => files.has(`${locale}/${BLOG_PREFIX}${slug}`));
    const posts = await Promise.all(slugs.map((slug) => loadBlogPost(locale, slug)));
    return sortBlogPosts(posts.map(({ body: _body, ...meta }) => meta));
  }

  return { hasBlogPost, loadDoc, loadBlogPost, loadBlogIndex, blogSlugs: () => [...blogSlugs].sort() };
}

export function sortBlogPosts<T extends { date: string; slug: string }>(posts: T[]): T[] {
  return [...posts].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

/** Maps any UI language (zh, zh-Hans, en-GB, …) to a content language: zh* → zh-CN, else en-US. */
export function toContentLocale(language: string | undefined | null): ContentLocale {
  return language?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

const contentStore = createContentStore(
  import.meta.glob<string>('./content/*/*.md', { query: '?raw', import: 'default' }),
);

export const { hasBlogPost, loadDoc, loadBlogPost, loadBlogIndex } = contentStore;
export const listBlogSlugs = contentStore.blogSlugs;
