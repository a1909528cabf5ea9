import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import enMessages from '../src/locales/en-US/messages.json' with { type: 'json' };
import enNotifications from '../src/locales/en-US/notifications.json' with { type: 'json' };
import zhMessages from '../src/locales/zh-CN/messages.json' with { type: 'json' };
import zhNotifications from '../src/locales/zh-CN/notifications.json' with { type: 'json' };
import {
  api,
  byLabel,
  completeContactInfo,
  isApi,
  nicknameFor,
  outbox,
  passwordFor,
  registerThroughPage,
  type T,
  uniqueEmail,
} from './accounts.ts';
import { goto, type Lang } from './browser.ts';
import { topUp } from './buying-journey.ts';
import { type Case, escapeRegExp, exact, shown } from './journey.ts';

/**
 * Helpers of the notifications journey (notifications.clock.e2e.ts): the texts of the notifications and messages
 * namespaces, a bidder, the settings form (time zone, language, one e-mail switch), bidding on a lot's page, the
 * notice e-mails in the dev outbox and the way a mail writes times (the zone's wall clock).
 */

const BUNDLES = {
  'zh-CN': { notifications: zhNotifications, messages: zhMessages },
  'en-US': { notifications: enNotifications, messages: enMessages },
} as const;

type NotificationsNamespace = keyof (typeof BUNDLES)['zh-CN'];
export type NT = (ref: `${NotificationsNamespace}:${string}`, params?: Record<string, string | number>) => string;

