import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  api,
  completeContactInfo,
  nicknameFor,
  passwordFor,
  registerThroughPage,
  serverNow,
  submitSignIn,
  type T,
  uniqueEmail,
} from './accounts.ts';
import { baseUrl, goto, horizontalOverflow, openContext } from './browser.ts';
import { type Case, pageShot, PAIRED_CASES, shown, texts, useBrowser } from './journey.ts';

/**
 * The auction journey (issue 5): an operator adds a lot in /admin; two signed-in buyers in two browser contexts
 * bid against each other and each sees the other's bids live; the proxy outbids; the loser exits and is whole
 * again; the dev clock moves to the close; the winner pays; the clock moves 27 days; the domain is in My domains.
 * It moves the business clock by days, so it runs on its own server after the other journeys.
 */

const OPERATOR = { email: 'admin@namebourse.com', password: 'Admin@2026' };
const DAY = 86_400;

async function devPost(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${baseUrl()}/api/dev/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

async function advance(seconds: number): Promise<void> {
  await devPost('clock/advance', { seconds });
  await devPost('sweep', {});
}

/** A buyer: registered through the page, contact information complete, `dollars` topped up through the sandbox. */
async function buyer(page: Page, c: Case, t: T, tag: string, dollars: number) {
  const email = uniqueEmail(`${tag}-${c.label}`);
  await registerThroughPage(page, t, { email, password: passwordFor(tag), nickname: nicknameFor(c.lang, tag) });
  await completeContactInfo(page, tag);
  const recharge = await api<{ sessionId: string }>(page, 'POST', '/funds/recharge', {
    amountCents: dollars * 100,
    method: 'card',
  });
  expect(recharge.code).toBe('200');
  const paid = await api(page, 'POST', `/payments/sandbox/${recharge.data.sessionId}/complete`, {
    outcome: 'success',
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', holder: 'San Zhang' },
  });
  expect(paid.code).toBe('200');
  await expect
    .poll(async () => (await api<{ availableCents: number }>(page, 'GET', '/funds/summary')).data.availableCents, {
      timeout: 20_000,
    })
    .toBe(dollars * 100);
  return { email };
}

async function operatorAddsLot(browser: Browser, c: Case, t: T, domain: string): Promise<string> {
  const context = await openContext(browser, c);
  const page = await context.newPage();
  try {
    await goto(page, '/account/login?redirect=%2Fadmin%2Fauctions');
    expect((await submitSignIn(page, t, OPERATOR.email, OPERATOR.password)).status()).toBe(200);
    await page.waitForURL(/\/admin\/auctions/);
    await shown(page.getByTestId('admin-auctions-page'));
    const now = await serverNow();
    // Started three days ago less two minutes: open at once, and closing within minutes.
    const startsAt = new Date(now.getTime() - 3 * DAY * 1000 + 120_000);
    const endsAt = new Date(now.getTime() + 120_000);
    await page.getByTestId('admin-lot-add').click();
    const form = await shown(page.getByTestId('admin-lot-form'));
    await form.getByTestId('admin-lot-domain').fill(domain);
    await form.getByTestId('admin-lot-registrar').fill('GoDaddy');
    await form.getByTestId('admin-lot-partner').fill('DropCatch');
    await form.getByTestId('admin-lot-startPrice').fill('10');
    await form.getByTestId('admin-lot-startsAt').fill(localInput(startsAt));
    await form.getByTestId('admin-lot-endsAt').fill(localInput(endsAt));
    await pageShot(page, `auctions-admin-lot-form-${c.label}`);
    await form.getByTestId('admin-lot-submit').click();
    const row = await shown(page.locator(`[data-testid="admin-lot-row"][data-domain="${domain}"]`).first());
    await pageShot(page, `auctions-admin-lots-${c.label}`);
    const id = await row.getAttribute('data-auction-id');
    if (id) return id;
    const found = await api<{ items: { auctionId: string; domain: string }[] }>(
      page,
      'GET',
      `/auctions?keyword=${encodeURIComponent(domain)}`,
    );
    const lot = found.data.items.find((x) => x.domain === domain);
    if (!lot) throw new Error(`lot ${domain} not found`);
    return lot.auctionId;
  } finally {
    await context.close();
  }
}

/** `YYYY-MM-DDTHH:mm` in the browser's (and this process's) local time, for datetime-local inputs. */
function localInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

async function bid(page: Page, amount: string, max?: string): Promise<void> {
  await page.getByTestId('lot-bid-amount').fill(amount);
  if (max !== undefined) await page.getByTestId('lot-bid-max').fill(max);
  await page.getByTestId('lot-bid-submit').click();
  await page.getByTestId('lot-bid-confirm').click();
}

function price(page: Page): Promise<string> {
  return page.getByTestId('lot-current-price').innerText();
}

describe('auction: two bidders, proxy, exit, close, payment and delivery', () => {
  const browser = useBrowser();

  for (const c of PAIRED_CASES) {
    it(`bids live against another buyer, wins, pays and receives the domain (${c.label})`, async () => {
      const t = texts(c.lang);
      const domain = `e2e${Date.now().toString(36)}${c.width}.com`;
      const auctionId = await operatorAddsLot(browser(), c, t, domain);
      // The registrar simulator's default redeems about one domain in ten: this one stays with the buyer.
      await devPost('registrar', { domain, redeemed: false });

      const contextA = await openContext(browser(), c);
      const contextB = await openContext(browser(), c);
      const a = await contextA.newPage();
      const b = await contextB.newPage();
      const errors: string[] = [];
      for (const p of [a, b]) p.on('pageerror', (e) => errors.push(e.message));
      try {
        await buyer(a, c, t, 'bidA', 200);
        await buyer(b, c, t, 'bidB', 200);

        // A bids the start price with a hidden maximum of $30: A leads at $10 and $10 is frozen.
        await goto(a, `/sale/${auctionId}`);
        await shown(a.getByTestId('lot-page'));
        await goto(b, `/sale/${auctionId}`);
        await shown(b.getByTestId('lot-page'));
        await bid(a, '10', '30');
        await expect.poll(() => a.getByTestId('lot-leading-badge').getAttribute('data-state')).toBe('leading');
        // B sees A's bid arrive without a reload.
        await expect.poll(() => price(b)).toContain('10.00');

        // B bids $15: A's proxy answers at $16, and A sees it live.
        await bid(b, '15');
        await expect.poll(() => price(b)).toContain('16.00');
        await expect.poll(() => b.getByTestId('lot-leading-badge').getAttribute('data-state')).toBe('outbid');
        await expect.poll(() => price(a)).toContain('16.00');

        // B raises to a $60 maximum: B leads at $31 (A's $30 plus the $1 increment); A sees that it is outbid.
        await bid(b, '17', '60');
        await expect.poll(() => price(b)).toContain('31.00');
        await expect.poll(() => b.getByTestId('lot-leading-badge').getAttribute('data-state')).toBe('leading');
        await expect.poll(() => a.getByTestId('lot-leading-badge').getAttribute('data-state')).toBe('outbid');
        // Every price change is a record: A $10, B $15, A's proxy $16, A's proxy $30, B $31.
        await expect.poll(() => a.getByTestId('bid-record').count()).toBeGreaterThanOrEqual(4);
        await pageShot(a, `auctions-lot-outbid-${c.label}`);
        await pageShot(b, `auctions-lot-leading-${c.label}`);
        expect(await horizontalOverflow(b)).toBe(0);

        // A exits: the deposit comes back at once and A's balance is whole again.
        await a.getByTestId('lot-exit').click();
        await a.getByTestId('lot-exit-confirm').click();
        await expect
          .poll(
            async () => (await api<{ frozenCents: number; availableCents: number }>(a, 'GET', '/funds/summary')).data,
          )
          .toEqual(expect.objectContaining({ frozenCents: 0, availableCents: 20_000 }));

        // The clock moves past the end (soft close may have extended it): B wins at $31.
        await advance(15 * 60);
        await expect
          .poll(() => b.getByTestId('lot-result').getAttribute('data-outcome'), { timeout: 20_000 })
          .toBe('won');
        await pageShot(b, `auctions-lot-won-${c.label}`);

        // B pays on /console/auction/win.
        await goto(b, '/console/auction/win');
        await shown(b.getByTestId('won-page'));
        const row = await shown(b.getByTestId('won-row').filter({ hasText: domain }));
        await pageShot(b, `auctions-won-${c.label}`);
        await row.getByTestId('order-pay').click();
        await b.getByTestId('pay-dialog-confirm').click();
        await b.getByTestId('won-tab-awaiting_delivery').click();
        await shown(b.getByTestId('won-row').filter({ hasText: domain }));
        // Paid: the price is in escrow and the winner's deposit comes back.
        await devPost('sweep', {});
        await expect
          .poll(async () => (await api<{ frozenCents: number }>(b, 'GET', '/funds/summary')).data.frozenCents)
          .toBe(0);

        // 27 days later the old holder has not redeemed it: the domain is in My domains.
        await advance(27 * DAY + 60);
        await goto(b, '/console/domain/list');
        await shown(b.getByTestId('domains-page'));
        await shown(b.locator(`[data-testid="domain-row"][data-domain="${domain}"]`));
        expect(await horizontalOverflow(b)).toBe(0);
        await pageShot(b, `auctions-my-domains-${c.label}`);

        // A, the loser, is whole: everything topped up is available, nothing frozen.
        const loser = (await api<{ frozenCents: number; availableCents: number }>(a, 'GET', '/funds/summary')).data;
        expect(loser).toEqual(expect.objectContaining({ frozenCents: 0, availableCents: 20_000 }));
      } catch (error) {
        await pageShot(b, `auctions-failed-b-${c.label}`).catch(() => undefined);
        await pageShot(a, `auctions-failed-a-${c.label}`).catch(() => undefined);
        throw error;
      } finally {
        await contextA.close();
        await contextB.close();
      }
      expect(errors).toEqual([]);
    });
  }
});
