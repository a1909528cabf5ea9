import { describe, expect, it } from 'vitest';
import { absolutize, headTags, languageUrl } from './head-tags.ts';

const ORIGIN = 'https://namebourse.example';

describe('head tags of a server-rendered page', () => {
  it('names each language version by its lng address, x-default without lng, other parameters kept', () => {
    const url = new URL('/sale?sort=price_asc&lng=zh-CN&page=2', ORIGIN);
    expect(languageUrl(ORIGIN, url, 'en-US')).toBe(`${ORIGIN}/sale?sort=price_asc&page=2&lng=en-US`);
    expect(languageUrl(ORIGIN, url, null)).toBe(`${ORIGIN}/sale?sort=price_asc&page=2`);
  });

  it('escapes what pages put in titles and descriptions', () => {
    const html = headTags(
      { title: '"><script>alert(1)</script>', description: 'a & b <c>' },
      { origin: ORIGIN, url: new URL('/', ORIGIN), lng: 'en-US' },
    );
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).toContain('content="a &amp; b &lt;c&gt;"');
  });

  it('keeps structured data inside its script element and makes site paths absolute', () => {
    const html = headTags(
      { title: 't', jsonLd: [{ '@type': 'Thing', name: '</script><b>', logo: '/favicon.svg' }] },
      { origin: ORIGIN, url: new URL('/', ORIGIN), lng: 'zh-CN' },
    );
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? '{}')).toMatchObject({ name: '</script><b>', logo: `${ORIGIN}/favicon.svg` });
    expect(absolutize({ nested: [{ url: '/x' }], name: '/not-a-url-key' }, ORIGIN)).toEqual({
      nested: [{ url: `${ORIGIN}/x` }],
      name: '/not-a-url-key',
    });
  });

  it('leaves a noindex page without canonical or alternates', () => {
    const html = headTags(
      { title: '404', noindex: true },
      { origin: ORIGIN, url: new URL('/x', ORIGIN), lng: 'en-US' },
    );
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('hreflang');
  });
});
