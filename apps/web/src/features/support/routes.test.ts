import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { listBlogSlugs } from './content-store.ts';
import { blogPostLoader, supportRoutes } from './routes.tsx';

function matchedPaths(pathname: string): string[] | null {
  const matches = matchRoutes(supportRoutes, pathname);
  return matches ? matches.map((match) => match.route.path ?? (match.route.index ? '(index)' : '(layout)')) : null;
}

describe('supportRoutes', () => {
  it.each([
    ['/help-center', ['help-center', '(index)']],
    ['/help-center/', ['help-center', '(index)']],
    ['/help-center/docs/intro/', ['help-center', '(layout)', 'docs/intro']],
    ['/help-center/docs/intro', ['help-center', '(layout)', 'docs/intro']],
    ['/help-center/docs/intro/zfaq/FAQ', ['help-center', '(layout)', 'docs/intro/zfaq/FAQ']],
    ['/help-center/blog', ['help-center', '(layout)', 'blog']],
    ['/help-center/blog/', ['help-center', '(layout)', 'blog']],
    ['/help-center/blog/some-post', ['help-center', '(layout)', 'blog/:slug']],
    ['/help-center/docs/agreement/service agreement', ['help-center', '(layout)', 'docs/agreement/service agreement']],
    ['/help-center/docs/agreement/privacy/', ['help-center', '(layout)', 'docs/agreement/privacy']],
    ['/help-center/docs/agreement/terms', ['help-center', '(layout)', 'docs/agreement/terms']],
    ['/about-us', ['about-us']],
    ['/contact-us/', ['contact-us']],
  ])('matches %s', (pathname, expected) => {
    expect(matchedPaths(pathname)).toEqual(expected);
  });

  it('leaves unknown help-centre paths to the shell (404)', () => {
    expect(matchedPaths('/help-center/docs/agreement/unknown')).toBeNull();
    expect(matchedPaths('/help-center/docs')).toBeNull();
  });
});

describe('blogPostLoader', () => {
  const args = (slug: string) => ({ params: { slug } }) as unknown as Parameters<typeof blogPostLoader>[0];

  it('accepts every announcement that exists', () => {
    for (const slug of listBlogSlugs()) expect(blogPostLoader(args(slug))).toBeNull();
  });

  it('leaves a well-formed slug to the page (an announcement operators published, or a 404 there)', () => {
    expect(blogPostLoader(args('maintenance-on-friday'))).toBeNull();
  });

  it.each(['No-Such-Post', 'bad slug', 'a--b', `${'x'.repeat(81)}`])(
    'throws a 404 Response for the slug %j',
    (slug) => {
      let thrown: unknown;
      try {
        blogPostLoader(args(slug));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(404);
    },
  );
});
