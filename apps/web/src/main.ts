import { markAppWaiting, whenAppReady } from './lib/app-ready.ts';
import { detectBrowserLanguage } from './lib/language-detection.ts';
import { startCountdowns } from './lib/prehydration/countdowns.ts';
import { holdInteractions } from './lib/prehydration/hold-interactions.ts';
import { pageServerClock } from './lib/prehydration/page-clock.ts';
import { prefetchAppWhenIdle } from './lib/prehydration/prefetch-app.ts';
import { onFirstIntent, watchLiveLot } from './lib/prehydration/start-on-intent.ts';

/**
 * The page's only script (ADR 0023). The app (start-app.tsx: React, the router, MUI, i18next, the page's code) is
 * downloaded and started:
 * - on a page the server rendered in the language the app will use: at the visitor's first sign of engagement (a
 *   pointer, a touch, a key, focus, a scroll), or when the page must change by itself (a countdown ran out, a live
 *   lot's price moved). Until then the server's HTML is the page: it reads, its links and forms work, its
 *   countdowns tick (lib/prehydration/countdowns.ts), and a tap or typing is held and done again once the app has
 *   hydrated (lib/prehydration/hold-interactions.ts). A phone that only reads runs none of the app's code; once
 *   the page is idle its scripts are fetched into the cache, not run (lib/prehydration/prefetch-app.ts).
 * - on any other page (console pages are rendered in the browser): right after the first paint.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** A server-rendered page: the app starts at the first of the visitor's engagement or the page's own change. */
function startWhenNeeded(root: HTMLElement): void {
  markAppWaiting();
  const held = holdInteractions(root);
  let stopCountdowns = () => {};
  let stopLiveLot = () => {};
  let cancelIntent = () => {};
  let started = false;
  const startApp = () => {
    if (started) return;
    started = true;
    cancelIntent();
    stopLiveLot();
    void import('./start-app.tsx').then((app) => app.start({ beforeHydrate: stopCountdowns }));
    void whenAppReady().then(() => held.replay());
  };
  stopCountdowns = startCountdowns(root, pageServerClock(root), startApp);
  stopLiveLot = watchLiveLot(document, startApp);
  cancelIntent = onFirstIntent(window, startApp);
  prefetchAppWhenIdle(window, () => started);
}

const root = document.getElementById('root');
if (root?.firstElementChild && detectBrowserLanguage() === document.documentElement.lang) {
  startWhenNeeded(root);
} else {
  void afterFirstPaint()
    .then(() => import('./start-app.tsx'))
    .then((app) => app.start());
}
