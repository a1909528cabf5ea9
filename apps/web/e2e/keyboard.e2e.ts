import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, completeContactInfo, isApi, submitSignIn, type T } from './accounts.ts';
import { goto, type Lang } from './browser.ts';
import { CASES, escapeRegExp, exact, shown, texts, useBrowser, withPage } from './journey.ts';

/**
 * Issue 14: the keyboard alone (Tab, Shift+Tab, Enter, Space, Escape, arrows). A signed-in buyer opens the top
 * bar's menus (the two navigation groups, the language selector, the account menu) and leaves each with Escape,
 * back on its button; reaches the bid form on a lot page; opens the confirmation, closes it with Escape, opens it
 * again and places the bid. Every element the focus lands on shows it (an outline or a box shadow).
 */

const DEMO_BUYER = { email: 'demo@namebourse.com', password: 'Demo@2026', nickname: 'Demo' };

interface Focused {
  /** The focused element, as a reader would name it: `button "Place bid"`. */
  name: string;
  /** Its focus indicator ('none' when it has none). */
  indicator: string;
}

/**
 * The focused element and its focus indicator: its own outline or box shadow; for a text field (the input inside
 * MUI's field box) the field box's outline, box shadow or the thicker border MUI draws around a focused field.
 */
function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const ring = (node: Element): string | null => {
      const s = getComputedStyle(node);
      if (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0) {
        return `outline ${s.outlineWidth} ${s.outlineStyle} ${s.outlineColor}`;
      }
      if (s.boxShadow && s.boxShadow !== 'none') return `box-shadow ${s.boxShadow}`;
      return null;
    };
    let indicator = ring(el);
    const field = el.closest('.MuiInputBase-root');
    if (!indicator && field) {
      indicator = ring(field);
      const notch = field.querySelector(':scope > .MuiOutlinedInput-notchedOutline');
      if (!indicator && notch && field.classList.contains('Mui-focused')) {
        const width = Number.parseFloat(getComputedStyle(notch).borderTopWidth);
        if (width >= 2) indicator = `field border ${width}px`;
      }
    }
    const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
    const label =
      el.getAttribute('aria-label') ??
      (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null) ??
      el.textContent ??
      '';
    return { name: `${role} "${label.trim().replace(/\s+/g, ' ').slice(0, 60)}"`, indicator: indicator ?? 'none' };
  });
}

/** Fails unless something is focused and shows it. */
async function expectVisibleFocus(page: Page): Promise<Focused> {
  const now = await focused(page);
  expect(now, 'nothing has the focus').not.toBeNull();
  expect(now?.indicator, `the focus is not visible on ${now?.name}`).not.toBe('none');
  return now as Focused;
}

function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
}

async function waitForFocus(page: Page, locator: Locator): Promise<void> {
  await page.waitForFunction(
    (el) => el !== null && (el === document.activeElement || el.contains(document.activeElement)),
    await locator.elementHandle(),
  );
}

/**
 * Presses Tab (or Shift+Tab) until the target has the focus, checking on the way that each element the focus
 * lands on shows it.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  await target.waitFor({ state: 'visible' });
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    path.push((await expectVisibleFocus(page)).name);
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab never reached the target; the focus went through: ${path.join(' → ')}`);
}

/** Opens a top-bar popup from its button with `key`, moves in it with the arrows, closes it with Escape. */
async function openAndEscape(page: Page, trigger: Locator, menu: Locator, key: string): Promise<void> {
  await page.keyboard.press(key);
  await shown(menu);
  await expect.poll(() => isFocused(menu)).toBe(true);
  await expectVisibleFocus(page);
  const first = (await focused(page))?.name;
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await focused(page))?.name).not.toBe(first);
  await expect.poll(() => isFocused(menu)).toBe(true);
  await expectVisibleFocus(page);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  await waitForFocus(page, trigger);
  await expectVisibleFocus(page);
}

/** A lot open for bidding (a different one per case). */
async function openLot(page: Page, index: number): Promise<{ auctionId: string; domain: string }> {
  const found = await api<{ items: { auctionId: string; domain: string; status: string }[] }>(
    page,
    'GET',
    '/auctions?pageSize=20',
  );
  const lots = found.data.items.filter((lot) => lot.status === 'bidding');
  const lot = lots[index];
  if (!lot) throw new Error('no lot open for bidding');
  return lot;
}

