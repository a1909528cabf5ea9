import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import enBuying from '../src/locales/en-US/buying.json' with { type: 'json' };
import enDomains from '../src/locales/en-US/domains.json' with { type: 'json' };
import enOffers from '../src/locales/en-US/offers.json' with { type: 'json' };
import enOrders from '../src/locales/en-US/orders.json' with { type: 'json' };
import enSellerSales from '../src/locales/en-US/seller-sales.json' with { type: 'json' };
import enWatchlist from '../src/locales/en-US/watchlist.json' with { type: 'json' };
import zhBuying from '../src/locales/zh-CN/buying.json' with { type: 'json' };
import zhDomains from '../src/locales/zh-CN/domains.json' with { type: 'json' };
import zhOffers from '../src/locales/zh-CN/offers.json' with { type: 'json' };
import zhOrders from '../src/locales/zh-CN/orders.json' with { type: 'json' };
import zhSellerSales from '../src/locales/zh-CN/seller-sales.json' with { type: 'json' };
import zhWatchlist from '../src/locales/zh-CN/watchlist.json' with { type: 'json' };
import {
  api,
  completeContactInfo,
  nicknameFor,
  passwordFor,
  registerThroughPage,
  submitSignIn,
  type T,
  uniqueEmail,
} from './accounts.ts';
import { goto, type Lang, openContext } from './browser.ts';
import { AXE_TAGS, describeViolations } from './guard.ts';
import { type Case, settled, shown } from './journey.ts';
import { heldAndUnlocked } from './listings-journey.ts';

/**
 * Helpers of the buying journey (buying.clock.e2e.ts): the texts of the buying, offers, watchlist,
 * seller-sales, orders and domains namespaces; a seller whose held domains are on sale; a funded buyer
 * with complete contact information; the demo account as a rival buyer.
 */

const DEMO = { email: 'demo@namebourse.com', password: 'Demo@2026' };

const BUNDLES = {
  'zh-CN': {
    buying: zhBuying,
    offers: zhOffers,
    watchlist: zhWatchlist,
    'seller-sales': zhSellerSales,
    orders: zhOrders,
    domains: zhDomains,
  },
  'en-US': {
    buying: enBuying,
    offers: enOffers,
    watchlist: enWatchlist,
    'seller-sales': enSellerSales,
    orders: enOrders,
    domains: enDomains,
  },
} as const;

type BuyingNamespace = keyof (typeof BUNDLES)['zh-CN'];

