import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { submitSignIn, type T } from './accounts.ts';
import { goto } from './browser.ts';
import { CASES, pathOf, shown, texts, useBrowser, withPage } from './journey.ts';

/**
 * Issue 14: every page of the buyer console and of the operator console is opened once per language, so the
 * checks every journey makes on the pages it visits (axe, hydration, uncaught errors: guard.ts) cover them.
 * The seeded demo buyer has a fund history, bids and orders; the demo operator sees the whole platform.
 */

const DEMO_BUYER = { email: 'demo@namebourse.com', password: 'Demo@2026' };
const OPERATOR = { email: 'admin@namebourse.com', password: 'Admin@2026' };

const BUYER_PAGES = [
  '/console/user/info',
  '/console/user/info?tab=billing',
  '/console/user/security',
  '/console/user/api-keys',
  '/console/fund/recharge',
  '/console/fund/recharge?tab=history',
  '/console/fund/payees',
  '/console/fund/settlements',
  '/console/order/list',
  '/console/message/list',
  '/console/auction/list',
  '/console/auction/win',
  '/console/domain/list',
];

/** Each operator page and what shows it has loaded. */
const OPERATOR_PAGES: [string, string][] = [
  ['/admin', 'admin-dashboard'],
  ['/admin/payees', 'admin-payees'],
  ['/admin/settlements', 'admin-settlements'],
  ['/admin/auctions', 'admin-auctions-page'],
  ['/admin/deliveries', 'admin-deliveries-page'],
  ['/admin/users', 'admin-users'],
];

/** One case per language, one at each width (the other journeys cover the other two). */
const CONSOLE_CASES = CASES.filter((c) => c.label === 'zh-CN-1440' || c.label === 'en-US-390');

async function signIn(page: Page, t: T, account: { email: string; password: string }, redirect: string) {
  await goto(page, `/account/login?redirect=${encodeURIComponent(redirect)}`);
  expect((await submitSignIn(page, t, account.email, account.password)).status()).toBe(200);
  await page.waitForURL((url) => url.pathname === redirect);
}

/** Opens the page and checks it is the page asked for (not the sign-in page, not a 404). */
async function visit(page: Page, path: string): Promise<void> {
  await goto(page, path);
  expect(pathOf(page)).toBe(path);
  await shown(page.getByRole('main'));
}

describe('the buyer and operator consoles, page by page', () => {
  const browser = useBrowser();

  for (const c of CONSOLE_CASES) {
    // Many pages, each scanned: more time than one journey usually needs.
    it(`the demo buyer opens every console page (${c.label})`, { timeout: 180_000 }, async () => {
      const t = texts(c.lang);
      await withPage(browser(), c, async (page) => {
        await signIn(page, t, DEMO_BUYER, '/console/user/info');
        for (const path of BUYER_PAGES) await visit(page, path);
      });
    });

    it(`the demo operator opens every operator page (${c.label})`, { timeout: 120_000 }, async () => {
      const t = texts(c.lang);
      await withPage(browser(), c, async (page) => {
        await signIn(page, t, OPERATOR, '/admin');
        for (const [path, testId] of OPERATOR_PAGES) {
          await visit(page, path);
          await shown(page.getByTestId(testId));
        }
        // A user's page, from the list (withPage checks the page a journey ends on).
        await page.getByTestId('admin-users').getByRole('link').filter({ visible: true }).first().click();
        await shown(page.getByTestId('admin-user-detail'));
      });
    });
  }
});
