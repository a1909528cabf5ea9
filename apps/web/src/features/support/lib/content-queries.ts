import type { Announcement, AnnouncementSummary } from '@namebourse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAnnouncement, getAnnouncements } from '../api/get-announcements.ts';
import {
  type BlogPost,
  type BlogPostMeta,
  type ContentLocale,
  type DocId,
  hasBlogPost,
  loadBlogIndex,
  loadBlogPost,
  loadDoc,
  sortBlogPosts,
} from '../content-store.ts';
import { useContentLocale } from './content-locale.ts';

/** Bundled Markdown never changes while the page is open: load once per language. */
const STATIC = { staleTime: Number.POSITIVE_INFINITY, gcTime: 30 * 60 * 1000, retry: 1 } as const;
/** Announcements operators publish change now and then: a minute is fresh enough. */
const PUBLISHED = { staleTime: 60_000, gcTime: 30 * 60 * 1000, retry: 1 } as const;

/** Operators' announcements carry the 'notice' tag. */
export const ANNOUNCEMENT_TAG = 'notice';

/** A published announcement as a blog entry of one language (its publication date as the post's date). */
export function announcementMeta(item: AnnouncementSummary, locale: ContentLocale): BlogPostMeta {
  const zh = locale === 'zh-CN';
  return {
    slug: item.slug,
    title: zh ? item.titleZh : item.titleEn,
    summary: zh ? item.summaryZh : item.summaryEn,
    date: item.publishedAt.slice(0, 10),
    tag: ANNOUNCEMENT_TAG,
  };
}

export function announcementPost(item: Announcement, locale: ContentLocale): BlogPost {
  return { ...announcementMeta(item, locale), body: locale === 'zh-CN' ? item.bodyZh : item.bodyEn };
}

/**
 * The blog: the bundled posts and the published announcements, newest first. A bundled post keeps its address
 * (an announcement with the same slug is left out). When the announcements cannot be read, the bundled posts
 * still show.
 */
export async function loadBlogEntries(locale: ContentLocale, signal?: AbortSignal): Promise<BlogPostMeta[]> {
  const [bundled, published] = await Promise.all([
    loadBlogIndex(locale),
    getAnnouncements(signal).then(
      (page) => page.items,
      () => [] as AnnouncementSummary[],
    ),
  ]);
  const fromOperators = published
    .filter((item) => !hasBlogPost(item.slug))
    .map((item) => announcementMeta(item, locale));
  return sortBlogPosts([...bundled, ...fromOperators]);
}

/** One blog post: a bundled one by its slug, otherwise the published announcement (404 when there is none). */
export async function loadBlogEntry(locale: ContentLocale, slug: string, signal?: AbortSignal): Promise<BlogPost> {
  if (hasBlogPost(slug)) return loadBlogPost(locale, slug);
  return announcementPost(await getAnnouncement(slug, signal), locale);
}

/** The queries of the help centre's content (the pages and the server renderer share them). */
export function docQuery(locale: ContentLocale, id: DocId) {
  return queryOptions({ queryKey: ['support', 'doc', locale, id], queryFn: () => loadDoc(locale, id), ...STATIC });
}

export function blogIndexQuery(locale: ContentLocale) {
  return queryOptions({
    queryKey: ['support', 'blog', locale],
    queryFn: ({ signal }) => loadBlogEntries(locale, signal),
    ...PUBLISHED,
  });
}

export function blogPostQuery(locale: ContentLocale, slug: string) {
  return queryOptions({
    queryKey: ['support', 'blog', locale, slug],
    queryFn: ({ signal }) => loadBlogEntry(locale, slug, signal),
    ...(hasBlogPost(slug) ? STATIC : PUBLISHED),
    // An unknown announcement is final (404): no retry.
    retry: hasBlogPost(slug) ? STATIC.retry : false,
  });
}

export function useDocQuery(id: DocId) {
  return useQuery(docQuery(useContentLocale(), id));
}

export function useBlogIndexQuery() {
  return useQuery(blogIndexQuery(useContentLocale()));
}

export function useBlogPostQuery(slug: string) {
  return useQuery(blogPostQuery(useContentLocale(), slug));
}
