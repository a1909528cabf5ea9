import { BUYING_RULES, buyerTotal, errorMessage, sellerProceeds } from '@namebourse/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../src/lib/format.ts';
import { api } from './accounts.ts';
import { goto, horizontalOverflow, openContext, WIDTHS } from './browser.ts';
import {
  axeNow,
  buyingTexts,
  fundedBuyer,
  listingPage,
  offerRow,
  orderRow,
  rivalBuyer,
  sellerWithListings,
} from './buying-journey.ts';
import { devPost, domainRow, reopenAtWidth, stopwatch } from './domains-journey.ts';
import { type Case, exact, pageShot, PAIRED_CASES, shown, texts, useBrowser, viewportShot } from './journey.ts';

/**
 * Buying from sellers (issue 17) as a buyer and a seller go through it: a fresh seller lists five domains held
 * here (three at a fixed price, two taking offers, one of them with a buy-now price too). A funded buyer buys one
 * at once on its public page (opened and confirmed with the keyboard): paid at once, and after the delivery sweep
 * it is in the buyer's My domains. Two go into the cart; another user buys one of them meanwhile: the checkout's
 * report names the sold one and the other becomes a paid order. On the offer listing the buyer offers, the seller
 * counters, the buyer accepts the counter and pays the order on the order list; once delivered, the seller sees
 * the sale with its net (price − commission) and the month chart. The watchlist holds the spare listing. Once per
 * language (zh-CN at 390 px, en-US at 1440 px); every page is then looked at in the other width, the listing
 * page's dialogs open, each scanned with axe.
 */

const DOLLARS = 2_000;

function money(cents: number, lang: string): string {
  return formatMoney(cents, lang);
}

