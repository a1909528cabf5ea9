import { calendarDateOf, calendarEffectiveAt } from '@namebourse/contract';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import enAdmin from '../src/locales/en-US/admin.json' with { type: 'json' };
import enListingEdit from '../src/locales/en-US/listing-edit.json' with { type: 'json' };
import enListings from '../src/locales/en-US/listings.json' with { type: 'json' };
import enMarket from '../src/locales/en-US/market.json' with { type: 'json' };
import zhAdmin from '../src/locales/zh-CN/admin.json' with { type: 'json' };
import zhListingEdit from '../src/locales/zh-CN/listing-edit.json' with { type: 'json' };
import zhListings from '../src/locales/zh-CN/listings.json' with { type: 'json' };
import zhMarket from '../src/locales/zh-CN/market.json' with { type: 'json' };
import { api, byLabel, serverNow, submitSignIn, type T } from './accounts.ts';
import { goto, type Lang, openContext } from './browser.ts';
import { advance, devPost, registrarAnswers } from './domains-journey.ts';
import { type Case, escapeRegExp, exact, shown } from './journey.ts';

/**
 * Helpers of the seller-centre journey (listings.clock.e2e.ts): the texts of the listings, listing-edit,
 * market and admin namespaces, a seller's domains brought in by transfer (the registrar simulator completes
 * it in minutes of business time) and unlocked, the operator's review page, an Excel workbook built in the
 * test, and the public pages as an anonymous visitor sees them.
 */

const OPERATOR = { email: 'admin@namebourse.com', password: 'Admin@2026' };

const BUNDLES = {
  'zh-CN': { listings: zhListings, 'listing-edit': zhListingEdit, market: zhMarket, admin: zhAdmin },
  'en-US': { listings: enListings, 'listing-edit': enListingEdit, market: enMarket, admin: enAdmin },
} as const;

type ListingNamespace = keyof (typeof BUNDLES)['zh-CN'];

