import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { sendError } from './envelope.ts';
import { resolveWebDist, siteOrigin } from './static-site.ts';

/**
 * The sitemap (sitemaps.org protocol): /sitemap.xml is a sitemap index that points at
 * /sitemap-pages.xml (the public pages of the web app) and at the numbered files of each section
 * modules register (/sitemap-lots-1.xml, -2 … from the catalogue). A file holds at most 50,000 URLs
 * and 50 MB; every URL carries its zh-CN / en-US / x-default alternates. Files are cached for an
 * hour and compressed like any response (platform/compression.ts).
 */

export type SitemapUrl =
  | string
  | {
      /** A path on this site ('/about-us') or an absolute URL. */
      loc: string;
      lastmod?: Date | string;
      changefreq?: 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';
      priority?: number;
    };

/**
 * A paged source of URLs (e.g. the catalogue's lot pages), listed as /sitemap-<name>-1.xml, -2 …
 * Files are numbered from 1 over a stable order, `perFile` URLs each.
 */
export interface SitemapSection {
  /** In the file names: lowercase letters only ('lots'). */
  name: string;
  /** The longest path an entry may have, in bytes as written in XML (bounds a file's size). */
  maxPathBytes: number;
  /** One entry per file when files hold `perFile` URLs: the newest lastmod in that file. */
  files(perFile: number): Promise<{ lastmod: Date | null }[]>;
  /** The URLs of file `file` (1-based) when files hold `perFile`; [] past the last file. */
  urls(file: number, perFile: number): Promise<SitemapUrl[]>;
}

/** Public pages of the web app (spec §2), in /sitemap-pages.xml. */
export const SITEMAP_PAGES: { path: string; changefreq: 'daily' | 'weekly' | 'monthly'; priority: number }[] = [
  { path: '/', changefreq: 'daily', priority: 1 },
  { path: '/market', changefreq: 'daily', priority: 0.8 },
  { path: '/help-center/', changefreq: 'weekly', priority: 0.6 },
  { path: '/help-center/docs/intro/', changefreq: 'monthly', priority: 0.5 },
  { path: '/help-center/docs/intro/zfaq/FAQ', changefreq: 'monthly', priority: 0.5 },
  { path: '/help-center/blog', changefreq: 'weekly', priority: 0.5 },
  { path: '/help-center/docs/agreement/service%20agreement', changefreq: 'monthly', priority: 0.3 },
  { path: '/help-center/docs/agreement/privacy', changefreq: 'monthly', priority: 0.3 },
  { path: '/help-center/docs/agreement/terms', changefreq: 'monthly', priority: 0.3 },
  { path: '/about-us', changefreq: 'monthly', priority: 0.4 },
  { path: '/contact-us', changefreq: 'monthly', priority: 0.4 },
];

export const SITEMAP_LOCALES = ['zh-CN', 'en-US'] as const;
/** The protocol's limits for one file (index or sitemap): URLs, and bytes uncompressed (50 MB). */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 52_428_800;

const CACHE_CONTROL = 'public, max-age=3600';
const XML_TYPE = 'application/xml; charset=utf-8';

// Keyed by the app's shared Platform object (the same in every encapsulated context), so modules
// may register sections before or after the sitemap routes.
const sitemapSections = new WeakMap<object, SitemapSection[]>();

function registryKey(app: FastifyInstance): object {
  return (app as { platform?: object }).platform ?? app;
}

/** Adds a section of numbered files to the sitemap (e.g. the catalogue's lot pages). Called at registration time. */
export function registerSitemapSection(app: FastifyInstance, section: SitemapSection): void {
  if (!/^[a-z]+$/.test(section.name) || section.name === 'pages') {
    throw new Error(`sitemap section name must be lowercase letters (not 'pages'): ${section.name}`);
  }
  const key = registryKey(app);
  const list = sitemapSections.get(key) ?? [];
  if (list.some((s) => s.name === section.name)) throw new Error(`sitemap section ${section.name} registered twice`);
  list.push(section);
  sitemapSections.set(key, list);
}

function xmlEscape(value: string): string {
  return value.replace(/[<>&'"]/g, (ch) =>
    ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '&' ? '&amp;' : ch === "'" ? '&apos;' : '&quot;',
  );
}

function withQuery(url: string, key: string, value: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${key}=${encodeURIComponent(value)}`;
}

function isoDate(value: Date | string | null | undefined): string | undefined {
  if (!value) return undefined;
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

function urlElement(origin: string, entry: SitemapUrl): string {
  const e = typeof entry === 'string' ? { loc: entry } : entry;
  const loc = /^https?:\/\//.test(e.loc) ? e.loc : `${origin}${e.loc.startsWith('/') ? '' : '/'}${e.loc}`;
  const lines = [`  <url>`, `    <loc>${xmlEscape(loc)}</loc>`];
  const lastmod = isoDate(e.lastmod);
  if (lastmod) lines.push(`    <lastmod>${lastmod}</lastmod>`);
  if (e.changefreq) lines.push(`    <changefreq>${e.changefreq}</changefreq>`);
  if (e.priority !== undefined)
    lines.push(`    <priority>${Math.min(1, Math.max(0, e.priority)).toFixed(1)}</priority>`);
  for (const lng of SITEMAP_LOCALES) {
    lines.push(`    <xhtml:link rel="alternate" hreflang="${lng}" href="${xmlEscape(withQuery(loc, 'lng', lng))}"/>`);
  }
  lines.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(loc)}"/>`);
  lines.push('  </url>');
  return lines.join('\n');
}

