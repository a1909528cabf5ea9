/**
 * The first tap on a lot page, as a phone (issue 14), for `npm run bench:web -- --tap` (bench-web.ts runs the
 * server and calls measureTaps). Lighthouse's load stops before the visitor does anything, so a page that starts
 * its app on the first sign of engagement moves cost out of Lighthouse's view, onto the first tap: this measures it.
 *
 * Each run is a fresh Chromium (playwright-core, the e2e's browser) with a 390×844 touch screen, Lighthouse's
 * mobile user agent and pixel ratio, the CPU slowed 4× (`Emulation.setCPUThrottlingRate`) and the network held to
 * Lighthouse's "slow 4G" figures (`Network.emulateNetworkConditions`: 150 ms latency, 1.6 Mbit/s down, 750 kbit/s
 * up). It opens the lot page, waits for the load event and 1 s more (with `afterReady`, `--tap-after-ready`: until
 * the app has taken over the page and 1 s more, the baseline of a hydrated page), then taps once:
 * - `menu`: the top bar's "open navigation menu" button; done when the drawer's navigation starts to show (the
 *   first frame in which any of it is on screen: the drawer then slides in for 225 ms);
 * - `bid`: the bid form's button, which signed out reads "sign in to bid" and opens the sign-in page; done when
 *   /account/login shows its password field. Playwright scrolls the button into view first (it is below the fold
 *   on a phone), so a scroll just before the tap is part of this interaction, as it is for a visitor.
 * The time runs from the tap's touchstart (its event timestamp, so time the main thread kept the event waiting
 * counts) to the start of the frame that shows the result (requestAnimationFrame). Each run also notes when the app
 * took over the page (`<html data-app="ready">`, from the navigation's start), whether it had before the tap, and
 * the longest Event Timing entry of the tap itself (what INP would count; a tap held and replayed by the page
 * counts only the held original, not the replay).
 */
import { type Browser, chromium, type Page } from 'playwright-core';

export const TAP_INTERACTIONS = ['menu', 'bid'] as const;
export type TapInteraction = (typeof TAP_INTERACTIONS)[number];

/** Lighthouse 12's mobile device (core/config/constants.js) and its slow 4G figures. */
const MOBILE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';
export const TAP_CONDITIONS = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1.75,
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadKbps: 1.6 * 1024,
  uploadKbps: 750,
} as const;
/** After the load event (or the app's start), before the tap. */
const SETTLE_MS = 1_000;
/** How long the result of a tap may take before the run counts it as not shown. */
const SHOW_LIMIT_MS = 30_000;
const LOAD_LIMIT_MS = 120_000;

export interface TapRun {
  /** shown: the drawer or sign-in page showed; reloaded: the browser loaded a new document (no app handled the tap). */
  outcome: 'shown' | 'not shown' | 'reloaded';
  tapToShownMs: number | null;
  loadMs: number | null;
  /** When `<html data-app>` became `ready`, from the navigation's start; null if not before the run ended. */
  appReadyMs: number | null;
  appReadyAtTap: boolean;
  /** The longest Event Timing entry of the tap (pointerdown, pointerup, click…), in ms. */
  tapEventMs: number | null;
  /** The page had to scroll to bring the target into view. */
  scrolled: boolean;
}

export interface TapCell {
  interaction: TapInteraction;
  language: string;
  path: string;
  runs: TapRun[];
  failures: string[];
}

/** The accessible names the taps look for, from the build's own texts. */
export interface TapLabels {
  openMenu: string;
  mainNav: string;
}

const browsers = new Set<Browser>();
/** The Chromium version the runs used (for the header). */
export const tapEnvironment: { chromium: string | null } = { chromium: null };

/** Closes the browsers of runs in progress (on Ctrl-C or an error). */
export async function closeTapBrowsers(): Promise<void> {
  await Promise.allSettled([...browsers].map((b) => b.close()));
  browsers.clear();
}

/**
 * Installed before the page's own scripts: notes the first touch's timestamp, when the app says it is ready, and
 * the Event Timing entries. A string, not a function: tsx's helpers would not exist in the page.
 */
const INIT_SCRIPT = `(() => {
  const s = (window.__benchTap = { tapAt: null, readyAt: null, shownAt: null, events: [] });
  const onTap = (e) => { if (s.tapAt === null) s.tapAt = e.timeStamp; };
  addEventListener('touchstart', onTap, { capture: true, passive: true });
  addEventListener('pointerdown', onTap, { capture: true, passive: true });
  const ready = () => {
    if (s.readyAt === null && document.documentElement && document.documentElement.dataset.app === 'ready') {
      s.readyAt = performance.now();
    }
  };
  new MutationObserver(ready).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-app'] });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        s.events.push({ name: e.name, startTime: e.startTime, duration: e.duration, interactionId: e.interactionId || 0 });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {}
})();`;

