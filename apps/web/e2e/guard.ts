import { appendFileSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';

/**
 * What every journey checks on every page it visits, wherever it navigates (set up once per browser context by
 * openContext, run by goto, shown and withPage):
 * - accessibility: axe with the WCAG 2.0/2.1 A and AA rules; a serious or critical violation fails the journey.
 *   Each distinct page is scanned once per language × width × signed-in state in a run (all files).
 * - React hydration errors in the console (the public pages are rendered on the server and hydrated);
 * - uncaught errors in the page.
 */

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const HYDRATION = /hydrat|Minified React error #(418|423|425)\b/i;
/** Query parameters that do not change which page it is (where to go next, the language override, a prefill). */
const IGNORED_PARAMS = ['redirect', 'lng', 'ref', 'email', 'keyword'];

interface PageState {
  width: number;
  /** Hydration errors and uncaught errors not reported yet. */
  problems: string[];
  /** Requests under way (not counting streams that never end). */
  inflight: number;
  lastActivity: number;
  /** The URL the page moved to and has not been checked at (null once checked). */
  pending: string | null;
}

const states = new WeakMap<Page, PageState>();
/** Pages scanned by this test file: `lang|width|in/out|path`. */
const scanned = new Set<string>();

/**
 * The run's list of scanned pages, shared by the files (they run in parallel workers): one key a line, in a
 * file of the global setup's temporary folder. A page two files reach at once may be scanned twice.
 */
function scannedInRun(key: string): boolean {
  const file = inject('scannedPages');
  if (!file) return false;
  try {
    return readFileSync(file, 'utf8').split('\n').includes(key);
  } catch {
    return false;
  }
}

function markScanned(key: string): void {
  scanned.add(key);
  const file = inject('scannedPages');
  if (file) appendFileSync(file, `${key}\n`);
}

/** Pages seen (navigated to) in this test file, scanned or not: for the log. */
const visited = new Map<string, string>();

/** Watches every page of the context: console hydration errors, uncaught errors, requests under way. */
export function guardContext(context: BrowserContext, width: number): void {
  context.on('page', (page) => guardPage(page, width));
}

function guardPage(page: Page, width: number): void {
  const state: PageState = { width, problems: [], inflight: 0, lastActivity: Date.now(), pending: null };
  states.set(page, state);
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION.test(message.text())) {
      state.problems.push(`React hydration error on ${page.url()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => {
    // React reports a hydration mismatch as an uncaught error too (#418, #423, #425 in production builds).
    const what = HYDRATION.test(error.message) ? 'React hydration error' : 'Uncaught error';
    state.problems.push(`${what} on ${page.url()}: ${error.message}`);
  });
  const streams = new Set(['eventsource', 'websocket']);
  page.on('request', (request) => {
    if (streams.has(request.resourceType())) return;
    state.inflight++;
    state.lastActivity = Date.now();
  });
  const done = (request: { resourceType(): string }) => {
    if (streams.has(request.resourceType())) return;
    state.inflight = Math.max(0, state.inflight - 1);
    state.lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame() || !frame.url().startsWith('http')) return;
    visited.set(pathKey(frame.url()), frame.url());
    state.pending = frame.url();
  });
}

/** A failed check (accessibility, hydration, uncaught error), as opposed to a page that went away mid-scan. */
export class PageCheckError extends Error {}

/** Fails with the hydration and uncaught errors the page reported so far (each reported once). */
export function assertNoPageProblems(page: Page): void {
  const state = states.get(page);
  if (!state || state.problems.length === 0) return;
  const problems = state.problems.splice(0);
  throw new PageCheckError(`The page reported errors:\n${problems.join('\n')}`);
}

/** A path segment that names one record: digits, or a long token with several digits (a uuid, an account no). */
function isId(segment: string): boolean {
  return /^\d+$/.test(segment) || (/^[\w-]{8,}$/.test(segment) && (segment.match(/\d/g)?.length ?? 0) >= 3);
}

/** The path and the meaningful query of a URL, ids replaced by ':id' (one scan covers every lot, user, …). */
function pathKey(url: string): string {
  const u = new URL(url);
  const path = u.pathname
    .split('/')
    .map((part) => (isId(decodeURIComponent(part)) ? ':id' : part))
    .join('/');
  for (const name of IGNORED_PARAMS) u.searchParams.delete(name);
  u.searchParams.sort();
  const search = [...u.searchParams]
    .map(([name, value]) => `${name}=${isId(value) ? ':id' : encodeURIComponent(value)}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/** Waits until no request has been under way for a moment (client-side navigations have no load event). */
export async function quiet(page: Page, { idleMs = 400, timeoutMs = 10_000 } = {}): Promise<void> {
  const state = states.get(page);
  if (!state) return;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (state.inflight === 0 && Date.now() - state.lastActivity >= idleMs) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 10_000 },
  );
}

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; html: string }[];
}

