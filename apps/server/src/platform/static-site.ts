import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { sendError } from './envelope.ts';
import { getRegionData, RegionDataSchema } from './region-data.ts';
import { inProcessFetch, ssrEntryOf, ssrHeaders, ssrLoader } from './ssr.ts';

// ---------------------------------------------------------------------------------------------
// Where the built web app lives
// ---------------------------------------------------------------------------------------------

const here = dirname(fileURLToPath(import.meta.url));

/** apps/web/dist seen from src/platform (tsx, vitest) and from apps/server/dist/main.js (bundled). */
const DEFAULT_DIST_CANDIDATES = [resolve(here, '../../../web/dist'), resolve(here, '../../web/dist')];

/** The web build directory: config.webDist when set, else apps/web/dist (the first candidate that has an index.html). */
export function resolveWebDist(config: Pick<Config, 'webDist'>): string {
  if (config.webDist) return resolve(config.webDist);
  return (
    DEFAULT_DIST_CANDIDATES.find((dir) => existsSync(join(dir, 'index.html'))) ?? (DEFAULT_DIST_CANDIDATES[0] as string)
  );
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>NameBourse</title><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>NameBourse</h1>
<p>The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>) and reload this page.</p>
<p>The API is up: see <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;

interface CachedIndex {
  file: string;
  mtimeMs: number;
  size: number;
  body: Buffer;
}

/** HTML is personal (session, language, zone) and live (prices): revalidated on every visit, never stored shared. */
export const HTML_CACHE_CONTROL = 'private, no-cache';

/**
 * The not-found handler for non-/api paths (the envelope plugin calls it): a GET/HEAD for a path without a file
 * is a page of the web app. The server renderer (platform/ssr.ts) renders the public pages with their status
 * (404 for an unknown address or lot) and answers the rest with the app's HTML for the browser to render; if it
 * is not built or fails, index.html is sent as it is (status 200) and the browser renders the page. Missing
 * hashed assets stay 404s; without a build, a short page says to run `npm run build`. index.html is re-read when
 * the build changes.
 */
export function spaFallback(
  config: Config,
  root: () => FastifyInstance,
): (request: FastifyRequest, reply: FastifyReply) => unknown {
  let cache: CachedIndex | undefined;
  let renderer: (() => ReturnType<ReturnType<typeof ssrLoader>>) | undefined;

  function loadIndex(): Buffer | undefined {
    const file = join(resolveWebDist(config), 'index.html');
    try {
      const stat = statSync(file);
      if (!cache || cache.file !== file || cache.mtimeMs !== stat.mtimeMs || cache.size !== stat.size) {
        cache = { file, mtimeMs: stat.mtimeMs, size: stat.size, body: readFileSync(file) };
      }
      return cache.body;
    } catch {
      cache = undefined;
      return undefined;
    }
  }

  return async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path.startsWith('/assets/')) {
      return sendError(request, reply, 'Request.NotFound');
    }
    const index = loadIndex();
    reply.header('cache-control', HTML_CACHE_CONTROL).header('vary', 'Cookie, Accept-Language');
    reply.type('text/html; charset=utf-8');
    if (!index) return reply.code(200).send(NOT_BUILT_PAGE);
    const app = root();
    renderer ??= ssrLoader(ssrEntryOf(resolveWebDist(config)), app.log);
    const ssr = await renderer();
    if (ssr) {
      try {
        const result = await ssr.render(
          {
            url: request.url,
            origin: siteOrigin(config, request),
            headers: ssrHeaders(request),
            api: inProcessFetch(app, request),
          },
          index.toString('utf8'),
        );
        if (result.location) return reply.redirect(result.location, result.status);
        return reply.code(result.status).send(result.html);
      } catch (err) {
        request.log.error({ err, url: request.url }, 'server rendering failed: the browser renders the page');
      }
    }
    return reply.code(200).send(index);
  };
}

// ---------------------------------------------------------------------------------------------
// robots.txt (the sitemap itself: sitemap.ts)
// ---------------------------------------------------------------------------------------------

/** The site's absolute origin: PUBLIC_URL when configured, else the request's protocol and host. */
export function siteOrigin(config: Pick<Config, 'publicUrl'>, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host = /^[A-Za-z0-9.:[\]-]{1,255}$/.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}

export function renderRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /console/',
    'Disallow: /account/',
    'Disallow: /api/',
    'Disallow: /admin',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// The plugin
// ---------------------------------------------------------------------------------------------

function cacheControlFor(root: string, file: string): string {
  const rel = relative(root, file);
  if (rel === 'index.html' || rel.endsWith(`${sep}index.html`)) return 'no-cache';
  if (rel.startsWith(`assets${sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

function etagMatches(header: string | undefined, etags: string[]): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => etags.includes(tag.trim().replace(/^W\//, '')));
}

/**
 * The public, non-API surface: the built web app (hashed /assets cached forever, index.html
 * revalidated), /robots.txt and /region-data.json (the sitemap: sitemap.ts). Unknown paths fall through to
 * the not-found handler, which renders the SPA via `spaFallback`.
 */
export const staticSitePlugin = fp(
  async (app: FastifyInstance, opts: { config?: Config }) => {
    const config = opts.config ?? app.platform.config;

    app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
      return renderRobots(siteOrigin(config, request));
    });

    app.get(
      '/region-data.json',
      {
        schema: {
          tags: ['platform'],
          summary: 'Countries with dial codes and provinces/states (not enveloped)',
          description:
            '`[{ c, v, n, p, s: [{ c, v, n }] }]`: c = ISO 3166-1 alpha-2 (states: subdivision code), ' +
            "v = Chinese name, n = English name, p = dial code digits without '+' (e.g. '86'), s = provinces/states.",
          response: { 200: RegionDataSchema, 304: z.null().describe('Not modified (ETag matched)') },
        },
      },
      async (request, reply) => {
        const data = getRegionData();
        const accept = String(request.headers['accept-encoding'] ?? '');
        const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
        const base = data.etag.slice(0, -1);
        const etag = encoding === 'br' ? `${base}-br"` : encoding === 'gzip' ? `${base}-gz"` : data.etag;
        reply.header('cache-control', 'public, max-age=86400').header('etag', etag).header('vary', 'Accept-Encoding');
        if (etagMatches(request.headers['if-none-match'], [data.etag, `${base}-br"`, `${base}-gz"`])) {
          return reply.code(304).send();
        }
        reply.type('application/json; charset=utf-8');
        if (encoding === 'br') return reply.header('content-encoding', 'br').send(data.brotli());
        if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(data.gzip());
        return reply.send(data.json);
      },
    );

    // The home page is a page, not the build folder's index: the not-found handler renders it (spaFallback).
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.callNotFound());

    const root = resolveWebDist(config);
    if (existsSync(join(root, 'index.html'))) {
      await app.register(fastifyStatic, {
        root,
        prefix: '/',
        wildcard: true,
        index: false,
        redirect: false,
        preCompressed: true,
        cacheControl: false,
        etag: true,
        lastModified: true,
        setHeaders: (reply, file) => {
          reply.header('cache-control', cacheControlFor(root, file));
        },
      });
    } else {
      app.log.info({ webDist: root }, 'web app not built: serving the "run npm run build" page');
    }
  },
  { name: 'static-site', dependencies: ['envelope'] },
);