/** Watches, frame by frame, for the tap's result to be on screen; notes the frame's time in __benchTap.shownAt. */
function watchScript(interaction: TapInteraction, labels: TapLabels): string {
  const target =
    interaction === 'menu'
      ? // The desktop navigation has the same name (hidden on a phone): any of them on screen.
        `[...document.querySelectorAll('nav[aria-label=' + ${JSON.stringify(JSON.stringify(labels.mainNav))} + ']')]`
      : `location.pathname === '/account/login' ? [...document.querySelectorAll('input[type="password"]')] : []`;
  return `(() => {
    const s = window.__benchTap;
    const onScreen = (el) => {
      if (!el) return false;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      if (r.right <= 0 || r.bottom <= 0 || r.left >= innerWidth || r.top >= innerHeight) return false;
      return getComputedStyle(el).visibility !== 'hidden';
    };
    const frame = () => {
      if (s.shownAt !== null) return;
      if (${target}.some(onScreen)) s.shownAt = performance.now();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })()`;
}

interface PageState {
  tapAt: number | null;
  readyAt: number | null;
  shownAt: number | null;
  events: { name: string; startTime: number; duration: number; interactionId: number }[];
  loadMs: number | null;
}

const READ_STATE = `({ ...window.__benchTap, loadMs: (performance.getEntriesByType('navigation')[0] || {}).loadEventStart || null })`;

async function readState(page: Page): Promise<PageState | null> {
  try {
    return (await page.evaluate(READ_STATE)) as PageState;
  } catch {
    return null; // a document on its way out
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function tapOnce(
  chromiumPath: string,
  url: string,
  interaction: TapInteraction,
  language: string,
  labels: TapLabels,
  afterReady: boolean,
): Promise<TapRun> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    timeout: 30_000,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  browsers.add(browser);
  tapEnvironment.chromium ??= browser.version();
  try {
    const context = await browser.newContext({
      viewport: TAP_CONDITIONS.viewport,
      deviceScaleFactor: TAP_CONDITIONS.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
      locale: language,
      userAgent: MOBILE_USER_AGENT,
    });
    await context.addInitScript({ content: INIT_SCRIPT });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: TAP_CONDITIONS.cpuSlowdown });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: TAP_CONDITIONS.latencyMs,
      downloadThroughput: (TAP_CONDITIONS.downloadKbps * 1024) / 8,
      uploadThroughput: (TAP_CONDITIONS.uploadKbps * 1024) / 8,
    });
    await page.goto(url, { waitUntil: 'load', timeout: LOAD_LIMIT_MS });
    if (afterReady) {
      // Polled from here: the page's CSP forbids the eval that page.waitForFunction uses for a string.
      const deadline = Date.now() + LOAD_LIMIT_MS;
      while ((await page.evaluate(`document.documentElement.dataset.app`)) !== 'ready') {
        if (Date.now() > deadline) throw new Error(`the app did not start within ${LOAD_LIMIT_MS / 1000} s`);
        await sleep(100);
      }
    }
    await sleep(SETTLE_MS);

    const target =
      interaction === 'menu'
        ? page.getByRole('button', { name: labels.openMenu, exact: true })
        : page.getByTestId('lot-bid-submit');
    await target.waitFor({ state: 'visible', timeout: SHOW_LIMIT_MS });
    const box = await target.boundingBox();
    const scrolled = box !== null && (box.y < 0 || box.y + box.height > TAP_CONDITIONS.viewport.height);
    await page.evaluate(watchScript(interaction, labels));
    const before = await readState(page);
    let documents = 0;
    page.on('domcontentloaded', () => documents++);
    await target.tap({ timeout: SHOW_LIMIT_MS });

    const deadline = Date.now() + SHOW_LIMIT_MS;
    let state: PageState | null = null;
    let outcome: TapRun['outcome'] = 'not shown';
    while (Date.now() < deadline) {
      const now = await readState(page);
      if (documents > 0) {
        outcome = 'reloaded';
        break;
      }
      // A document that has not seen the tap is the next one (its load event not come yet).
      if (now?.tapAt != null) state = now;
      if (state?.shownAt != null) {
        outcome = 'shown';
        break;
      }
      await sleep(100);
    }
    if (outcome === 'shown') {
      // Event Timing entries arrive after the frames they measure have been painted.
      await sleep(500);
      state = (await readState(page)) ?? state;
    }
    state ??= before;
    const tapAt = state?.tapAt ?? null;
    const tapEvents = (state?.events ?? []).filter(
      (e) => e.interactionId > 0 && tapAt !== null && e.startTime >= tapAt - 1,
    );
    return {
      outcome,
      tapToShownMs: outcome === 'shown' && tapAt !== null && state?.shownAt != null ? state.shownAt - tapAt : null,
      loadMs: state?.loadMs ?? null,
      appReadyMs: state?.readyAt ?? null,
      appReadyAtTap: state?.readyAt != null && tapAt !== null && state.readyAt < tapAt,
      tapEventMs: tapEvents.length ? Math.max(...tapEvents.map((e) => e.duration)) : null,
      scrolled,
    };
  } finally {
    browsers.delete(browser);
    await Promise.race([browser.close(), sleep(10_000)]);
  }
}