/** A readable account of the violations: rule, impact, help, the first elements (selector and markup), the page. */
export function describeViolations(violations: Violation[], where: string): string {
  const lines = violations.map((v) => {
    const nodes = v.nodes.slice(0, 3).map((node) => {
      const html = node.html.replace(/\s+/g, ' ');
      return `      at ${node.target.map(String).join(' >>> ')}\n         ${html.length > 140 ? `${html.slice(0, 140)}…` : html}`;
    });
    const more = v.nodes.length > 3 ? `      (+${v.nodes.length - 3} more)\n` : '';
    return `  - ${v.id} [${v.impact}] ${v.help}\n${nodes.join('\n')}\n${more}      ${v.helpUrl}`;
  });
  return `Accessibility violations (serious or critical) on ${where}:\n${lines.join('\n')}`;
}

async function scanKey(page: Page): Promise<string> {
  const state = states.get(page);
  const lang = await page.evaluate(() => document.documentElement.lang);
  // The session cookies are scoped to /api paths: look at all of the context's cookies.
  const signedIn = (await page.context().cookies()).some((c) => c.name === 'nb_rt');
  return `${lang}|${state?.width ?? page.viewportSize()?.width}|${signedIn ? 'in' : 'out'}|${pathKey(page.url())}`;
}

/** The serious and critical violations axe finds on the page as it is now. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    // In the page's own frame (no extra page for cross-frame results), and only the violations in full.
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
}

/**
 * Scans the page as it is now with axe unless the same page (language, width, signed in or not) was scanned
 * before in this run; fails on serious or critical violations. Also fails on hydration or uncaught errors.
 */
export async function checkPage(page: Page): Promise<void> {
  assertNoPageProblems(page);
  if (!page.url().startsWith('http')) return;
  const state = states.get(page);
  if (state?.pending === page.url()) state.pending = null;
  await settle(page);
  const key = await scanKey(page);
  if (scanned.has(key) || scannedInRun(key)) return;
  const started = Date.now();
  let failing = await seriousViolations(page);
  // A colour caught mid-transition (a button enabled as its data arrives) is not a page's colour: when the
  // first scan fails, look again once the page is quiet and still; only what is still there counts.
  if (failing.length > 0) {
    await quiet(page);
    await settle(page);
    failing = await seriousViolations(page);
  }
  markScanned(key);
  log(`${key}\t${Date.now() - started}ms\t${failing.map((v) => `${v.id}:${v.impact}`).join(',')}`);
  if (failing.length > 0) log(describeViolations(failing, `${page.url()} (${key})`));
  if (failing.length > 0 && process.env.E2E_AXE !== 'report')
    throw new PageCheckError(describeViolations(failing, `${page.url()} (${key})`));
  assertNoPageProblems(page);
}

/**
 * Checks the page the journey has moved to (a link, a redirect, a form that went on), once it shows what the
 * journey waited for (called by `shown`) and its requests are done. Nothing when it has been checked already.
 */
export async function checkArrived(page: Page): Promise<void> {
  const state = states.get(page);
  if (!state?.pending || state.pending !== page.url()) {
    assertNoPageProblems(page);
    return;
  }
  await quiet(page);
  if (state.pending === page.url()) await checkBeforeLeaving(page);
}

/**
 * Like checkPage for a page the journey is about to leave: skipped when the page is gone or moving on (a
 * navigation under way destroys the document axe runs in).
 */
export async function checkBeforeLeaving(page: Page): Promise<void> {
  if (!page.url().startsWith('http')) return;
  try {
    await checkPage(page);
  } catch (error) {
    if (error instanceof PageCheckError) throw error;
    log(`skipped\t${page.url()}\t${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}

/**
 * E2E_A11Y_LOG=<file>: one line per scan (key, time, every violation, the failing ones in full) and the pages
 * visited but not scanned. With E2E_AXE=report too, violations are logged without failing: a survey of every
 * page at once (a failing scan otherwise ends the journey before its later pages).
 */
function log(line: string): void {
  const file = process.env.E2E_A11Y_LOG;
  if (file) appendFileSync(file, `${line}\n`);
}

/** Writes the visited pages no scan of the run covered to the log (called when a test file ends). */
export function logUnscanned(): void {
  const file = inject('scannedPages');
  let keys = [...scanned];
  try {
    if (file) keys = keys.concat(readFileSync(file, 'utf8').split('\n'));
  } catch {
    /* nothing scanned yet */
  }
  const paths = new Set(keys.map((key) => key.split('|').slice(3).join('|')));
  for (const [path, url] of visited) if (!paths.has(path)) log(`unscanned\t${url}`);
}