/** The UI text `ns:key` in `lang` with `{{name}}` filled. */
export function notificationTexts(lang: Lang): NT {
  return (ref, params = {}) => {
    const [ns, key] = ref.split(':') as [NotificationsNamespace, string];
    let node: unknown = BUNDLES[lang][ns];
    for (const part of key.split('.')) {
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    }
    if (typeof node !== 'string') throw new Error(`No text ${ref} in ${lang}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
  };
}

// ---- people ----

/** A bidder registered through the page (a fresh address: its outbox is its own), contact complete, funded. */
export async function bidder(page: Page, c: Case, t: T, tag: string, dollars: number): Promise<{ email: string }> {
  const email = uniqueEmail(`${tag}-${c.label}`);
  await registerThroughPage(page, t, { email, password: passwordFor(tag), nickname: nicknameFor(c.lang, tag) });
  await completeContactInfo(page, tag);
  await topUp(page, dollars);
  return { email };
}

// ---- the settings form (/console/user/info, tab Settings) ----

/** Opens the account page and its Settings tab, and waits for the loaded form. */
export async function openSettings(page: Page, t: T): Promise<void> {
  await goto(page, '/console/user/info');
  await (await shown(page.getByRole('tab', { name: exact(t('profile:tabs.settings')) }))).click();
  await shown(page.getByRole('switch', { name: switchName(t, 'outbid') }));
}

/** The accessible name of an e-mail switch: its title, then what it sends. */
function switchName(t: T, key: string): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(t(`profile:settings.notify.${key}.title`))}`);
}

export function emailSwitch(page: Page, t: T, key: string): Locator {
  return page.getByRole('switch', { name: switchName(t, key) });
}

/** The language select (its accessible name is the label followed by the chosen language). */
export function languageField(page: Page, t: T): Locator {
  return page.getByRole('combobox', { name: new RegExp(`^\\s*${escapeRegExp(t('profile:settings.language'))}`) });
}

export async function chooseLanguage(page: Page, t: T, lang: Lang): Promise<void> {
  await languageField(page, t).click();
  await (await shown(page.getByRole('option', { name: exact(t(`profile:settings.languages.${lang}`)) }))).click();
}

/** A zone as the form names it: the IANA name (spaces for '_') and its offset, e.g. 'America/New York (UTC-05:00)'. */
function zoneLabel(zone: string): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(zone.replaceAll('_', ' '))} \\(UTC[+-]\\d{2}:\\d{2}\\)\\s*$`);
}

/** Types the zone into the time-zone field and picks it from the list. */
export async function chooseTimeZone(page: Page, t: T, zone: string): Promise<void> {
  const field = timeZoneField(page, t);
  await field.click();
  await field.fill(zone);
  await (await shown(page.getByRole('option', { name: zoneLabel(zone) }))).click();
  expect(await field.inputValue()).toMatch(zoneLabel(zone));
}

/** The time-zone field (an autocomplete: its list is labelled by the same label). */
function timeZoneField(page: Page, t: T): Locator {
  return page.getByRole('combobox', { name: exact(t('profile:settings.timeZone')) });
}

/** The zone the time-zone field shows. */
/** The zone the time-zone field holds (its IANA name, without the offset the form shows beside it). */
export async function timeZoneValue(page: Page, t: T): Promise<string> {
  return (await timeZoneField(page, t).inputValue()).replace(/ \(UTC[^)]*\)$/, '').replaceAll(' ', '_');
}

/** Sets an e-mail switch (clicks it only when it is not already as wanted). */
export async function setSwitch(page: Page, t: T, key: string, on: boolean): Promise<void> {
  const control = emailSwitch(page, t, key);
  if ((await control.isChecked()) !== on) await control.click();
  expect(await control.isChecked()).toBe(on);
}

/** Saves the form; resolves once the server saved it and the form says so. */
export async function saveSettings(page: Page, t: T): Promise<void> {
  const [res] = await Promise.all([
    page.waitForResponse(isApi('/account-manage/update-settings')),
    page.getByRole('button', { name: exact(t('profile:actions.save')) }).click(),
  ]);
  expect(res.status()).toBe(200);
  await shown(page.getByText(t('profile:settings.saved'), { exact: true }));
}

// ---- bidding on the lot's page ----

/** Places a bid of `dollars` on the lot's page and confirms it; resolves when the server accepted it. */
export async function bid(page: Page, t: T, dollars: number): Promise<void> {
  const amount = byLabel(page, t('auctions:bid.amount'));
  await amount.fill(String(dollars));
  await page.getByRole('button', { name: exact(t('auctions:bid.submit')) }).click();
  const dialog = await shown(page.getByRole('dialog'));
  const [res] = await Promise.all([
    page.waitForResponse(
      (r) => /\/api\/auctions\/[^/]+\/bids$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
    ),
    dialog.getByRole('button', { name: exact(t('auctions:bid.confirm')) }).click(),
  ]);
  expect(res.status(), await res.text()).toBe(200);
  await dialog.waitFor({ state: 'detached' });
}

/** The lot as the signed-in user's lot page reads it: the price now and whether they lead. */
export async function lotState(
  page: Page,
  auctionId: string,
): Promise<{ currentPriceCents: number; isLeading: boolean | null }> {
  const { data } = await api<{ currentPriceCents: number; isLeading: boolean | null }>(
    page,
    'GET',
    `/auctions/${auctionId}`,
  );
  return { currentPriceCents: data.currentPriceCents, isLeading: data.isLeading };
}

export async function isLeading(page: Page, auctionId: string): Promise<boolean | null> {
  return (await lotState(page, auctionId)).isLeading;
}

// ---- e-mails ----

export interface Mail {
  subject: string | null;
  body: string;
}

/** The notice e-mails to `to` (code mails left out), newest first. */
export async function noticeMails(to: string): Promise<Mail[]> {
  return (await outbox(to))
    .filter((m) => m.channel === 'email' && !m.code)
    .map((m) => {
      const { subject, body } = m as unknown as Mail;
      return { subject, body };
    });
}

/** `YYYY-MM-DD HH:mm` on the zone's wall clock: how a notice e-mail writes the notice's time. */
export function wallClock(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** `UTC-05:00` / `UTC+09:00`: the zone's offset at `date`, as the mail names it beside the zone. */
export function offsetLabel(date: Date, timeZone: string): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return name === 'GMT' ? 'UTC' : name.replace('GMT', 'UTC');
}

/** The unsubscribe line of a mail's plain-text part (`<words>: https://…/notifications/unsubscribe?token=…`). */
export function unsubscribeLine(body: string): { words: string; url: URL } {
  const lines = body.split('\n').filter((l) => /: https?:\/\/\S+\/notifications\/unsubscribe\?token=\S+$/.test(l));
  expect(lines, `one unsubscribe link in the mail:\n${body}`).toHaveLength(1);
  const line = lines[0] as string;
  const at = line.lastIndexOf(': http');
  return { words: line.slice(0, at), url: new URL(line.slice(at + 2).trim()) };
}
