import { ANNOUNCEMENT_LIMITS, ANNOUNCEMENT_SLUG_PATTERN } from '@namebourse/contract';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { notFoundResponse, SSR_PAGE, ssrLoader } from '../../lib/ssr-route.ts';
import { type DocId, hasBlogPost, toContentLocale } from './content-store.ts';
import { blogIndexQuery, blogPostQuery, docQuery } from './lib/content-queries.ts';

/** Whether a slug can name a post at all: a bundled post, or the shape of an announcement's address. */
export function isBlogSlug(slug: string | undefined): slug is string {
  if (typeof slug !== 'string') return false;
  const announcementShape = slug.length <= ANNOUNCEMENT_LIMITS.slugMax && ANNOUNCEMENT_SLUG_PATTERN.test(slug);
  return announcementShape || hasBlogPost(slug);
}

/**
 * Malformed slugs answer 404 at once (the shell's error element shows the 404 page). A well-formed slug that
 * names no post answers 404 too: on the server through the prefetch below, in the browser on the page.
 */
export function blogPostLoader({ params }: LoaderFunctionArgs): null {
  if (!isBlogSlug(params.slug)) throw notFoundResponse();
  return null;
}

/** On the server: a document's text for the first view (the page renders it, not a skeleton). */
const docLoader = (id: DocId) =>
  ssrLoader(async (_, { queryClient, lng }) => {
    await queryClient.prefetchQuery(docQuery(toContentLocale(lng), id));
  });

const blogIndexLoader = ssrLoader(async (_, { queryClient, lng }) => {
  await queryClient.prefetchQuery(blogIndexQuery(toContentLocale(lng)));
});

const blogPostPrefetch = ssrLoader(async ({ params }, { queryClient, lng }) => {
  const locale = toContentLocale(lng);
  const [post] = await Promise.allSettled([
    queryClient.fetchQuery(blogPostQuery(locale, params.slug ?? '')),
    queryClient.prefetchQuery(blogIndexQuery(locale)),
  ]);
  // No such announcement (never published, or withdrawn): the address answers 404.
  if (post.status === 'rejected' && isApiError(post.reason) && post.reason.status === 404) throw notFoundResponse();
});

/** Everywhere: malformed slugs answer 404; on the server, the post (404 when unknown) and the index for the first view. */
const blogPostSsrLoader = (args: LoaderFunctionArgs) => {
  blogPostLoader(args);
  return blogPostPrefetch(args);
};

const helpHomeLoader = ssrLoader(async (_, { queryClient, lng }) => {
  const locale = toContentLocale(lng);
  await Promise.all([
    queryClient.prefetchQuery(docQuery(locale, 'faq')),
    queryClient.prefetchQuery(blogIndexQuery(locale)),
  ]);
});

/**
 * Help centre (spec §2) with its sidebar layout, about us and contact us, all rendered on the server. Paths are relative so the
 * shell can mount them under its root layout; react-router matches the decoded path, so the literal
 * space of "service agreement" matches `service%20agreement`, and trailing slashes are ignored.
 */
export const supportRoutes: RouteObject[] = [
  {
    path: 'help-center',
    handle: SSR_PAGE,
    children: [
      {
        index: true,
        loader: helpHomeLoader,
        lazy: () => import('./pages/help-center-page.tsx').then((m) => ({ Component: m.HelpCenterPage })),
      },
      {
        lazy: () => import('./components/help-layout.tsx').then((m) => ({ Component: m.HelpLayout })),
        children: [
          {
            path: 'docs/intro',
            loader: docLoader('intro'),
            lazy: () => import('./pages/doc-page.tsx').then((m) => ({ Component: m.IntroPage })),
          },
          {
            path: 'docs/intro/zfaq/FAQ',
            loader: docLoader('faq'),
            lazy: () => import('./pages/faq-page.tsx').then((m) => ({ Component: m.FaqPage })),
          },
          {
            path: 'blog',
            loader: blogIndexLoader,
            lazy: () => import('./pages/blog-list-page.tsx').then((m) => ({ Component: m.BlogListPage })),
          },
          {
            path: 'blog/:slug',
            loader: blogPostSsrLoader,
            lazy: () => import('./pages/blog-post-page.tsx').then((m) => ({ Component: m.BlogPostPage })),
          },
          {
            path: 'docs/agreement/service agreement',
            loader: docLoader('service-agreement'),
            lazy: () => import('./pages/doc-page.tsx').then((m) => ({ Component: m.ServiceAgreementPage })),
          },
          {
            path: 'docs/agreement/privacy',
            loader: docLoader('privacy'),
            lazy: () => import('./pages/doc-page.tsx').then((m) => ({ Component: m.PrivacyPage })),
          },
          {
            path: 'docs/agreement/terms',
            loader: docLoader('terms'),
            lazy: () => import('./pages/doc-page.tsx').then((m) => ({ Component: m.TermsPage })),
          },
        ],
      },
    ],
  },
  {
    path: 'about-us',
    handle: SSR_PAGE,
    lazy: () => import('./pages/about-page.tsx').then((m) => ({ Component: m.AboutPage })),
  },
  {
    path: 'contact-us',
    handle: SSR_PAGE,
    lazy: () => import('./pages/contact-page.tsx').then((m) => ({ Component: m.ContactPage })),
  },
];
