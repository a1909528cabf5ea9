import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SsrRenderer } from '@namebourse/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The web app's server renderer, as the API server sees it: `apps/web/dist-ssr/entry-server.js`, built by
 * `npm run build` beside the browser build (`<web dist>-ssr`). It renders the public pages with their data,
 * titles and statuses, and answers the other pages with the app's HTML for the browser to render. The API calls
 * it makes go through this server in-process (`app.inject`), with the visitor's cookies and address, so they pass
 * the same routes, services, access rules and rate limits as the browser's own calls.
 */
/** Where the server renderer of a web build lives. */
export function ssrEntryOf(webDist: string): string {
  return join(`${webDist.replace(/[\\/]+$/, '')}-ssr`, 'entry-server.js');
}

/** Loads the renderer, again after a rebuild (the file's mtime is part of the module URL); null when not built. */
export function ssrLoader(entry: string, log: FastifyInstance['log']): () => Promise<SsrRenderer | null> {
  let loaded: { mtimeMs: number; renderer: Promise<SsrRenderer | null> } | undefined;
  return () => {
    if (!existsSync(entry)) return Promise.resolve(null);
    const { mtimeMs } = statSync(entry);
    if (!loaded || loaded.mtimeMs !== mtimeMs) {
      const url = `${pathToFileURL(entry).href}?v=${mtimeMs}`;
      const renderer = (import(url) as Promise<SsrRenderer>).catch((err: unknown) => {
        log.error({ err, entry }, 'server renderer failed to load: pages are rendered in the browser');
        return null;
      });
      loaded = { mtimeMs, renderer };
    }
    return loaded.renderer;
  };
}

const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language'] as const;

/** The request headers the renderer reads (language, cookies, phone guess). */
export function ssrHeaders(request: FastifyRequest): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function requestUrl(input: Parameters<typeof fetch>[0]): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return `${input.pathname}${input.search}`;
  const url = new URL(input.url, 'http://localhost');
  return `${url.pathname}${url.search}`;
}

/**
 * A `fetch` that answers from this server in-process, as the visitor: their cookies, user agent and address.
 * Only this site's paths are accepted (the renderer never calls elsewhere).
 */
export function inProcessFetch(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  return (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = requestUrl(input);
    if (!url.startsWith('/')) throw new TypeError(`the server renderer only calls this site (${url})`);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const cookie = request.headers.cookie;
    if (cookie) headers.cookie = cookie;
    const userAgent = request.headers['user-agent'];
    if (userAgent) headers['user-agent'] = userAgent;
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
      remoteAddress: request.ip,
    });
    const out = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) out.append(key, String(item));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: out,
    });
  }) as typeof fetch;
}
