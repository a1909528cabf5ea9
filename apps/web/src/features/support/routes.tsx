import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { SSR_PAGE } from '../../lib/ssr-route.ts';
import { hasBlogPost } from './content-store.ts';

/** Unknown announcement slugs answer 404 (the shell's error element shows the 404 page). */
export function blogPostLoader({ params }: LoaderFunctionArgs): null {
  if (!hasBlogPost(params.slug)) throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  return null;
}

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
        lazy: () => import('./pages/help-center-page.tsx').then((m) => ({ Component: m.HelpCenterPage })),
      },
      {
        lazy: () => import('./components/help-layout.tsx').then((m) => ({ Component: m.HelpLayout })),
        children: [
          {
            path: 'docs/intro',
            lazy: () => import('./pages/doc-page.tsx').then((m) => ({ Component: m.IntroPage })),
          },
          {
            path: 'docs/intro/zfaq/FAQ',
            lazy: () => import('./pages/faq-page.tsx').then((m) => ({ Component: m.FaqPage })),
          },
          {
            path: 'blog',
            lazy: () => import('./pages/blog-list-page.tsx').then((m) => ({ Component: m.BlogListPage })),
          },
          {
            path: 'blog/:slug',
            loader: blogPostLoader,
            lazy: () => import('./pages/blog-post-page.tsx').then((m) => ({ Component: m.BlogPostPage })),
          },
          {
            path: 'docs/agreement/service agreement',
            lazy: () => import('./pages/doc-page.tsx').then((m) => ({ Component: m.ServiceAgreementPage })),
          },
          {
            path: 'docs/agreement/privacy',
            lazy: () => import('./pages/doc-page.tsx').then((m) => ({ Component: m.PrivacyPage })),
          },
          {
            path: 'docs/agreement/terms',
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
