import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from './accounts.ts';
import { baseUrl, type Lang, WIDTHS } from './browser.ts';
import { exact, LANGS, texts, useBrowser, withPage } from './journey.ts';

/**
 * Issue 14: a server-rendered page before the app has started (main.ts, ADR 0023). A phone that opens `/`, `/sale`
 * or a lot loads only the page's starter — under the 150 KB budget — and the page reads, ticks and links; the app
 * starts at the visitor's first engagement, and what the visitor did before it had started (a tap, typing, a
 * submitted search) is not lost.
 */

const FIRST_LOAD_BUDGET_BYTES = 150 * 1024;

/** The page's address without acting on it: no pointer, key or scroll, which would start the app. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.dataset.app === 'waiting');
}

/**
 * The compressed bytes of every script the page has loaded to run so far (what crossed the network). The app's
 * scripts the starter prefetches into the cache at idle (`<link rel=prefetch>`, fetched, not run) are not the
 * page's load: they are left out, and `data-app="waiting"` shows none of them ran.
 */
function scriptBytes(page: Page): Promise<{ bytes: number; files: string[] }> {
  return page.evaluate(() => {
    const prefetched = new Set(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=prefetch]')].map((link) => link.href),
    );
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (entry) => /\.m?js(\?|$)/.test(new URL(entry.name).pathname) && !prefetched.has(entry.name),
    );
    return {
      bytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      files: scripts.map((entry) => new URL(entry.name).pathname),
    };
  });
}

async function liveLot(page: Page): Promise<{ auctionId: string; domain: string }> {
  const found = await api<{ items: { auctionId: string; domain: string; status: string }[] }>(
    page,
    'GET',
    '/auctions?pageSize=20',
  );
  const lot = found.data.items.find((item) => item.status === 'bidding');
  if (!lot) throw new Error('no lot open for bidding');
  return lot;
}

const appState = (page: Page) => page.evaluate(() => document.documentElement.dataset.app);

describe('A server-rendered page before the app starts', () => {
  const browser = useBrowser();

  it.each(LANGS)('loads only its starter on /, /sale and a lot, and the lot counts down (%s, phone)', async (lang) => {
    await withPage(browser(), { lang, width: WIDTHS.phone }, async (page) => {
      await page.goto(`${baseUrl()}/about-us?lng=${lang}`, { waitUntil: 'load' });
      const lot = await liveLot(page);
      for (const path of ['/', '/sale', `/sale/${lot.auctionId}`]) {
        await open(page, `${path}?lng=${lang}`);
        await page.waitForTimeout(1_000);
        const { bytes, files } = await scriptBytes(page);
        expect(await appState(page), path).toBe('waiting');
        expect(bytes, `${path}: ${files.join(', ')}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
        expect(
          files.some((file) => file.includes('start-app')),
          path,
        ).toBe(false);
      }
      // The lot lists its bid records (the server fetched them), not their loading placeholders.
      const records = page.getByTestId('bid-records');
      expect(
        await records.locator('[data-testid="bid-record"], [data-testid="bid-records-empty"]').count(),
      ).toBeGreaterThan(0);
      // The lot's countdown ticks without the app.
      const timer = page.getByRole('main').getByRole('timer').first();
      const before = await timer.textContent();
      await page.waitForTimeout(2_100);
      expect(await timer.textContent()).not.toBe(before);
      expect(await appState(page)).toBe('waiting');
    });
  });

  it.each<Lang>(LANGS)('does a tap made before the app started once it has (%s, phone)', async (lang) => {
    const t = texts(lang);
    await withPage(browser(), { lang, width: WIDTHS.phone }, async (page) => {
      await open(page, `/sale?lng=${lang}`);
      await page.getByRole('button', { name: t('shell:topBar.openMenu') }).tap();
      await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
      await page
        .getByRole('navigation', { name: t('shell:topBar.mainNav') })
        .getByRole('link', { name: exact(t('shell:nav.bidding.myBids')) })
        .waitFor();
    });
  });

  it.each<Lang>(LANGS)('keeps a search typed and sent before the app started (%s, desktop)', async (lang) => {
    const t = texts(lang);
    await withPage(browser(), { lang, width: WIDTHS.desktop }, async (page) => {
      await open(page, `/?lng=${lang}`);
      const search = page.getByRole('searchbox', { name: t('home:hero.searchLabel') });
      // Typed as a fast visitor does: the first key starts the app, the rest arrive while it loads.
      await search.pressSequentially('  brand  ', { delay: 5 });
      await search.press('Enter');
      await page.waitForURL((url) => url.pathname === '/sale');
      // The app's own submit (it trims the keyword) sent it: what was typed before hydration reached the app.
      expect(new URL(page.url()).searchParams.get('keyword')).toBe('brand');
    });
  });
});
