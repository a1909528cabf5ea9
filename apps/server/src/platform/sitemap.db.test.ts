import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../test/helpers.ts';
import { parseSitemap } from './sitemap.test-support.ts';
import {
  registerSitemapSection,
  renderSitemap,
  SITEMAP_MAX_BYTES,
  SITEMAP_PAGES,
  type SitemapUrl,
  sitemapRoutes,
  urlsPerFile,
} from './sitemap.ts';

const ORIGIN = 'https://namebourse.example';

/** A section of `count` made-up pages (/demo/1 …), numbered like the lots section. */
function demoSection(count: number) {
  const all: SitemapUrl[] = Array.from({ length: count }, (_, i) => ({
    loc: `/demo/${i + 1}`,
    lastmod: new Date(Date.UTC(2026, 0, 1 + i)),
  }));
  return {
    name: 'demo',
    maxPathBytes: 16,
    files: async (perFile: number) =>
      Array.from({ length: Math.ceil(count / perFile) }, (_, i) => ({
        lastmod: new Date(Date.UTC(2026, 0, Math.min(count, (i + 1) * perFile))),
      })),
    urls: async (file: number, perFile: number) => all.slice((file - 1) * perFile, file * perFile),
  };
}

describe.each(enginesFor('app'))('sitemap (%s)', (engine) => {
  let t: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'nb-sitemap-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>NB</title>');
    t = await buildTestApp(engine, { webDist: dist, publicUrl: `${ORIGIN}/` }, async (app) => {
      registerSitemapSection(app, demoSection(7));
      registerSitemapSection(app, {
        name: 'broken',
        maxPathBytes: 10,
        files: async () => {
          throw new Error('section down');
        },
        urls: async () => [],
      });
      // The same routes with small files, to see where they split.
      await app.register(sitemapRoutes, { prefix: '/small', maxUrlsPerFile: 3 });
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves a sitemap index of the pages file and each section’s files, cacheable for an hour', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const index = parseSitemap(res.body);
    expect(index.root).toBe('sitemapindex');
    const locs = index.entries.map((e) => e.loc);
    expect(locs).toContain(`${ORIGIN}/sitemap-pages.xml`);
    expect(locs).toContain(`${ORIGIN}/sitemap-demo-1.xml`);
    // 7 demo URLs fit one file of 50,000; the broken section is left out, the others stay.
    expect(locs.filter((l) => l.includes('sitemap-demo-'))).toEqual([`${ORIGIN}/sitemap-demo-1.xml`]);
    expect(locs.some((l) => l.includes('broken'))).toBe(false);
    for (const entry of index.entries) expect(entry.lastmod ?? '').toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('lists the public pages with zh-CN, en-US and x-default alternates', async () => {
    const res = await get('/sitemap-pages.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const file = parseSitemap(res.body);
    expect(file.root).toBe('urlset');
    expect(file.entries.map((e) => e.loc)).toEqual(SITEMAP_PAGES.map((p) => `${ORIGIN}${p.path}`));
    const about = file.entries.find((e) => e.loc === `${ORIGIN}/about-us`);
    expect(about?.alternates).toEqual({
      'zh-CN': `${ORIGIN}/about-us?lng=zh-CN`,
      'en-US': `${ORIGIN}/about-us?lng=en-US`,
      'x-default': `${ORIGIN}/about-us`,
    });
  });

  it('serves a section’s file with its URLs and lastmod', async () => {
    const file = parseSitemap((await get('/sitemap-demo-1.xml')).body);
    expect(file.entries.map((e) => e.loc)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `${ORIGIN}/demo/${n}`));
    expect(file.entries[0]).toMatchObject({ lastmod: '2026-01-01T00:00:00.000Z' });
    expect(file.entries[0]?.alternates['zh-CN']).toBe(`${ORIGIN}/demo/1?lng=zh-CN`);
  });

  it('splits a section into files of the limit, and answers 404 past the last file', async () => {
    const index = parseSitemap((await get('/small/sitemap.xml')).body);
    expect(index.entries.map((e) => e.loc).filter((l) => l.includes('demo'))).toEqual([
      `${ORIGIN}/small/sitemap-demo-1.xml`,
      `${ORIGIN}/small/sitemap-demo-2.xml`,
      `${ORIGIN}/small/sitemap-demo-3.xml`,
    ]);
    const sizes: number[] = [];
    const locs: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await get(`/small/sitemap-demo-${n}.xml`);
      expect(res.statusCode).toBe(200);
      const entries = parseSitemap(res.body).entries;
      sizes.push(entries.length);
      locs.push(...entries.map((e) => e.loc));
    }
    expect(sizes).toEqual([3, 3, 1]);
    expect(locs).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `${ORIGIN}/demo/${n}`));
    expect((await get('/small/sitemap-demo-4.xml')).statusCode).toBe(404);
  });

  it.each([
    '/sitemap-demo-2.xml',
    '/sitemap-demo-0.xml',
    '/sitemap-demo-01.xml',
    '/sitemap-demo.xml',
    '/sitemap-nothing-1.xml',
    '/sitemap-broken-1.xml',
    '/sitemap-demo-1.json',
    '/sitemap-demo-99999999999999999999.xml',
    '/sitemap-..%2F..%2Fpackage.json',
  ])('answers 404 for %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('Request.NotFound');
  });

  it('never fails on a file name past the router’s parameter length', async () => {
    for (const length of [200, 5000]) {
      const res = await get(`/sitemap-${'a'.repeat(length)}-1.xml`);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain('<urlset');
    }
  });

  it('is compressed for clients that accept it', async () => {
    const plain = await get('/sitemap-pages.xml');
    const res = await get('/sitemap-pages.xml', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('keeps every file within 50 MB: fewer URLs to a file when the origin is long', () => {
    const limits = { maxUrls: 50_000, maxBytes: SITEMAP_MAX_BYTES };
    expect(urlsPerFile(ORIGIN, 25, limits)).toBe(50_000);
    const long = `https://${'a'.repeat(240)}.example`;
    const perFile = urlsPerFile(long, 25, limits);
    expect(perFile).toBeLessThan(50_000);
    // A file of that many of the longest lot entries really is within the limit.
    const urls = Array.from({ length: perFile }, () => ({
      loc: `/sale/${'9'.repeat(19)}`,
      lastmod: new Date(),
      changefreq: 'hourly' as const,
      priority: 0.6,
    }));
    const bytes = Buffer.byteLength(renderSitemap(long, urls));
    expect(bytes).toBeLessThanOrEqual(SITEMAP_MAX_BYTES);
    expect(bytes).toBeGreaterThan(SITEMAP_MAX_BYTES * 0.9);
  });
});