/** Presses Tab until the element matching `selector` has focus (at most `max` presses). */
async function tabTo(page: Page, selector: string, max = 12): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe('buying from sellers: buy now, cart, offers, the seller’s sales', () => {
  const browser = useBrowser();

  for (const c of PAIRED_CASES) {
    it(`buys, checks out, negotiates and sells (${c.label})`, { timeout: 900_000 }, async () => {
      const t = texts(c.lang);
      const bt = buyingTexts(c.lang);
      const stamp = Date.now().toString(36);
      const name = (tag: string) => `e2e${stamp}${tag}${c.width}.com`;
      const [fixed, cartA, cartB, offered, spare] = ['f', 'a', 'b', 'o', 's'].map(name) as [
        string,
        string,
        string,
        string,
        string,
      ];
      const price = { fixed: 120_000, cartA: 45_000, cartB: 52_000, spare: 80_000 };
      const floor = 10_000;
      const offerCents = 15_000;
      const counterCents = 21_000;
      const lap = stopwatch(c.label);

      const seller = await sellerWithListings(browser(), c, t, [
        { domain: fixed, mode: 'fixed', priceCents: price.fixed },
        { domain: cartA, mode: 'fixed', priceCents: price.cartA },
        { domain: cartB, mode: 'fixed', priceCents: price.cartB },
        { domain: offered, mode: 'offer', floorCents: floor },
        { domain: spare, mode: 'offer', floorCents: floor, priceCents: price.spare },
      ]);
      lap('seller with five listings');
      let buyerContext = await openContext(browser(), c);
      let page = await buyerContext.newPage();
      let sellerPage = seller.page;
      let sellerContext = seller.context;
      try {
        await fundedBuyer(page, c, t, DOLLARS);
        lap('funded buyer');

        // ---- (1) buy now, by keyboard: paid at once; after the delivery sweep, in My domains ----
        const actions = await listingPage(page, fixed);
        const buyNow = actions.getByRole('button', { name: exact(bt('buying:buy.button')) });
        await shown(buyNow);
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `buying-listing-${c.label}`);
        await buyNow.focus();
        await page.keyboard.press('Enter');
        const dialog = await shown(page.getByRole('dialog', { name: bt('buying:buy.title', { domain: fixed }) }));
        const { totalCents } = buyerTotal(price.fixed);
        // The total needs the tax rate (a public parameter, readied when the button took focus): shown, not '…'.
        await expect
          .poll(async () => (await dialog.getByTestId('buy-now-total').innerText()).trim(), { timeout: 10_000 })
          .toContain(money(totalCents, c.lang));
        await expect
          .poll(async () => (await dialog.getByTestId('buy-now-balance').innerText()).trim(), { timeout: 10_000 })
          .toContain(money(DOLLARS * 100, c.lang));
        await axeNow(page, 'buy-now dialog');
        await viewportShot(page, `buying-buy-now-${c.label}`);
        await tabTo(page, '[data-testid="buy-now-confirm"]');
        await page.keyboard.press('Enter');
        // The result: 'Purchase complete', kept on screen though the listing has just left the market.
        const paid = page.getByRole('dialog', { name: exact(bt('buying:buy.paidTitle')) });
        const paidSeen = await paid.waitFor({ state: 'visible', timeout: 15_000 }).then(
          () => true,
          () => false,
        );
        expect(paidSeen, 'the buy-now dialog shows "Purchase complete" after paying').toBe(true);
        if (paidSeen) {
          await shown(paid.getByTestId('buy-now-paid'));
          await shown(
            paid.getByText(bt('buying:buy.paidBody', { domain: fixed, amount: money(totalCents, c.lang) }), {
              exact: true,
            }),
          );
          await axeNow(page, 'buy-now dialog, paid');
          await viewportShot(page, `buying-buy-now-paid-${c.label}`);
          await paid.getByRole('button', { name: exact(bt('buying:actions.close')) }).click();
          await paid.waitFor({ state: 'detached' });
        } else {
          await pageShot(page, `buying-buy-now-after-paying-${c.label}`);
        }
        await devPost('sweep', {});
        await goto(page, '/console/domain/list');
        await shown(domainRow(page, fixed));
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `buying-my-domains-${c.label}`);
        lap('bought now and received');

        // ---- (2) the cart: two listings, one bought by another user meanwhile → a partial report ----
        for (const domain of [cartA, cartB]) {
          const buttons = await listingPage(page, domain);
          await buttons.getByRole('button', { name: exact(bt('buying:cart.addFor', { domain })) }).click();
          await shown(buttons.getByRole('link', { name: exact(bt('buying:cart.inCartFor', { domain })) }));
        }
        await goto(page, '/console/cart');
        await shown(page.getByRole('heading', { level: 1, name: bt('buying:cart.title') }));
        for (const domain of [cartA, cartB]) await shown(page.getByTestId('cart-line').filter({ hasText: domain }));
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `buying-cart-${c.label}`);
        const rival = await rivalBuyer(browser(), c, t, 1_000);
        try {
          const rivalPage = rival.pages()[0] as Page;
          const bought = await api<{ orderId: string }>(rivalPage, 'POST', `/listings/${seller.ids.get(cartB)}/buy`, {
            expectedPriceCents: price.cartB,
          });
          expect(bought.code, JSON.stringify(bought)).toBe('200');
        } finally {
          await rival.close();
        }
        const checkout = page.getByTestId('cart-checkout');
        expect((await checkout.innerText()).trim()).toBe(bt('buying:checkout.button', { count: 2 }));
        await checkout.click();
        const report = await shown(page.getByTestId('checkout-report'));
        await shown(report.getByText(bt('buying:checkout.summary', { bought: 1, failed: 1 }), { exact: true }));
        // The sold one is named, with why; the other is an order.
        const failedLine = await shown(report.getByTestId('checkout-failed-line'));
        expect(await report.getByTestId('checkout-failed-line').count()).toBe(1);
        const failedText = await failedLine.innerText();
        expect(failedText).toContain(cartB);
        expect(failedText).toContain(errorMessage('Commodity.PurchaseFailed', c.lang));
        await shown(report.getByRole('link', { name: exact(bt('buying:checkout.orderFor', { domain: cartA })) }));
        expect(
          await report.getByRole('link', { name: exact(bt('buying:checkout.orderFor', { domain: cartB })) }).count(),
        ).toBe(0);
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `buying-checkout-report-${c.label}`);
        await goto(page, '/console/order/list');
        await shown(orderRow(page, cartA));
        expect(await orderRow(page, cartB).count()).toBe(0);
        lap('cart checked out');

        // ---- (3) an offer, a counter, the counter accepted, the order paid, the seller's sale ----
        const offerActions = await listingPage(page, offered);
        expect(await offerActions.getByRole('button', { name: exact(bt('buying:buy.button')) }).count()).toBe(0);
        await offerActions.getByRole('button', { name: exact(bt('buying:offer.button')) }).click();
        const offerDialog = await shown(
          page.getByRole('dialog', { name: bt('buying:offer.title', { domain: offered }) }),
        );
        await offerDialog.getByRole('textbox', { name: bt('buying:offer.amount') }).fill(String(offerCents / 100));
        await axeNow(page, 'make-offer dialog');
        await viewportShot(page, `buying-make-offer-${c.label}`);
        await offerDialog.getByRole('button', { name: exact(bt('buying:offer.submit')) }).click();
        // Sent: the same dialog, titled 'Offer sent' now.
        const sentDialog = await shown(page.getByRole('dialog', { name: exact(bt('buying:offer.sentTitle')) }));
        await shown(sentDialog.getByTestId('make-offer-sent'));
        await axeNow(page, 'offer sent');
        await viewportShot(page, `buying-offer-sent-${c.label}`);
        await sentDialog.getByRole('button', { name: exact(bt('buying:actions.close')) }).click();
        await shown(page.getByTestId('listing-my-offer'));

        await goto(sellerPage, '/console/offers?role=seller');
        const received = await shown(offerRow(sellerPage, offered));
        await shown(received.getByText(bt('offers:status.open'), { exact: true }));
        expect(await horizontalOverflow(sellerPage)).toBe(0);
        await pageShot(sellerPage, `buying-offers-seller-${c.label}`);
        await received.getByRole('button', { name: exact(bt('offers:actions.counter')) }).click();
        const counter = await shown(
          sellerPage.getByRole('dialog', { name: bt('offers:amount.counterTitle', { domain: offered }) }),
        );
        await counter.getByRole('textbox', { name: bt('offers:amount.label') }).fill(String(counterCents / 100));
        await axeNow(sellerPage, 'counter-offer dialog');
        await viewportShot(sellerPage, `buying-counter-${c.label}`);
        await counter.getByRole('button', { name: exact(bt('offers:amount.send')) }).click();
        await counter.waitFor({ state: 'detached' });
        await shown(offerRow(sellerPage, offered).getByText(bt('offers:status.countered'), { exact: true }));

        await goto(page, '/console/offers');
        const mine = await shown(offerRow(page, offered));
        await shown(mine.getByText(bt('offers:status.countered'), { exact: true }));
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `buying-offers-buyer-${c.label}`);
        await mine.getByRole('button', { name: exact(bt('offers:actions.acceptCounter')) }).click();
        const accept = await shown(
          page.getByRole('dialog', {
            name: bt('offers:accept.titleBuyer', { amount: money(counterCents, c.lang), domain: offered }),
          }),
        );
        await axeNow(page, 'accept-counter dialog');
        await viewportShot(page, `buying-accept-counter-${c.label}`);
        await accept.getByRole('button', { name: exact(bt('offers:accept.confirm')) }).click();
        await shown(accept.getByText(bt('offers:accept.doneBuyer'), { exact: true }));
        await accept.getByRole('button', { name: exact(bt('offers:accept.close')) }).click();
        await accept.waitFor({ state: 'detached' });
        const payLink = await shown(
          offerRow(page, offered).getByRole('link', { name: exact(bt('offers:order.payNowFor', { domain: offered })) }),
        );
        await payLink.click();
        await page.waitForURL((url) => url.pathname === '/console/order/list' && url.searchParams.has('orderId'));
        const row = await shown(orderRow(page, offered));
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `buying-order-to-pay-${c.label}`);
        await row.getByRole('button', { name: exact(bt('orders:actions.payFor', { domain: offered })) }).click();
        const confirmPay = await shown(page.getByTestId('pay-dialog-confirm'));
        await axeNow(page, 'pay dialog');
        await viewportShot(page, `buying-pay-dialog-${c.label}`);
        await confirmPay.click();
        await confirmPay.waitFor({ state: 'detached' });
        await devPost('sweep', {});
        lap('offer countered, accepted and paid');

        const { commissionCents, netCents } = sellerProceeds(counterCents, BUYING_RULES.commissionBps);
        expect(commissionCents).toBeGreaterThan(0);
        await goto(sellerPage, '/console/seller/sales');
        const sale = await shown(sellerPage.locator(`[data-testid="sale-row"][data-domain="${offered}"]`));
        await expect
          .poll(async () => sale.innerText(), { timeout: 10_000 })
          .toContain(bt('seller-sales:status.completed'));
        const saleText = await sale.innerText();
        expect(saleText).toContain(money(counterCents, c.lang));
        expect(saleText).toContain(money(commissionCents, c.lang));
        expect(saleText).toContain(money(netCents, c.lang));
        expect(await horizontalOverflow(sellerPage)).toBe(0);
        await pageShot(sellerPage, `buying-seller-sales-${c.label}`);
        await sellerPage.getByRole('tab', { name: exact(bt('seller-sales:tabs.stats')) }).click();
        const chart = await shown(sellerPage.getByRole('figure', { name: bt('seller-sales:stats.byMonth') }));
        await shown(chart.getByTestId(/-chart$/).first());
        expect(await horizontalOverflow(sellerPage)).toBe(0);
        await pageShot(sellerPage, `buying-seller-stats-${c.label}`);
        lap('seller sees the sale');

        // ---- the watchlist: the spare listing, starred on its page ----
        const spareActions = await listingPage(page, spare);
        await spareActions.getByRole('button', { name: exact(bt('buying:watch.add')) }).click();
        await shown(spareActions.getByRole('button', { name: exact(bt('buying:watch.remove')) }));
        await goto(page, '/console/watchlist?tab=listings');
        await shown(page.getByRole('link', { name: exact(bt('watchlist:listing.open', { domain: spare })) }));
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `buying-watchlist-${c.label}`);
        lap('watchlist');

        // ---- every page at the other width ----
        const width = c.phone ? WIDTHS.desktop : WIDTHS.phone;
        const other: Case = { lang: c.lang, width, label: `${c.lang}-${width}`, phone: !c.phone };
        buyerContext = await reopenAtWidth(browser(), buyerContext, other);
        page = await buyerContext.newPage();
        await otherWidthBuyer(page, other, spare, [offered, fixed]);
        sellerContext = await reopenAtWidth(browser(), sellerContext, other);
        sellerPage = await sellerContext.newPage();
        await otherWidthSeller(sellerPage, other, offered);
        lap('other width');
      } catch (error) {
        await pageShot(page, `buying-failed-${c.label}`).catch(() => undefined);
        await pageShot(sellerPage, `buying-failed-seller-${c.label}`).catch(() => undefined);
        throw error;
      } finally {
        await buyerContext.close();
        await sellerContext.close();
      }
    });
  }
});