function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? 'error';
}

/**
 * Every cell once per round, `runs` rounds (a busy spell on the machine spreads over the rows); a fresh browser per
 * run. `urlOf` gives the page's address at the time of the run (the server may have been restarted).
 */
export async function measureTaps(options: {
  chromiumPath: string;
  cells: TapCell[];
  runs: number;
  /** Tap once the app has taken over the page instead of 1 s after the load event. */
  afterReady: boolean;
  labelsOf: (language: string) => TapLabels;
  urlOf: (cell: TapCell) => Promise<string>;
  stopping: () => boolean;
  progress: (text: string) => void;
}): Promise<void> {
  const { cells, runs } = options;
  const total = cells.length * runs;
  let done = 0;
  for (let round = 1; round <= runs && !options.stopping(); round++) {
    for (const cell of cells) {
      if (options.stopping()) return;
      done++;
      options.progress(
        `[tap ${done}/${total}] ${cell.interaction} ${cell.language} ${cell.path} (round ${round}/${runs})`,
      );
      try {
        const url = await options.urlOf(cell);
        const run = await tapOnce(
          options.chromiumPath,
          url,
          cell.interaction,
          cell.language,
          options.labelsOf(cell.language),
          options.afterReady,
        );
        cell.runs.push(run);
        if (run.outcome !== 'shown') options.progress(`  ${run.outcome}`);
      } catch (err) {
        if (options.stopping()) return;
        const text = errorText(err);
        cell.failures.push(text);
        options.progress(`  failed: ${text}`);
      }
    }
  }
}

// ---- The table ----

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const ms = (v: number | null) => (v === null ? '–' : `${Math.round(v).toLocaleString('en-US')} ms`);
const numbers = (values: (number | null)[]) => values.filter((v): v is number => v !== null);

function medianAndRange(values: number[]): string {
  const m = median(values);
  if (m === null) return '–';
  return values.length > 1 ? `${ms(m)} (${ms(Math.min(...values))}–${ms(Math.max(...values))})` : ms(m);
}

const WHAT: Record<TapInteraction, string> = {
  menu: 'menu button → drawer shows',
  bid: 'bid button (signed out) → sign-in page shows',
};

/** When the runs tap, in words. */
export function tapMomentText(afterReady: boolean): string {
  return afterReady
    ? `${SETTLE_MS / 1000} s after the app took over the page (--tap-after-ready)`
    : `${SETTLE_MS / 1000} s after the load event`;
}

export function tapConditionsText(afterReady: boolean): string {
  const c = TAP_CONDITIONS;
  return `Playwright Chromium, ${c.viewport.width}×${c.viewport.height} touch screen at ${c.deviceScaleFactor}× (Lighthouse's mobile user agent), CPU ${c.cpuSlowdown}× slower (Emulation.setCPUThrottlingRate), network ${c.latencyMs} ms latency, ${(c.downloadKbps / 1024).toFixed(1)} Mbit/s down, ${c.uploadKbps} kbit/s up (Network.emulateNetworkConditions); the tap ${tapMomentText(afterReady)}; a fresh browser per run`;
}

export function tapTable(cells: TapCell[]): string {
  const head =
    '| Interaction | Language | Tap → shown (median, range) | Shown | App ready before the tap | App ready (from navigation start) | Load event | Tap event duration (Event Timing) | Runs |';
  const rule = `|${'---|'.repeat(9)}`;
  const rows = cells.map((c) => {
    const shown = c.runs.filter((r) => r.outcome === 'shown').length;
    const others = c.runs.filter((r) => r.outcome !== 'shown').map((r) => r.outcome);
    const otherText = others.length
      ? ` (${[...new Set(others)].map((o) => `${others.filter((x) => x === o).length} ${o}`).join(', ')})`
      : '';
    const scrolled = c.runs.some((r) => r.scrolled) ? ', scrolled to it first' : '';
    const runsText = `${c.runs.length}/${c.runs.length + c.failures.length}${c.failures.length ? ` (${c.failures.join('; ')})` : ''}`;
    return `| ${WHAT[c.interaction]}${scrolled} | ${c.language} | ${medianAndRange(numbers(c.runs.map((r) => r.tapToShownMs)))} | ${shown}/${c.runs.length}${otherText} | ${c.runs.filter((r) => r.appReadyAtTap).length}/${c.runs.length} | ${medianAndRange(numbers(c.runs.map((r) => r.appReadyMs)))} | ${medianAndRange(numbers(c.runs.map((r) => r.loadMs)))} | ${medianAndRange(numbers(c.runs.map((r) => r.tapEventMs)))} | ${runsText} |`;
  });
  return [head, rule, ...rows].join('\n');
}