const URLSET_HEAD = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
].join('\n');
const URLSET_TAIL = '\n</urlset>\n';

/** A sitemap file (`<urlset>`) of `urls`. */
export function renderSitemap(origin: string, urls: SitemapUrl[]): string {
  return [URLSET_HEAD, ...urls.map((u) => urlElement(origin, u))].join('\n') + URLSET_TAIL;
}

/** The sitemap index (`<sitemapindex>`): one `<sitemap>` per file. */
export function renderSitemapIndex(files: { loc: string; lastmod?: Date | null }[]): string {
  const entries = files.map((f) => {
    const lastmod = isoDate(f.lastmod);
    return [
      '  <sitemap>',
      `    <loc>${xmlEscape(f.loc)}</loc>`,
      ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
      '  </sitemap>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</sitemapindex>',
    '',
  ].join('\n');
}

/**
 * How many of a section's URLs one file holds: at most `maxUrls`, and few enough that a file of
 * the longest entries the section may have (written for this origin) stays within `maxBytes`.
 */
export function urlsPerFile(origin: string, maxPathBytes: number, limits: { maxUrls: number; maxBytes: number }) {
  const longest = urlElement(origin, {
    loc: `/${'0'.repeat(Math.max(0, maxPathBytes - 1))}`,
    lastmod: new Date(0),
    changefreq: 'monthly',
    priority: 0.5,
  });
  const room = limits.maxBytes - Buffer.byteLength(URLSET_HEAD + URLSET_TAIL);
  const fits = Math.floor(room / (Buffer.byteLength(longest) + 1));
  return Math.max(1, Math.min(limits.maxUrls, fits));
}

/** The web build's index.html time: the public pages change with a build. */
function pagesLastmod(config: Config): Date | null {
  try {
    return statSync(join(resolveWebDist(config), 'index.html')).mtime;
  } catch {
    return null;
  }
}

export interface SitemapOptions {
  config?: Config;
  /** URLs per file (the protocol's 50,000 by default; tests make it small). */
  maxUrlsPerFile?: number;
  /** Bytes per file, uncompressed (50 MB by default). */
  maxBytesPerFile?: number;
}

/**
 * GET /sitemap.xml (the index), /sitemap-pages.xml and /sitemap-<section>-<n>.xml. Unknown files
 * and numbers past the last file answer 404. Registered under a prefix, the index points at the
 * files under that prefix.
 */
export async function sitemapRoutes(app: FastifyInstance, opts: SitemapOptions): Promise<void> {
  const config = opts.config ?? app.platform.config;
  const limits = {
    maxUrls: opts.maxUrlsPerFile ?? SITEMAP_MAX_URLS,
    maxBytes: opts.maxBytesPerFile ?? SITEMAP_MAX_BYTES,
  };
  const route = { schema: { hide: true }, config: { access: 'public' as const } };
  const sections = () => sitemapSections.get(registryKey(app)) ?? [];
  const base = (request: FastifyRequest) => `${siteOrigin(config, request)}${app.prefix}`;

  app.get('/sitemap.xml', route, async (request, reply) => {
    const files: { loc: string; lastmod?: Date | null }[] = [
      { loc: `${base(request)}/sitemap-pages.xml`, lastmod: pagesLastmod(config) },
    ];
    for (const section of sections()) {
      const perFile = urlsPerFile(siteOrigin(config, request), section.maxPathBytes, limits);
      try {
        const list = await section.files(perFile);
        list.forEach((file, i) => {
          files.push({ loc: `${base(request)}/sitemap-${section.name}-${i + 1}.xml`, lastmod: file.lastmod });
        });
      } catch (err) {
        // One section failing leaves the others (and the pages) in the index.
        request.log.error({ err, section: section.name }, 'sitemap section failed');
      }
    }
    reply.type(XML_TYPE).header('cache-control', CACHE_CONTROL);
    return renderSitemapIndex(files.slice(0, SITEMAP_MAX_URLS));
  });

  app.get('/sitemap-pages.xml', route, async (request, reply) => {
    const urls = SITEMAP_PAGES.map((p) => ({ loc: p.path, changefreq: p.changefreq, priority: p.priority }));
    reply.type(XML_TYPE).header('cache-control', CACHE_CONTROL);
    return renderSitemap(siteOrigin(config, request), urls);
  });

  app.get<{ Params: { file: string } }>('/sitemap-:file', route, async (request, reply) => {
    const match = /^([a-z]+)-([1-9]\d{0,5})\.xml$/.exec(request.params.file);
    const section = match && sections().find((s) => s.name === match[1]);
    if (!match || !section) return sendError(request, reply, 'Request.NotFound');
    const origin = siteOrigin(config, request);
    const urls = await section.urls(Number(match[2]), urlsPerFile(origin, section.maxPathBytes, limits));
    if (urls.length === 0) return sendError(request, reply, 'Request.NotFound');
    reply.type(XML_TYPE).header('cache-control', CACHE_CONTROL);
    return renderSitemap(origin, urls);
  });
}