/** The buyer's pages at the other width: the listing with each dialog open, the cart, offers, orders, domains, watchlist. */
async function otherWidthBuyer(page: Page, c: Case, spare: string, owned: string[]): Promise<void> {
  const bt = buyingTexts(c.lang);
  const actions = await listingPage(page, spare);
  expect(await horizontalOverflow(page)).toBe(0);
  await pageShot(page, `buying-listing-${c.label}`);
  await actions.getByRole('button', { name: exact(bt('buying:buy.button')) }).click();
  const buy = await shown(page.getByRole('dialog', { name: bt('buying:buy.title', { domain: spare }) }));
  await axeNow(page, 'buy-now dialog');
  await viewportShot(page, `buying-buy-now-${c.label}`);
  await buy.getByRole('button', { name: exact(bt('buying:actions.cancel')) }).click();
  await buy.waitFor({ state: 'detached' });
  await actions.getByRole('button', { name: exact(bt('buying:offer.button')) }).click();
  const offer = await shown(page.getByRole('dialog', { name: bt('buying:offer.title', { domain: spare }) }));
  await offer.getByRole('textbox', { name: bt('buying:offer.amount') }).fill('1');
  await offer.getByRole('button', { name: exact(bt('buying:offer.submit')) }).click();
  await shown(offer.locator('input[aria-invalid="true"]'));
  await axeNow(page, 'make-offer dialog with an error');
  await viewportShot(page, `buying-make-offer-error-${c.label}`);
  await offer.getByRole('button', { name: exact(bt('buying:actions.cancel')) }).click();
  await offer.waitFor({ state: 'detached' });
  await actions.getByRole('button', { name: exact(bt('buying:cart.addFor', { domain: spare })) }).click();
  await shown(actions.getByRole('link', { name: exact(bt('buying:cart.inCartFor', { domain: spare })) }));

  const pages: [string, string, () => Promise<unknown>][] = [
    ['/console/cart', 'cart', () => shown(page.getByTestId('cart-line').filter({ hasText: spare }))],
    ['/console/offers', 'offers-buyer', () => shown(page.getByTestId('offer-row').first())],
    ['/console/order/list', 'orders', () => shown(page.getByTestId('order-row').first())],
    ['/console/domain/list', 'my-domains', () => Promise.all(owned.map((domain) => shown(domainRow(page, domain))))],
    [
      '/console/watchlist?tab=listings',
      'watchlist',
      () => shown(page.getByRole('link', { name: exact(bt('watchlist:listing.open', { domain: spare })) })),
    ],
  ];
  for (const [path, tag, ready] of pages) {
    await goto(page, path);
    await ready();
    expect(await horizontalOverflow(page), path).toBe(0);
    await pageShot(page, `buying-${tag}-${c.label}`);
  }
}

/** The seller's pages at the other width: offers received, sales, statistics. */
async function otherWidthSeller(page: Page, c: Case, offered: string): Promise<void> {
  const bt = buyingTexts(c.lang);
  await goto(page, '/console/offers?role=seller');
  await shown(page.getByTestId('offer-row').filter({ hasText: offered }));
  expect(await horizontalOverflow(page)).toBe(0);
  await pageShot(page, `buying-offers-seller-${c.label}`);
  await goto(page, '/console/seller/sales');
  await shown(page.locator(`[data-testid="sale-row"][data-domain="${offered}"]`));
  expect(await horizontalOverflow(page)).toBe(0);
  await pageShot(page, `buying-seller-sales-${c.label}`);
  await goto(page, '/console/seller/sales?tab=stats');
  await shown(page.getByRole('figure', { name: bt('seller-sales:stats.byMonth') }));
  expect(await horizontalOverflow(page)).toBe(0);
  await pageShot(page, `buying-seller-stats-${c.label}`);
}
