import { hydrate as hydrateQueries } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { queryClient } from './app/query-client.ts';
import { appRoutes, createAppRouter, loadMatchedRoutes } from './app/router.tsx';
import { learnServerTime } from './components/auction/server-clock.ts';
import { currentLanguage, initBrowserI18n, LANGUAGE_COOKIE, writeLanguageCookie } from './lib/i18n.ts';
import { pageReceivedAtMs } from './lib/prehydration/page-clock.ts';
import { setRenderEnv, TIME_ZONE_COOKIE } from './lib/render-env.ts';
import { readSsrPayload } from './ssr/payload.ts';

const YEAR_S = 365 * 24 * 60 * 60;

function hasCookie(name: string): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${name}=`));
}

/**
 * Tells the server what only the browser knows, for the next server render: the detected language (when no
 * cookie says one yet, so the spec's order gives the same answer) and the time zone dates are written in.
 */
function rememberForServer(lng: ReturnType<typeof currentLanguage>): void {
  try {
    if (!hasCookie(LANGUAGE_COOKIE)) writeLanguageCookie(lng);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && !document.cookie.includes(`${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`)) {
      // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie read by the server renderer.
      document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=${YEAR_S}; SameSite=Lax`;
    }
  } catch {
    // Cookies unavailable: the server keeps rendering in UTC and the language it detects.
  }
}

export interface StartOptions {
  /** Called just before hydration begins (the starter stops its own countdown ticking: React owns the page from then). */
  beforeHydrate?: () => void;
}

/**
 * Starts the app (main.ts imports this module: on a server-rendered page at the visitor's first sign of engagement,
 * otherwise after the first paint). A page the server rendered (its payload says `ssr` and its language is the one
 * the browser detects) is hydrated with the server's data, clock, zone and session; any other page is rendered here.
 */
export async function start(options: StartOptions = {}): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const payload = readSsrPayload();
  await initBrowserI18n(payload?.i18n);
  const lng = currentLanguage();
  rememberForServer(lng);

  const hydrating = Boolean(payload?.ssr && payload.lng === lng && container.firstElementChild);
  if (payload && hydrating) {
    setRenderEnv({
      nowMs: payload.nowMs,
      timeZone: payload.timeZone,
      session: payload.session,
      phone: payload.phone,
      clockOffsetMs: payload.clockOffsetMs,
    });
    learnServerTime(payload.nowMs + payload.clockOffsetMs, pageReceivedAtMs());
    if (payload.query) hydrateQueries(queryClient, payload.query);
    (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = payload.router;
    await loadMatchedRoutes(appRoutes, `${window.location.pathname}${window.location.search}`);
  }
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (hydrating) {
    options.beforeHydrate?.();
    // As a transition, hydration yields to the browser every few milliseconds instead of one long task: the page
    // is already on screen, and a tap on a part not yet hydrated makes React hydrate that part first.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
  installFingerprintWhenNeeded(hydrating && !payload?.session?.accountNo);
}

/**
 * FingerprintJS (the X-Device-Fingerprint visitor id) costs the phone's main thread a few hundred milliseconds.
 * A signed-out visitor reading a server-rendered page needs no device id until they act, so there it starts at
 * the first interaction; everywhere else (sign-in, console, a signed-in visitor) right after the first paint.
 */
function installFingerprintWhenNeeded(deferUntilInteraction: boolean): void {
  const install = () => void import('./lib/fingerprint-js.ts').then((m) => m.installFingerprintJs());
  if (!deferUntilInteraction) {
    install();
    return;
  }
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  const onFirst = () => {
    for (const name of events) window.removeEventListener(name, onFirst, true);
    install();
  };
  for (const name of events) window.addEventListener(name, onFirst, { capture: true, passive: true });
}
