import { generate } from 'otplib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { formatDate } from '../src/lib/format.ts';
import enDomains from '../src/locales/en-US/domains.json' with { type: 'json' };
import enTransfers from '../src/locales/en-US/transfers.json' with { type: 'json' };
import zhDomains from '../src/locales/zh-CN/domains.json' with { type: 'json' };
import zhTransfers from '../src/locales/zh-CN/transfers.json' with { type: 'json' };
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
import { baseUrl, goto, type Lang, openContext } from './browser.ts';
import { type Case, shown } from './journey.ts';

/**
 * Helpers of the My domains / transfer-out journey (domains.clock.e2e.ts): the texts of the domains and
 * transfers namespaces, the dev tools (clock, sweep, registrar simulator), an operator adding lots, and a
 * buyer who wins and pays for them.
 */

export const DAY = 86_400;
const OPERATOR = { email: 'admin@namebourse.com', password: 'Admin@2026' };

const BUNDLES = {
  'zh-CN': { domains: zhDomains, transfers: zhTransfers },
  'en-US': { domains: enDomains, transfers: enTransfers },
} as const;

type DomainNamespace = keyof (typeof BUNDLES)['zh-CN'];

function lookup(lang: Lang, ns: DomainNamespace, key: string): unknown {
  let node: unknown = BUNDLES[lang][ns];
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

/**
 * The UI text `domains:key` / `transfers:key` in `lang`, with `{{name}}` filled; with a numeric `count`, the
 * plural form i18next picks (`_one` / `_other`; Chinese has only `_other`).
 */
export function domainText(
  lang: Lang,
  ref: `${DomainNamespace}:${string}`,
  params: Record<string, string | number> = {},
): string {
  const [ns, key] = ref.split(':') as [DomainNamespace, string];
  let node: unknown;
  if (typeof params.count === 'number') {
    const form = new Intl.PluralRules(lang).select(params.count);
    node = lookup(lang, ns, `${key}_${form}`) ?? lookup(lang, ns, `${key}_other`);
  }
  node ??= lookup(lang, ns, key);
  if (typeof node !== 'string') throw new Error(`No text ${ref} in ${lang}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

export type DT = (ref: `${DomainNamespace}:${string}`, params?: Record<string, string | number>) => string;

export function domainTexts(lang: Lang): DT {
  return (ref, params) => domainText(lang, ref, params);
}

// ---- dev tools ----

export async function devPost(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${baseUrl()}/api/dev/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { data: unknown };
  expect(res.status, `POST /api/dev/${path}: ${JSON.stringify(answer)}`).toBe(200);
  return answer.data;
}

/** Moves the business clock and runs the sweeper (due transitions, registrar results). */
export async function advance(seconds: number): Promise<void> {
  await devPost('clock/advance', { seconds });
  await devPost('sweep', {});
}

/** Time for a registrar operation (lock, cancel, fast transfer: 30–180 s) to have its answer, and a sweep. */
export async function registrarAnswers(): Promise<void> {
  await advance(200);
  // The poll that finds the answer and the handler that applies it may be one sweep apart.
  await devPost('sweep', {});
}

/** A TOTP code at the server's business time (`step` 30-second steps either side), for the MFA dialog. */
export async function totp(secret: string, step: -1 | 0 | 1 = 0): Promise<string> {
  const epoch = Math.floor((await serverNow()).getTime() / 1000) + step * 30;
  return generate({ secret, epoch });
}

// ---- people ----

/** `YYYY-MM-DDTHH:mm:ss.sssZ` of a date `seconds` from `from`. */
function iso(from: Date, seconds: number): string {
  return new Date(from.getTime() + seconds * 1000).toISOString();
}

/**
 * An operator signs in through the page and adds one lot per domain through the console's API (the form is
 * the auction journey's): running three days, closing two minutes from now, $10 start, the registration due
 * to expire in 400 days (so 90 days of clock moves leave it normal).
 */
export async function operatorAddsLots(browser: Browser, c: Case, t: T, domains: string[]): Promise<string[]> {
  const context = await openContext(browser, c);
  const page = await context.newPage();
  try {
    await goto(page, '/account/login?redirect=%2Fadmin%2Fauctions');
    expect((await submitSignIn(page, t, OPERATOR.email, OPERATOR.password)).status()).toBe(200);
    await page.waitForURL(/\/admin\/auctions/);
    await shown(page.getByTestId('admin-auctions-page'));
    const now = await serverNow();
    const added = await api<{ created: { auctionId: string; domain: string }[] }>(page, 'POST', '/admin/auctions', {
      lots: domains.map((domain) => ({
        domain,
        type: 'expired',
        registrar: 'GoDaddy',
        partner: 'DropCatch',
        startPriceCents: 1_000,
        startsAt: iso(now, -3 * DAY + 120),
        endsAt: iso(now, 120),
        registeredAt: iso(now, -3 * 365 * DAY),
        expiresAt: iso(now, 400 * DAY),
      })),
    });
    expect(added.code, JSON.stringify(added)).toBe('200');
    return domains.map((domain) => {
      const lot = added.data.created.find((x) => x.domain === domain);
      if (!lot) throw new Error(`lot ${domain} not created`);
      return lot.auctionId;
    });
  } finally {
    await context.close();
  }
}

/**
 * A buyer registered through the page, contact information complete (bidding needs it), an authenticator
 * bound (so the transfer code asks for MFA), `dollars` topped up through the sandbox. Returns the secret.
 */
export async function buyer(page: Page, c: Case, t: T, tag: string, dollars: number): Promise<{ secret: string }> {
  const email = uniqueEmail(`${tag}-${c.label}`);
  await registerThroughPage(page, t, { email, password: passwordFor(tag), nickname: nicknameFor(c.lang, tag) });
  await completeContactInfo(page, tag);
  const binding = await api<{ secret: string }>(page, 'GET', '/account-manage/get-authenticator-binding-info');
  expect(binding.code).toBe('200');
  const { secret } = binding.data;
  const bound = await api(page, 'POST', '/account-manage/bind-authenticator', { secret, code: await totp(secret, -1) });
  expect(bound.code, JSON.stringify(bound)).toBe('200');
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
  return { secret };
}

/**
 * Bids the start price on the first lot through its page (the auction journey covers bidding; this one only
 * needs to win), on the others through the API the page uses.
 */
export async function bidOnLots(page: Page, auctionIds: string[]): Promise<void> {
  const [first, ...others] = auctionIds;
  if (!first) return;
  await goto(page, `/sale/${first}`);
  await shown(page.getByTestId('lot-page'));
  await page.getByTestId('lot-bid-amount').fill('10');
  await page.getByTestId('lot-bid-submit').click();
  await page.getByTestId('lot-bid-confirm').click();
  await expect
    .poll(() => page.getByTestId('lot-leading-badge').getAttribute('data-state'), { timeout: 10_000 })
    .toBe('leading');
  for (const auctionId of others) {
    const bid = await api(page, 'POST', `/auctions/${auctionId}/bids`, { amountCents: 1_000 });
    expect(bid.code, JSON.stringify(bid)).toBe('200');
  }
}

/** Pays the won lots on /console/auction/win, all at once (each chosen, then 'Pay n orders'). */
export async function payWonLots(page: Page, domains: string[]): Promise<void> {
  await goto(page, '/console/auction/win');
  await shown(page.getByTestId('won-page'));
  for (const domain of domains) {
    const row = await shown(page.getByTestId('won-row').filter({ hasText: domain }).first());
    await row.getByTestId('select-order').check();
  }
  await page.getByTestId('pay-selected').click();
  const confirm = await shown(page.getByTestId('pay-dialog-confirm'));
  await confirm.click();
  await confirm.waitFor({ state: 'detached' });
  for (const domain of domains) {
    await page.getByTestId('won-row').filter({ hasText: domain }).waitFor({ state: 'detached' });
  }
}

// ---- My domains ----

/** The row (table at 1440, card at 390) of a domain in My domains. */
export function domainRow(page: Page, domain: string): Locator {
  return page.locator(`[data-testid="domain-row"][data-domain="${domain}"]`);
}

/** Opens the row's action menu and picks an item. */
export async function rowAction(page: Page, dt: DT, domain: string, item: string): Promise<void> {
  const row = domainRow(page, domain);
  await row.getByRole('button', { name: dt('domains:actions.menu', { name: domain }) }).click();
  await (await shown(page.getByRole('menuitem', { name: item }))).click();
}

/** The transfer result row of a domain under Results on the transfer-out page. */
export function transferRow(page: Page, domain: string): Locator {
  return page.locator(`#results [data-testid="transfer-row"][data-domain="${domain}"]`);
}

/** E2E_TIMING=1: logs the seconds each stage of a journey took (to keep the run short). */
export function stopwatch(label: string): (stage: string) => void {
  let last = Date.now();
  return (stage) => {
    if (!process.env.E2E_TIMING) return;
    const now = Date.now();
    console.log(`[${label}] ${stage}: ${((now - last) / 1000).toFixed(1)} s`);
    last = now;
  };
}

/**
 * The same browser (its cookies and local storage: the session and the device id it is bound to) in a new
 * window of another width; the old context is closed first so that only one of them uses the session.
 */
export async function reopenAtWidth(
  browser: Browser,
  context: BrowserContext,
  { lang, width }: { lang: Lang; width: number },
): Promise<BrowserContext> {
  const state = await context.storageState();
  await context.close();
  const next = await openContext(browser, { lang, width });
  await next.addCookies(state.cookies);
  await next.addInitScript((origins) => {
    for (const origin of origins) {
      if (origin.origin !== window.location.origin) continue;
      for (const { name, value } of origin.localStorage) {
        if (window.localStorage.getItem(name) === null) window.localStorage.setItem(name, value);
      }
    }
  }, state.origins);
  return next;
}

/**
 * No row of My domains (first page) says the previous holder can still reclaim it when that date has passed on
 * the server's clock. Call right after a page load (the page's session is fresh then).
 */
export async function expectNoPassedReclaimDates(page: Page, dt: DT, lang: Lang): Promise<void> {
  const list = await api<{ items: { name: string; reclaimableUntil: string | null }[]; serverTime: string }>(
    page,
    'GET',
    '/domains',
  );
  expect(list.code).toBe('200');
  const now = Date.parse(list.data.serverTime);
  for (const domain of list.data.items) {
    if (!domain.reclaimableUntil || Date.parse(domain.reclaimableUntil) >= now) continue;
    const row = domainRow(page, domain.name);
    if ((await row.count()) === 0) continue;
    const passed = dt('domains:reclaimableUntil', { date: formatDate(domain.reclaimableUntil, lang) });
    expect(await row.innerText(), `${domain.name} says '${passed}' after that date`).not.toContain(passed);
  }
}