async function topBarMenus(page: Page, t: T, lang: Lang) {
  const banner = page.getByRole('banner');
  const nav = banner.getByRole('navigation', { name: t('shell:topBar.mainNav') });
  // The navigation groups: ArrowDown opens the first, Enter the second; each on its first item.
  for (const [group, key] of [
    ['bidding', 'ArrowDown'],
    ['management', 'Enter'],
  ] as const) {
    const title = t(`shell:nav.${group}.title`);
    const trigger = nav.getByRole('button', { name: exact(title) });
    await tabTo(page, trigger);
    await openAndEscape(page, trigger, page.getByRole('menu', { name: title }), key);
  }
  // The account menu with Enter; then Shift+Tab back to the language selector, opened with Space (its menu
  // starts on the current language).
  const language = banner.getByRole('button', {
    name: exact(t('shell:topBar.changeLanguage', { language: t(`common:language.${lang}`) })),
  });
  const account = banner.getByRole('button', { name: exact(t('shell:account.menu', { name: DEMO_BUYER.nickname })) });
  await tabTo(page, account);
  await openAndEscape(
    page,
    account,
    page.getByRole('menu', { name: t('shell:account.menu', { name: DEMO_BUYER.nickname }) }),
    'Enter',
  );
  await tabTo(page, language, { back: true });
  await openAndEscape(page, language, page.getByRole('menu'), ' ');
}

async function bidFromTheKeyboard(page: Page, t: T, lot: { auctionId: string; domain: string }) {
  const main = page.getByRole('main');
  const amount = main.getByRole('textbox', { name: exact(t('auctions:bid.amount')) });
  await tabTo(page, amount);
  // The form starts at the lowest bid allowed: type it again (a dollar amount, as a person would).
  const lowest = await amount.inputValue();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(lowest);
  expect(await amount.inputValue()).toBe(lowest);
  const submit = main.getByRole('button', { name: exact(t('auctions:bid.submit')) });
  await tabTo(page, submit);

  // Enter opens the confirmation with the focus inside; Escape closes it and the focus is back on the button.
  const dialog = page.getByRole('dialog', { name: t('auctions:bid.confirmTitle', { domain: lot.domain }) });
  await page.keyboard.press('Enter');
  await shown(dialog);
  await expect.poll(() => isFocused(dialog)).toBe(true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await waitForFocus(page, submit);
  await expectVisibleFocus(page);

  // Space opens it again; Tab to 'Confirm bid' and Enter places the bid.
  await page.keyboard.press(' ');
  await shown(dialog);
  await tabTo(page, dialog.getByRole('button', { name: exact(t('auctions:bid.confirm')) }));
  const [placed] = await Promise.all([
    page.waitForResponse(isApi(`/auctions/${lot.auctionId}/bids`)),
    page.keyboard.press('Enter'),
  ]);
  expect(placed.status()).toBe(200);
  await dialog.waitFor({ state: 'hidden' });
  // The lot now shows where the buyer stands (a seeded bidder's higher maximum may outbid them at once).
  const standing = new RegExp(
    `^(${escapeRegExp(t('auctions:standing.leading'))}|${escapeRegExp(t('auctions:standing.outbid'))})$`,
  );
  await shown(main.getByText(standing).first());
}

describe('the keyboard alone: top-bar menus, the bid form and its confirmation', () => {
  const browser = useBrowser();

  // Desktop only (the hover menus of the top bar): one case per language.
  for (const [index, c] of CASES.filter((x) => !x.phone).entries()) {
    it(`opens the menus, bids and confirms without a mouse (${c.label})`, async () => {
      const t = texts(c.lang);
      await withPage(browser(), c, async (page) => {
        await goto(page, '/account/login');
        expect((await submitSignIn(page, t, DEMO_BUYER.email, DEMO_BUYER.password)).status()).toBe(200);
        await page.waitForURL((url) => url.pathname === '/');
        await completeContactInfo(page, 'Demo');
        const lot = await openLot(page, index);

        // A fresh document: the focus starts at the top of the page.
        await goto(page, `/sale/${lot.auctionId}`);
        await shown(page.getByRole('main').getByText(lot.domain).first());
        await topBarMenus(page, t, c.lang);
        await bidFromTheKeyboard(page, t, lot);
      });
    });
  }
});