function lookup(lang: Lang, ns: BuyingNamespace, key: string): unknown {
  let node: unknown = BUNDLES[lang][ns];
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

export type BT = (ref: `${BuyingNamespace}:${string}`, params?: Record<string, string | number>) => string;

/** The UI text `ns:key` in `lang`, `{{name}}` filled; with a numeric `count`, the plural form i18next picks. */
export function buyingTexts(lang: Lang): BT {
  return (ref, params = {}) => {
    const [ns, key] = ref.split(':') as [BuyingNamespace, string];
    let node: unknown;
    if (typeof params.count === 'number') {
      const form = new Intl.PluralRules(lang).select(params.count);
      node = lookup(lang, ns, `${key}_${form}`) ?? lookup(lang, ns, `${key}_other`);
    }
    node ??= lookup(lang, ns, key);
    if (typeof node !== 'string') throw new Error(`No text ${ref} in ${lang}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
  };
}

// ---- people ----

export interface Listed {
  domain: string;
  mode: 'fixed' | 'offer';
  priceCents?: number;
  floorCents?: number;
}

/**
 * A fresh seller registered through the page in their own window: the domains brought in by transfer and
 * unlocked (listings journey), then listed through the seller centre's API with plain descriptions (on sale at
 * once). Returns the window and the listing ids by domain.
 */
export async function sellerWithListings(
  browser: Browser,
  c: Case,
  t: T,
  listings: Listed[],
): Promise<{ context: BrowserContext; page: Page; ids: Map<string, string>; nickname: string }> {
  const context = await openContext(browser, c);
  const page = await context.newPage();
  const nickname = nicknameFor(c.lang, 'sell');
  await registerThroughPage(page, t, {
    email: uniqueEmail(`bsell-${c.label}`),
    password: passwordFor('sell'),
    nickname,
  });
  await heldAndUnlocked(
    page,
    listings.map((x) => x.domain),
  );
  const ids = new Map<string, string>();
  for (const listing of listings) {
    const made = await api<{ listingId: string; status: string }>(page, 'POST', '/listings', {
      ...listing,
      descriptionZh: '简短好记的域名。',
      descriptionEn: 'A short, memorable name.',
    });
    expect(made.code, JSON.stringify(made)).toBe('200');
    expect(made.data.status).toBe('on_sale');
    ids.set(listing.domain, made.data.listingId);
  }
  return { context, page, ids, nickname };
}

/** Tops the signed-in account up by `dollars` through the sandbox provider and waits for the balance. */
export async function topUp(page: Page, dollars: number): Promise<void> {
  const before = (await api<{ availableCents: number }>(page, 'GET', '/funds/summary')).data.availableCents;
  const recharge = await api<{ sessionId: string }>(page, 'POST', '/funds/recharge', {
    amountCents: dollars * 100,
    method: 'card',
  });
  expect(recharge.code, JSON.stringify(recharge)).toBe('200');
  const paid = await api(page, 'POST', `/payments/sandbox/${recharge.data.sessionId}/complete`, {
    outcome: 'success',
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', holder: 'San Zhang' },
  });
  expect(paid.code, JSON.stringify(paid)).toBe('200');
  await expect
    .poll(async () => (await api<{ availableCents: number }>(page, 'GET', '/funds/summary')).data.availableCents, {
      timeout: 20_000,
    })
    .toBe(before + dollars * 100);
}

/** A buyer registered through the page, contact information complete (buying needs it), `dollars` topped up. */
export async function fundedBuyer(page: Page, c: Case, t: T, dollars: number): Promise<{ nickname: string }> {
  const nickname = nicknameFor(c.lang, 'buy');
  await registerThroughPage(page, t, { email: uniqueEmail(`bbuy-${c.label}`), password: passwordFor('buy'), nickname });
  await completeContactInfo(page, 'Buyer');
  await topUp(page, dollars);
  return { nickname };
}

/** The demo account (contact information complete) signed in in a window of its own, `dollars` topped up. */
export async function rivalBuyer(browser: Browser, c: Case, t: T, dollars: number): Promise<BrowserContext> {
  const context = await openContext(browser, c);
  const page = await context.newPage();
  await goto(page, '/account/login?redirect=%2Fconsole');
  expect((await submitSignIn(page, t, DEMO.email, DEMO.password)).status()).toBe(200);
  await page.waitForURL(/\/console/);
  await topUp(page, dollars);
  return context;
}

// ---- pages ----

/** The row (table at 1440, card at 390) of an order on /console/order/list. */
export function orderRow(page: Page, domain: string): Locator {
  return page.getByTestId('order-row').filter({ hasText: domain });
}

/** An offer's card on /console/offers. */
export function offerRow(page: Page, domain: string): Locator {
  return page.getByTestId('offer-row').filter({ hasText: domain });
}

/** Opens the listing's public page as the signed-in buyer and waits for the buyer's actions. */
export async function listingPage(page: Page, domain: string): Promise<Locator> {
  await goto(page, `/market/${domain}`);
  await shown(page.getByRole('heading', { level: 1, name: domain }));
  return shown(page.getByTestId('listing-buy-actions'));
}

/**
 * axe on the page as it is now (a dialog open over it: the guard scans each page once, as first seen), with the
 * journeys' rules: a serious or critical violation fails.
 */
export async function axeNow(page: Page, where: string): Promise<void> {
  await settled(page);
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const failing = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (failing.length > 0) throw new Error(describeViolations(failing, `${page.url()} (${where})`));
}
