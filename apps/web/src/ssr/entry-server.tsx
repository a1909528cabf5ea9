import { Writable } from 'node:stream';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { LoginState, SsrRequest, SsrResult } from '@namebourse/contract';
import { dehydrate } from '@tanstack/react-query';
import i18next, { type Resource } from 'i18next';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { appRoutes } from '../app/router.tsx';
import { checkLogin, isLoggedIn } from '../app/session/check-login.ts';
import { serverClockOffsetMs } from '../components/auction/server-clock.ts';
import { configureApiClient } from '../lib/api-client.ts';
import { type AppLanguage, CORE_NAMESPACES, initBundledI18n, LANGUAGE_COOKIE, mapLanguage } from '../lib/i18n.ts';
import { resources } from '../lib/i18n-resources.ts';
import { type HeadData, HeadSinkContext } from '../lib/page-head.tsx';
import { RENDERED_AT_ATTRIBUTE } from '../lib/prehydration/page-clock.ts';
import { isPhoneUserAgent, serverRenderTimeZone, setRenderEnv } from '../lib/render-env.ts';
import type { RouteHandle } from '../lib/ssr-route.ts';
import { headTags } from './head-tags.ts';
import { SSR_PAYLOAD_ID, type SsrPayload, scriptSafeJson } from './payload.ts';

/**
 * The server renderer (built by `vite build --ssr` into apps/web/dist-ssr; the API server imports it). It renders
 * the public pages with React's streaming renderer, the first view's data fetched through the API in-process
 * (`SsrRequest.api`), MUI's critical CSS extracted, and answers every other page with the app's HTML for the
 * browser to render. Renders run one at a time: the app's i18next, API client and render environment are
 * module-wide, and rendering is CPU-bound anyway (see docs/adr/0016-server-rendering.md).
 */

initBundledI18n(resources, 'zh-CN');

const handler = createStaticHandler(appRoutes);
const RENDER_TIMEOUT_MS = 5000;

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The server's share of the spec's detection order: the `lng` query, the `i18next` cookie, Accept-Language. */
export function requestLanguage(url: URL, headers: SsrRequest['headers']): AppLanguage {
  const query = url.searchParams.get('lng');
  if (query) return mapLanguage(query);
  const cookie = cookieValue(headers.cookie, LANGUAGE_COOKIE);
  if (cookie) return mapLanguage(cookie);
  const accept = headers['accept-language'];
  if (accept) {
    const first = accept
      .split(',')
      .map((part) => {
        const [tag = '', q] = part.trim().split(';q=');
        return { tag: tag.trim(), q: q === undefined ? 1 : Number(q) };
      })
      .filter((entry) => entry.tag && entry.tag !== '*' && Number.isFinite(entry.q))
      .sort((a, b) => b.q - a.q)[0];
    if (first) return mapLanguage(first.tag);
  }
  return 'zh-CN';
}

/** React Router's own serialisation of route errors for hydration (StaticRouterProvider's `serializeErrors`). */
function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (isRouteErrorResponse(value)) out[key] = { ...value, __type: 'RouteErrorResponse' };
    else if (value instanceof Error) out[key] = { message: value.message, __type: 'Error' };
    else out[key] = value;
  }
  return out;
}

function handles(context: StaticHandlerContext): RouteHandle[] {
  return context.matches.map((match) => (match.route.handle ?? {}) as RouteHandle);
}

function renderToHtml(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        html += chunk.toString();
        callback();
      },
      final(callback) {
        resolve(html);
        callback();
      },
    });
    const stream = renderToPipeableStream(element, {
      // The whole page in order, nothing outlined for inline scripts to move (the CSP allows no inline script).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        reject(error);
      },
    });
    setTimeout(() => stream.abort(new Error('render timed out')), RENDER_TIMEOUT_MS).unref();
  });
}

function usedBundles(lng: AppLanguage): Resource {
  const used = new Set<string>([...CORE_NAMESPACES, ...(i18next.reportNamespaces?.getUsedNamespaces() ?? [])]);
  const bundles: Record<string, unknown> = {};
  for (const ns of used) {
    const bundle = i18next.getResourceBundle(lng, ns);
    if (bundle) bundles[ns] = bundle;
  }
  return { [lng]: bundles } as Resource;
}

function resetUsedNamespaces(): void {
  const report = i18next.reportNamespaces as { usedNamespaces?: Record<string, boolean> } | undefined;
  if (report) report.usedNamespaces = {};
}

/**
 * A server-rendered page is on screen before its scripts run (they only hydrate it), so its scripts and their
 * preloads are fetched at low priority: the HTML, its CSS and images go first on a slow connection.
 */