function lookup(lang: Lang, ns: ListingNamespace, key: string): unknown {
  let node: unknown = BUNDLES[lang][ns];
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

export type LT = (ref: `${ListingNamespace}:${string}`, params?: Record<string, string | number>) => string;

/**
 * The UI text `ns:key` in `lang` (listings, listing-edit, market, admin), `{{name}}` filled; with a numeric
 * `count`, the plural form i18next picks (`_one` / `_other`).
 */
export function listingTexts(lang: Lang): LT {
  return (ref, params = {}) => {
    const [ns, key] = ref.split(':') as [ListingNamespace, string];
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

// ---- the seller's domains ----

interface HeldDomain {
  name: string;
  status: string;
  lockStatus: string;
}

/**
 * Brings `domains` into the signed-in seller's account through the real transfer-in (POST
 * /domains/transfer-in; the registrar simulator completes it after a few minutes of business time), then turns
 * their transfer lock off (a locked domain cannot be listed) and waits for the registrar's answer.
 */
export async function heldAndUnlocked(page: Page, domains: string[]): Promise<void> {
  for (const domain of domains) {
    const started = await api(page, 'POST', '/domains/transfer-in', { domain, authCode: 'Xy7#kP2$qR9!mN4@' });
    expect(started.code, JSON.stringify(started)).toBe('200');
  }
  await advance(10 * 60);
  await devPost('sweep', {});
  for (const domain of domains) {
    const held = await api<HeldDomain>(page, 'GET', `/domains/${domain}`);
    expect(held.code, `${domain}: ${JSON.stringify(held)}`).toBe('200');
    expect(held.data.status).toBe('normal');
    const unlock = await api(page, 'POST', `/domains/${domain}/transfer-lock`, { locked: false });
    expect(unlock.code, JSON.stringify(unlock)).toBe('200');
  }
  await registrarAnswers();
  for (const domain of domains) {
    await expect
      .poll(async () => (await api<HeldDomain>(page, 'GET', `/domains/${domain}`)).data.lockStatus, {
        timeout: 10_000,
      })
      .toBe('open');
  }
}

// ---- the seller centre ----

/** A listing's row (table at 1440, card at 390) in the seller centre. */
export function listingRow(page: Page, domain: string): Locator {
  return page.locator(`[data-testid="listing-row"][data-domain="${domain}"]`);
}

/** The 'List it' form of the single tab: domain, fixed price, the two descriptions; submits. */
export async function fillSingle(
  page: Page,
  lt: LT,
  listing: { domain: string; price: string; descriptionZh?: string; descriptionEn?: string },
): Promise<void> {
  const form = await shown(page.getByTestId('create-single'));
  await byLabel(form, lt('listings:create.domain')).fill(listing.domain);
  // The radio's label is its whole card: the mode's name, then what it means.
  const mode = new RegExp(`^\\s*${escapeRegExp(lt('listings:mode.fixed'))}`);
  await (await shown(form.getByRole('radio', { name: mode }))).check();
  await byLabel(form, lt('listings:create.price')).fill(listing.price);
  if (listing.descriptionZh) await byLabel(form, lt('listings:create.descriptionZh')).fill(listing.descriptionZh);
  if (listing.descriptionEn) await byLabel(form, lt('listings:create.descriptionEn')).fill(listing.descriptionEn);
  await form.getByRole('button', { name: exact(lt('listings:create.submit')) }).click();
}

/**
 * The downloaded import template filled in as a seller does: its example rows replaced by `rows` (domain and
 * price: the template's first two columns), saved as .xlsx. Checks the template's headers are in `lang`'s words
 * (the domain column is 'Domain' / '域名').
 */
export async function fillTemplate(file: string, domainHeader: string, rows: [string, number][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  expect(String(sheet.getRow(1).getCell(1).value)).toBe(domainHeader);
  expect(sheet.rowCount).toBeGreaterThan(1);
  sheet.spliceRows(2, sheet.rowCount - 1);
  rows.forEach(([domain, price], i) => {
    const row = sheet.getRow(i + 2);
    row.getCell(1).value = domain;
    row.getCell(2).value = price;
    row.commit();
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

// ---- the price calendar ----

/** The first date a calendar entry may have (tomorrow in UTC+8 on the server's clock), and when it takes effect. */
export async function tomorrowEntry(): Promise<{ date: string; effectiveAt: Date; now: Date }> {
  const now = await serverNow();
  const date = calendarDateOf(new Date(now.getTime() + 86_400_000));
  return { date, effectiveAt: calendarEffectiveAt(date), now };
}

// ---- the operator ----

/**
 * The operator signed in on the listing review page (`search`: its query, e.g. `?q=<domain>`), in a window of the
 * case's language and width.
 */
export async function operatorOnReview(
  browser: Browser,
  c: Case,
  t: T,
  search = '',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await openContext(browser, c);
  const page = await context.newPage();
  await goto(page, `/account/login?redirect=${encodeURIComponent(`/admin/listings${search}`)}`);
  expect((await submitSignIn(page, t, OPERATOR.email, OPERATOR.password)).status()).toBe(200);
  await page.waitForURL(/\/admin\/listings/);
  await shown(page.getByTestId('admin-listings-review'));
  return { context, page };
}

/** The review card of a domain in the queue (searched by its name). */
export async function reviewItem(page: Page, domain: string): Promise<Locator> {
  await goto(page, `/admin/listings?q=${encodeURIComponent(domain)}`);
  return shown(page.getByTestId('listing-review-item').filter({ hasText: domain }));
}

// ---- the public pages ----

/** An anonymous visitor's window (no cookies, no cached answers) of the case's language and width. */
export function visitor(browser: Browser, c: Pick<Case, 'lang' | 'width'>): Promise<BrowserContext> {
  return openContext(browser, c);
}

/** The market's card of a domain, searched by its name. */
export async function marketCard(page: Page, domain: string): Promise<Locator> {
  await goto(page, `/market?q=${encodeURIComponent(domain)}`);
  return shown(page.locator(`[data-testid="market-item"][data-domain="${domain}"]`));
}
