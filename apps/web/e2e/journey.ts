import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import enAccount from '../src/locales/en-US/account.json' with { type: 'json' };
import enApi from '../src/locales/en-US/api.json' with { type: 'json' };
import enAuctions from '../src/locales/en-US/auctions.json' with { type: 'json' };
import enCommon from '../src/locales/en-US/common.json' with { type: 'json' };
import enHome from '../src/locales/en-US/home.json' with { type: 'json' };
import enProfile from '../src/locales/en-US/profile.json' with { type: 'json' };
import enSecurity from '../src/locales/en-US/security.json' with { type: 'json' };
import enShell from '../src/locales/en-US/shell.json' with { type: 'json' };
import enSupport from '../src/locales/en-US/support.json' with { type: 'json' };
import zhAccount from '../src/locales/zh-CN/account.json' with { type: 'json' };
import zhApi from '../src/locales/zh-CN/api.json' with { type: 'json' };
import zhAuctions from '../src/locales/zh-CN/auctions.json' with { type: 'json' };
import zhCommon from '../src/locales/zh-CN/common.json' with { type: 'json' };
import zhHome from '../src/locales/zh-CN/home.json' with { type: 'json' };
import zhProfile from '../src/locales/zh-CN/profile.json' with { type: 'json' };
import zhSecurity from '../src/locales/zh-CN/security.json' with { type: 'json' };
import zhShell from '../src/locales/zh-CN/shell.json' with { type: 'json' };
import zhSupport from '../src/locales/zh-CN/support.json' with { type: 'json' };
import { type Lang, launch, openContext, SCREENSHOTS, screenshot, WIDTHS } from './browser.ts';
import { assertNoPageProblems, checkArrived, checkBeforeLeaving, logUnscanned } from './guard.ts';

/** Shared helpers for the journeys: the language × width matrix, the UI texts, one browser per file. */

export interface Case {
  lang: Lang;
  width: number;
  /** `zh-CN-390`: the suffix of screenshot names. */
  label: string;
  phone: boolean;
}

export const LANGS: readonly Lang[] = ['zh-CN', 'en-US'];

export const CASES: Case[] = LANGS.flatMap((lang) =>
  [WIDTHS.phone, WIDTHS.desktop].map((width) => ({
    lang,
    width,
    label: `${lang}-${width}`,
    phone: width === WIDTHS.phone,
  })),
);

/**
 * Both languages and both widths in two runs (zh-CN on a phone, en-US on a desktop): for the long journeys, where
 * each run costs a minute or more and the other two pairings add no page the first two do not.
 */
export const PAIRED_CASES: Case[] = CASES.filter((c) => c.label === 'zh-CN-390' || c.label === 'en-US-1440');

const BUNDLES = {
  'zh-CN': {
    account: zhAccount,
    api: zhApi,
    auctions: zhAuctions,
    common: zhCommon,
    home: zhHome,
    profile: zhProfile,
    security: zhSecurity,
    shell: zhShell,
    support: zhSupport,
  },
  'en-US': {
    account: enAccount,
    api: enApi,
    auctions: enAuctions,
    common: enCommon,
    home: enHome,
    profile: enProfile,
    security: enSecurity,
    shell: enShell,
    support: enSupport,
  },
} as const;

export type Namespace = keyof (typeof BUNDLES)['zh-CN'];

/** The UI text `ns:key` in `lang`, with `{{name}}` placeholders filled (the app's own locale files). */
export function text(lang: Lang, ref: `${Namespace}:${string}`, params: Record<string, string | number> = {}): string {
  const [ns, key] = ref.split(':') as [Namespace, string];
  let node: unknown = BUNDLES[lang][ns];
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`No text ${ref} in ${lang}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

/** A translator bound to one language. */
export function texts(lang: Lang) {
  return (ref: `${Namespace}:${string}`, params?: Record<string, string | number>) => text(lang, ref, params);
}

/** Launches one Chromium for the test file and closes it afterwards. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    logUnscanned();
  });
  return () => {
    if (!browser) throw new Error('browser not launched');
    return browser;
  };
}

/**
 * Runs `fn` on a page of a fresh context (the given language and width), then checks the page it ended on (axe,
 * hydration errors). Fails when a page threw an uncaught error or reported a hydration error — a user would see
 * a broken page.
 */
export async function withPage(
  browser: Browser,
  { lang, width }: { lang: Lang; width: number },
  fn: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await openContext(browser, { width, lang });
  const page = await context.newPage();
  try {
    await fn(page);
    await checkBeforeLeaving(page);
    assertNoPageProblems(page);
  } finally {
    await context.close();
  }
}

/**
 * Waits until the locator is visible and returns it. The first time after the page moved to another address,
 * also checks that page (axe, hydration, uncaught errors: guard.ts).
 */
export async function shown(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: 'visible' });
  await checkArrived(locator.page());
  return locator;
}

/** Escapes a string for use in a RegExp. */
export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An exact-match RegExp for accessible names (`name: exact(...)`). */
export function exact(value: string): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(value)}\\s*$`);
}

/** The path + search of the page's URL. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Waits until the page's path (+ search) equals `path`. */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

/** The language the document declares (`<html lang>`). */
export function htmlLang(page: Page): Promise<string> {
  return page.evaluate(() => document.documentElement.lang);
}

/** A screenshot of what is in the viewport only (menus, drawers and dialogs over the page). */
export async function viewportShot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = join(SCREENSHOTS, `${name}.png`);
  await settled(page);
  await page.screenshot({ path: file });
  return file;
}

/** Waits until finite CSS transitions and animations (menus growing, drawers sliding) have finished. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * A full-page screenshot taken from the top of the page, once transitions have finished (a full-page capture of
 * a scrolled page would paint the sticky top bar in the middle).
 */
export async function pageShot(page: Page, name: string): Promise<string> {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await settled(page);
  return screenshot(page, name);
}

/** The text as rendered (what a person reads: hidden parts left out, line breaks kept). */
export function visibleText(locator: Locator): Promise<string> {
  return locator.innerText();
}