export function lowerScriptPriority(html: string): string {
  return html
    .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"')
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"');
}

/** Fills the app's HTML: `<html lang>`, the head between its markers, the rendered root and the payload. */
export function fillTemplate(
  template: string,
  parts: { lang: string; head?: string; styles?: string; body?: string; payload: SsrPayload },
): string {
  let html = template.replace(/<html lang="[^"]*"/, `<html lang="${parts.lang}"`);
  if (parts.head !== undefined) {
    html = html.replace(/<!--head-->[\s\S]*?<!--\/head-->/, parts.head);
  }
  if (parts.styles) html = html.replace('</head>', `${parts.styles}</head>`);
  if (parts.body) html = lowerScriptPriority(html);
  // The render's moment on the server's clock: what the page's countdowns tick from before the app has hydrated.
  const renderedAt = parts.body
    ? ` ${RENDERED_AT_ATTRIBUTE}="${parts.payload.nowMs + parts.payload.clockOffsetMs}"`
    : '';
  html = html.replace('<div id="root"></div>', `<div id="root"${renderedAt}>${parts.body ?? ''}</div>`);
  const payload = `<script id="${SSR_PAYLOAD_ID}" type="application/json">${scriptSafeJson(parts.payload)}</script>`;
  return html.replace('</body>', `${payload}</body>`);
}

async function sessionOf(headers: SsrRequest['headers']): Promise<LoginState | null> {
  if (!headers.cookie) return { accountNo: '', nickname: '' };
  const result = await checkLogin();
  if (result.status !== 'ok') return null;
  return isLoggedIn(result.info) ? result.info : { accountNo: '', nickname: '' };
}

async function renderOnce(request: SsrRequest, template: string): Promise<SsrResult> {
  const url = new URL(request.url, request.origin);
  const lng = requestLanguage(url, request.headers);
  await i18next.changeLanguage(lng);
  configureApiClient({ fetch: request.api, navigate: () => {} });
  const base = {
    lng,
    nowMs: Date.now(),
    // The signed-in user's setting, else the device's zone, else UTC.
    timeZone: serverRenderTimeZone((name) => cookieValue(request.headers.cookie, name)),
    phone: isPhoneUserAgent(request.headers['user-agent']),
  };

  const queryClient = createQueryClient();
  const context = await handler.query(
    new Request(url, { headers: request.headers.cookie ? { cookie: request.headers.cookie } : {} }),
    { requestContext: { ssr: { queryClient, lng } } },
  );
  if (context instanceof Response) {
    return { status: context.status, location: context.headers.get('location') ?? '/', html: '', rendered: false };
  }
  const routeHandles = handles(context);
  const notFound = routeHandles.some((handle) => handle.notFound);
  const status = notFound ? 404 : context.statusCode;
  const ssr = routeHandles.some((handle) => handle.ssr) || (context.errors !== null && status === 404);
  if (!ssr) {
    const payload: SsrPayload = { ssr: false, ...base, clockOffsetMs: 0, session: null, i18n: usedBundles(lng) };
    resetUsedNamespaces();
    return { status, html: fillTemplate(template, { lang: lng, payload }), rendered: false };
  }

  const session = await sessionOf(request.headers);
  // The clock offset the loaders' answers taught (a lot's serverTime): the render's countdowns use it.
  const clockOffsetMs = serverClockOffsetMs();
  setRenderEnv({ nowMs: base.nowMs, timeZone: base.timeZone, session, phone: base.phone, clockOffsetMs });
  // Failed queries render as loading, as they will in the browser (which asks again); errors are not sent.
  queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  let head: HeadData = {};
  resetUsedNamespaces();
  try {
    const body = await renderToHtml(
      <CacheProvider value={cache}>
        <HeadSinkContext.Provider value={(next) => (head = next)}>
          <AppProviders queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </HeadSinkContext.Provider>
      </CacheProvider>,
    );
    const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(body));
    const payload: SsrPayload = {
      ssr: true,
      ...base,
      clockOffsetMs,
      session,
      i18n: usedBundles(lng),
      query: dehydrate(queryClient),
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: serializeErrors(context.errors),
      },
    };
    const headHtml = headTags(head, { origin: request.origin, url, lng });
    return {
      status,
      html: fillTemplate(template, { lang: lng, head: headHtml, styles, body, payload }),
      rendered: true,
    };
  } finally {
    setRenderEnv(null);
    resetUsedNamespaces();
  }
}

let queue: Promise<unknown> = Promise.resolve();

/** Renders one request (after the ones before it: renders run one at a time). */
export function render(request: SsrRequest, template: string): Promise<SsrResult> {
  const run = queue.then(() => renderOnce(request, template));
  queue = run.catch(() => undefined);
  return run;
}
