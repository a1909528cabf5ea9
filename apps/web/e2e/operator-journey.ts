import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import enAdmin from '../src/locales/en-US/admin.json' with { type: 'json' };
import enAdminParameters from '../src/locales/en-US/admin-parameters.json' with { type: 'json' };
import enAdminRestrictions from '../src/locales/en-US/admin-restrictions.json' with { type: 'json' };
import enAuctions from '../src/locales/en-US/auctions.json' with { type: 'json' };
import enFunds from '../src/locales/en-US/funds.json' with { type: 'json' };
import enRestrictions from '../src/locales/en-US/restrictions.json' with { type: 'json' };
import zhAdmin from '../src/locales/zh-CN/admin.json' with { type: 'json' };
import zhAdminParameters from '../src/locales/zh-CN/admin-parameters.json' with { type: 'json' };
import zhAdminRestrictions from '../src/locales/zh-CN/admin-restrictions.json' with { type: 'json' };
import zhAuctions from '../src/locales/zh-CN/auctions.json' with { type: 'json' };
import zhFunds from '../src/locales/zh-CN/funds.json' with { type: 'json' };
import zhRestrictions from '../src/locales/zh-CN/restrictions.json' with { type: 'json' };
import { api, serverNow, submitSignIn, type T } from './accounts.ts';
import { goto, type Lang, openContext } from './browser.ts';
import type { Case } from './journey.ts';

/**
 * Helpers of the operator journey (operator.clock.e2e.ts): the texts of the admin, admin-parameters,
 * admin-restrictions, restrictions, funds and auctions namespaces; the operator signed in on a console page; a lot
 * open for bids; the parameters store read and set through the console's API (to restore what a case changed).
 */

export const OPERATOR = { email: 'admin@namebourse.com', password: 'Admin@2026' };
const DAY = 86_400;

const BUNDLES = {
  'zh-CN': {
    admin: zhAdmin,
    'admin-parameters': zhAdminParameters,
    'admin-restrictions': zhAdminRestrictions,
    restrictions: zhRestrictions,
    funds: zhFunds,
    auctions: zhAuctions,
  },
  'en-US': {
    admin: enAdmin,
    'admin-parameters': enAdminParameters,
    'admin-restrictions': enAdminRestrictions,
    restrictions: enRestrictions,
    funds: enFunds,
    auctions: enAuctions,
  },
} as const;

type OperatorNamespace = keyof (typeof BUNDLES)['zh-CN'];

export type OT = (ref: `${OperatorNamespace}:${string}`, params?: Record<string, string | number>) => string;

/** The UI text `ns:key` in `lang`, `{{name}}` filled. */
export function operatorTexts(lang: Lang): OT {
  return (ref, params = {}) => {
    const [ns, key] = ref.split(':') as [OperatorNamespace, string];
    let node: unknown = BUNDLES[lang][ns];
    for (const part of key.split('.')) {
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    }
    if (typeof node !== 'string') throw new Error(`No text ${ref} in ${lang}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
  };
}

/** Basis points as the pages write a rate: 450 → '4.5%', 300 → '3%' (both languages). */
export function percent(bps: number): string {
  const whole = Math.floor(bps / 100);
  const rest = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${rest ? `.${rest}` : ''}%`;
}

// ---- the operator ----

/** The operator signed in through the page on `path` of the console, in a window of the case's language and width. */
export async function operatorOn(
  browser: Browser,
  c: Case,
  t: T,
  path: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await openContext(browser, c);
  const page = await context.newPage();
  await goto(page, `/account/login?redirect=${encodeURIComponent(path)}`);
  expect((await submitSignIn(page, t, OPERATOR.email, OPERATOR.password)).status()).toBe(200);
  await page.waitForURL((url) => url.pathname === path);
  return { context, page };
}

interface ParameterRow {
  key: string;
  value: number | boolean;
  description: string;
}

/** A parameter as the console's API has it now (value, description in the page's language). */
export async function parameterNow(page: Page, key: string): Promise<ParameterRow> {
  const all = await api<ParameterRow[]>(page, 'GET', '/admin/parameters');
  expect(all.code, JSON.stringify(all)).toBe('200');
  const row = all.data.find((p) => p.key === key);
  if (!row) throw new Error(`no parameter ${key}`);
  return row;
}

/** Sets a parameter through the console's API (no MFA factor is bound to the demo operator), unless it has it. */
export async function setParameter(page: Page, key: string, value: number, reason: string): Promise<void> {
  if ((await parameterNow(page, key)).value === value) return;
  const res = await api(page, 'POST', `/admin/parameters/${key}`, { value, reason });
  expect(res.code, JSON.stringify(res)).toBe('200');
}

/** A parameter's row on /admin/parameters. */
export function parameterRow(page: Page, key: string): Locator {
  return page.locator(`[data-testid="parameter-row"][data-key="${key}"]`);
}

/**
 * Adds a lot through the console’s API (the auction journey covers the form): open since a day ago (a lot runs
 * three days at least), closing in three days of business time, $10 to start. Returns its id.
 */
export async function openLot(page: Page, domain: string): Promise<string> {
  const now = (await serverNow()).getTime();
  const iso = (seconds: number) => new Date(now + seconds * 1000).toISOString();
  const added = await api<{ created: { auctionId: string; domain: string }[] }>(page, 'POST', '/admin/auctions', {
    lots: [
      {
        domain,
        type: 'expired',
        registrar: 'GoDaddy',
        partner: 'DropCatch',
        startPriceCents: 1_000,
        startsAt: iso(-DAY),
        endsAt: iso(3 * DAY),
        registeredAt: iso(-3 * 365 * DAY),
        expiresAt: iso(400 * DAY),
      },
    ],
  });
  expect(added.code, JSON.stringify(added)).toBe('200');
  const lot = added.data.created.find((x) => x.domain === domain);
  if (!lot) throw new Error(`lot ${domain} not created: ${JSON.stringify(added)}`);
  return lot.auctionId;
}

// ---- the user ----

/**
 * Tops the signed-in account up through the sandbox provider; the server's quote must charge `feeCents` on top.
 * Waits until the balance has the amount.
 */
export async function topUpCharged(page: Page, amountCents: number, feeCents: number): Promise<void> {
  const before = (await api<{ availableCents: number }>(page, 'GET', '/funds/summary')).data.availableCents;
  const recharge = await api<{ sessionId: string; feeCents: number; totalCents: number }>(
    page,
    'POST',
    '/funds/recharge',
    { amountCents, method: 'card' },
  );
  expect(recharge.code, JSON.stringify(recharge)).toBe('200');
  expect(recharge.data).toMatchObject({ feeCents, totalCents: amountCents + feeCents });
  const paid = await api(page, 'POST', `/payments/sandbox/${recharge.data.sessionId}/complete`, {
    outcome: 'success',
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', holder: 'San Zhang' },
  });
  expect(paid.code, JSON.stringify(paid)).toBe('200');
  await expect
    .poll(async () => (await api<{ availableCents: number }>(page, 'GET', '/funds/summary')).data.availableCents, {
      timeout: 20_000,
    })
    .toBe(before + amountCents);
}

/** The number of bid records of a lot (what everyone sees on its page). */
export async function bidCount(page: Page, auctionId: string): Promise<number> {
  const bids = await api<{ total: number }>(page, 'GET', `/auctions/${auctionId}/bids`);
  expect(bids.code, JSON.stringify(bids)).toBe('200');
  return bids.data.total;
}
