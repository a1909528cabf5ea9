import { useQuery } from '@tanstack/react-query';
import { type DocId, loadBlogIndex, loadBlogPost, loadDoc } from '../content-store.ts';
import { useContentLocale } from './content-locale.ts';

/** Bundled Markdown never changes while the page is open: load once per language. */
const STATIC = { staleTime: Number.POSITIVE_INFINITY, gcTime: 30 * 60 * 1000, retry: 1 } as const;

export function useDocQuery(id: DocId) {
  const locale = useContentLocale();
  return useQuery({ queryKey: ['support', 'doc', locale, id], queryFn: () => loadDoc(locale, id), ...STATIC });
}

export function useBlogIndexQuery() {
  const locale = useContentLocale();
  return useQuery({ queryKey: ['support', 'blog', locale], queryFn: () => loadBlogIndex(locale), ...STATIC });
}

export function useBlogPostQuery(slug: string) {
  const locale = useContentLocale();
  return useQuery({
    queryKey: ['support', 'blog', locale, slug],
    queryFn: () => loadBlogPost(locale, slug),
    ...STATIC,
  });
}
