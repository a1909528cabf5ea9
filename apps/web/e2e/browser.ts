import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { checkBeforeLeaving, checkPage, guardContext } from './guard.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = resolve(import.meta.dirname, 'screenshots');
export const WIDTHS = { phone: 390, desktop: 1440 } as const;
export type Lang = 'zh-CN' | 'en-US';

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    timeout: 30_000,
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
}

/** A fresh context at the given width whose language is set the way a user's browser would be. */
export async function openContext(
  browser: Browser,
  { width, lang }: { width: number; lang: Lang },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale: lang,
    deviceScaleFactor: 1,
    isMobile: width < 600,
    hasTouch: width < 600,
  });
  // Generous: CI runs two files at once on 2 cores (Chromium, the server and proof-of-work captchas).
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(30_000);
  guardContext(context, width);
  return context;
}

/**
 * Opens the path and waits until the network is quiet. Checks the page it leaves (when not checked yet) and the
 * page it opens: axe, hydration and uncaught errors (guard.ts).
 */
export async function goto(page: Page, path: string): Promise<void> {
  await checkBeforeLeaving(page);
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
  await appStarted(page);
  await checkPage(page);
}

/**
 * Waits until the app runs on the page (app.tsx marks it). A server-rendered page starts the app at the visitor's
 * first sign of engagement (main.ts): while it waits, the journey moves the pointer, as a visitor does before acting.
 * hydration.e2e.ts covers acting on a page before it has hydrated.
 */
export async function appStarted(page: Page): Promise<void> {
  const state = await page.waitForFunction(
    () => (document.getElementById('root') ? (document.documentElement.dataset.app ?? false) : 'none'),
    undefined,
    { timeout: 30_000 },
  );
  if ((await state.jsonValue()) === 'waiting') await page.mouse.move(1, 1);
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.dataset.app === 'ready',
    undefined,
    { timeout: 30_000 },
  );
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Fails when the page scrolls sideways (a layout that does not fit the phone width). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
