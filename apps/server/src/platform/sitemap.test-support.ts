import { SaxesParser } from 'saxes';

/**
 * Test helpers for the sitemap: reads a sitemap or sitemap index with a strict XML parser (saxes,
 * which throws on anything that is not well-formed), checking the protocol's namespace.
 */

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export interface ParsedUrl {
  loc: string;
  lastmod?: string;
  /** hreflang → href of the <xhtml:link rel="alternate"> entries. */
  alternates: Record<string, string>;
}

export interface ParsedSitemap {
  root: 'urlset' | 'sitemapindex';
  /** <url> entries (urlset) or <sitemap> entries (index: no alternates). */
  entries: ParsedUrl[];
}

export function parseSitemap(xml: string): ParsedSitemap {
  const parser = new SaxesParser({ xmlns: true });
  let root: string | undefined;
  const entries: ParsedUrl[] = [];
  let current: ParsedUrl | undefined;
  let field: 'loc' | 'lastmod' | undefined;
  parser.on('opentag', (tag) => {
    if (root === undefined) {
      root = tag.local;
      if (tag.uri !== SITEMAP_NS) throw new Error(`root element outside the sitemap namespace: ${tag.uri}`);
      return;
    }
    if ((tag.local === 'url' || tag.local === 'sitemap') && tag.uri === SITEMAP_NS) {
      current = { loc: '', alternates: {} };
      entries.push(current);
    } else if ((tag.local === 'loc' || tag.local === 'lastmod') && current) {
      field = tag.local;
      current[field] = '';
    } else if (tag.local === 'link' && current) {
      const attr = (name: string) => tag.attributes[name]?.value ?? '';
      current.alternates[attr('hreflang')] = attr('href');
    }
  });
  parser.on('text', (text) => {
    if (current && field) current[field] = `${current[field] ?? ''}${text}`;
  });
  parser.on('closetag', () => {
    field = undefined;
  });
  parser.write(xml).close();
  if (root !== 'urlset' && root !== 'sitemapindex') throw new Error(`not a sitemap: <${root}>`);
  return { root, entries };
}
