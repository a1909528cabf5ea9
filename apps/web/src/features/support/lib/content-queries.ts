import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ContentLocale, type DocId, loadBlogIndex, loadBlogPost, loadDoc } from '../content-store.ts';
import { useContentLocale } from './content-locale.ts';

/** Bundled Markdown never changes while the page is open: load once per language. */
const STATIC = { staleTime: Number.POSITIVE_INFINITY, gcTime: 30 * 60 * 1000, retry: 1 } as const;

/** The queries of the help centre's content (the pages and the server renderer share them). */
export function docQuery(locale: ContentLocale, id: DocId) {
  return queryOptions({ queryKey: ['support', 'doc', locale, id], queryFn: () => loadDoc(locale, id), ...STATIC });
}

export function blogIndexQuery(locale: ContentLocale) {
  return queryOptions({ queryKey: ['support', 'blog', locale], queryFn: () => loadBlogIndex(locale), ...STATIC });
}

export function blogPostQuery(locale: ContentLocale, slug: string) {
  return queryOptions({
    queryKey: ['support', 'blog', locale, slug],
    queryFn: () => loadBlogPost(locale, slug),
    ...STATIC,
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
