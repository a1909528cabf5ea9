import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goto, horizontalOverflow } from './browser.ts';
import {
  CASES,
  type Case,
  exact,
  htmlLang,
  pageShot,
  pathOf,
  shown,
  texts,
  useBrowser,
  viewportShot,
  visibleText,
  waitForPath,
  withPage,
} from './journey.ts';

/** The five navigation items of spec §2, in their two groups. */
const NAV = [
  {
    title: 'shell:nav.bidding.title',
    items: [
      { label: 'shell:nav.bidding.sale', to: '/sale' },
      { label: 'shell:nav.bidding.myBids', to: '/console/auction/list' },
      { label: 'shell:nav.bidding.won', to: '/console/auction/win' },
    ],
  },
  {
    title: 'shell:nav.management.title',
    items: [
      { label: 'shell:nav.management.myDomains', to: '/console/domain/list' },
      { label: 'shell:nav.management.transferOut', to: '/console/domain/transfer-out' },
    ],
  },
] as const;

const FOOTER_COLUMNS = [
  {
    title: 'shell:footer.about.title',
    links: [
      { label: 'shell:footer.about.aboutUs', to: '/about-us' },
      { label: 'shell:footer.about.serviceAgreement', to: '/help-center/docs/agreement/service%20agreement' },
      { label: 'shell:footer.about.privacy', to: '/help-center/docs/agreement/privacy' },
      { label: 'shell:footer.about.terms', to: '/help-center/docs/agreement/terms' },
    ],
  },
  {
    title: 'shell:footer.help.title',
    links: [
      { label: 'shell:footer.help.helpCentre', to: '/help-center/' },
      { label: 'shell:footer.help.introduction', to: '/help-center/docs/intro/' },
      { label: 'shell:footer.help.faq', to: '/help-center/docs/intro/zfaq/FAQ' },
      { label: 'shell:footer.help.announcements', to: '/help-center/blog' },
    ],
  },
  {
    title: 'shell:footer.contact.title',
    links: [
      { label: 'shell:footer.contact.contactUs', to: '/contact-us' },
      { label: 'service@namebourse.com', to: 'mailto:service@namebourse.com' },
      { label: 'business@namebourse.com', to: 'mailto:business@namebourse.com' },
    ],
  },
] as const;

type T = ReturnType<typeof texts>;

function tr(t: T, value: string): string {
  return value.includes(':') ? t(value as Parameters<T>[0]) : value;
}

async function checkTopBar(page: Page, c: Case, t: T) {
  const bar = await shown(page.getByRole('banner'));
  const box = await bar.boundingBox();
  expect(box?.height).toBe(68);
  expect(box?.y).toBe(0);

  const logo = await shown(bar.getByRole('link', { name: t('shell:topBar.home') }));
  expect(await logo.getAttribute('href')).toBe('/');

  await shown(
    bar.getByRole('button', { name: t('shell:topBar.changeLanguage', { language: t(`common:language.${c.lang}`) }) }),
  );

  const login = await shown(bar.getByRole('link', { name: exact(t('common:actions.login')) }));
  expect(await login.getAttribute('href')).toBe('/account/login?redirect=%2F');

  if (c.phone) {
    // Phones: the menu button replaces the navigation; help and sign-up live in the drawer.
    await shown(bar.getByRole('button', { name: t('shell:topBar.openMenu') }));
    expect(await bar.getByRole('navigation').count()).toBe(0);
    expect(await bar.getByRole('link', { name: exact(t('common:actions.register')) }).count()).toBe(0);
  } else {
    const register = await shown(bar.getByRole('link', { name: exact(t('common:actions.register')) }));
    expect(await register.getAttribute('href')).toBe('/account/register');
    const help = await shown(bar.getByRole('link', { name: t('shell:topBar.helpCentre') }));
    expect(await help.getAttribute('href')).toBe('/help-center/');
    expect(await visibleText(help)).toContain(t('shell:topBar.help'));
    expect(await bar.getByRole('button', { name: t('shell:topBar.openMenu') }).isVisible()).toBe(false);
  }
}

/** Desktop: each group opens on hover and lists its items, with where they lead. */
async function checkDesktopMenus(page: Page, c: Case, t: T) {
  const nav = await shown(page.getByRole('banner').getByRole('navigation', { name: t('shell:topBar.mainNav') }));
  for (const [index, group] of NAV.entries()) {
    const trigger = nav.getByRole('button', { name: exact(t(group.title)) });
    await trigger.hover();
    const menu = await shown(page.getByRole('menu', { name: t(group.title) }));
    const items = menu.getByRole('menuitem');
    expect(await items.count()).toBe(group.items.length);
    for (const [i, item] of group.items.entries()) {
      expect(await visibleText(items.nth(i))).toContain(t(item.label));
      expect(await items.nth(i).getAttribute('href')).toBe(item.to);
    }
    if (index === 0) await viewportShot(page, `home-menu-${c.label}`);
    await page.mouse.move(5, 400);
    await menu.waitFor({ state: 'hidden' });
  }

  // From the keyboard: ArrowDown opens the group on its first item, Enter follows it ('Domain bidding' → /sale).
  await nav.getByRole('button', { name: exact(t(NAV[0].title)) }).focus();
  await page.keyboard.press('ArrowDown');
  const first = page
    .getByRole('menu', { name: t(NAV[0].title) })
    .getByRole('menuitem')
    .first();
  await page.waitForFunction((el) => el === document.activeElement, await first.elementHandle());
  await page.keyboard.press('Enter');
  await waitForPath(page, '/sale');
}

/** Phone: the drawer holds both groups, the help link and the sign-in buttons. */
async function checkPhoneDrawer(page: Page, c: Case, t: T) {
  const openButton = page.getByRole('banner').getByRole('button', { name: t('shell:topBar.openMenu') });
  await openButton.click();
  const nav = await shown(page.getByRole('navigation', { name: t('shell:topBar.mainNav') }));
  const navText = await visibleText(nav);
  for (const group of NAV) {
    expect(navText).toContain(t(group.title));
    for (const item of group.items) {
      const link = nav.getByRole('link', { name: exact(t(item.label)) });
      expect(await link.getAttribute('href')).toBe(item.to);
    }
  }
  // Group order: bidding before management.
  expect(navText.indexOf(t(NAV[1].title))).toBeGreaterThan(navText.indexOf(t(NAV[0].items[2].label)));
  const help = await shown(page.getByRole('link', { name: exact(t('shell:topBar.helpCentre')) }));
  expect(await help.getAttribute('href')).toBe('/help-center/');
  const login = await shown(page.getByRole('link', { name: exact(t('common:actions.login')) }));
  expect(await login.getAttribute('href')).toBe('/account/login?redirect=%2F');
  const register = await shown(page.getByRole('link', { name: exact(t('common:actions.register')) }));
  expect(await register.getAttribute('href')).toBe('/account/register');
  await viewportShot(page, `home-drawer-${c.label}`);

  // The close button closes it.
  await page.getByRole('button', { name: t('shell:topBar.closeMenu') }).click();
  await nav.waitFor({ state: 'hidden' });

  // Choosing an item closes the drawer and navigates.
  await openButton.click();
  await page
    .getByRole('navigation', { name: t('shell:topBar.mainNav') })
    .getByRole('link', { name: exact(t(NAV[0].items[0].label)) })
    .click();
  await waitForPath(page, '/sale');
  await page.getByRole('navigation', { name: t('shell:topBar.mainNav') }).waitFor({ state: 'hidden' });
}

async function checkFooter(page: Page, t: T) {
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  await shown(footer);
  await shown(footer.getByRole('link', { name: t('shell:topBar.home') }));
  for (const column of FOOTER_COLUMNS) {
    const section = await shown(footer.getByRole('region', { name: exact(t(column.title)) }));
    await shown(section.getByRole('heading', { name: exact(t(column.title)) }));
    for (const link of column.links) {
      const a = await shown(section.getByRole('link', { name: exact(tr(t, link.label)) }));
      expect(await a.getAttribute('href')).toBe(link.to);
    }
  }
  const contact = footer.getByRole('region', { name: exact(t('shell:footer.contact.title')) });
  const contactText = await visibleText(contact);
  expect(contactText).toContain(t('shell:footer.contact.serviceMailbox'));
  expect(contactText).toContain(t('shell:footer.contact.businessMailbox'));
  expect(contactText).toContain(t('shell:footer.contact.hours', { open: '9:30', close: '18:30' }));
  await shown(footer.getByRole('img', { name: t('shell:footer.card') }));
  await shown(footer.getByRole('img', { name: t('shell:footer.alipay') }));
  await shown(footer.getByText(t('shell:footer.paymentMethods')));
  await shown(footer.getByText(t('shell:footer.copyright', { year: 2025 })));
}

describe('shell: top bar, navigation and footer', () => {
  const browser = useBrowser();

  for (const c of CASES) {
    it(`home page shell (${c.label})`, async () => {
      const t = texts(c.lang);
      await withPage(browser(), c, async (page) => {
        await goto(page, '/');
        await shown(page.getByRole('heading', { level: 1, name: t('home:hero.titleStart') }));
        expect(await htmlLang(page)).toBe(c.lang);
        expect(await page.title()).toContain(t('home:meta.title'));

        await checkTopBar(page, c, t);
        await checkFooter(page, t);
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `home-${c.label}`);

        if (c.phone) await checkPhoneDrawer(page, c, t);
        else await checkDesktopMenus(page, c, t);

        // The logo leads home from anywhere.
        await page
          .getByRole('banner')
          .getByRole('link', { name: t('shell:topBar.home') })
          .click();
        await waitForPath(page, '/');
        await shown(page.getByRole('heading', { level: 1, name: t('home:hero.titleStart') }));
      });
    });

    it(`domain search opens /sale?keyword=…; footer links lead to their pages (${c.label})`, async () => {
      const t = texts(c.lang);
      const keyword = c.lang === 'zh-CN' ? '好域名' : 'cloud ai';
      await withPage(browser(), c, async (page) => {
        await goto(page, '/');
        const search = await shown(page.getByRole('search'));
        const box = search.getByRole('searchbox', { name: t('home:hero.searchLabel') });
        expect(await box.getAttribute('placeholder')).toBe(t('home:hero.searchPlaceholder'));
        await box.fill(`  ${keyword}  `);
        if (c.phone) await box.press('Enter');
        else await search.getByRole('button', { name: exact(t('home:hero.searchButton')) }).click();
        await page.waitForURL((url) => url.pathname === '/sale');
        const url = new URL(page.url());
        expect(url.searchParams.get('keyword')).toBe(keyword);
        expect([...url.searchParams.keys()]).toEqual(['keyword']);

        // Back home through the logo; an empty search opens the bidding page without a keyword.
        await page
          .getByRole('banner')
          .getByRole('link', { name: t('shell:topBar.home') })
          .click();
        await waitForPath(page, '/');
        // The address changes before the new page renders: wait until the /sale page (with a search box of its
        // own) has gone, then use the home hero's search.
        await page.getByTestId('sale-page').waitFor({ state: 'detached' });
        // A fresh home page for the empty search (right after the logo, a click can still reach the outgoing page).
        await goto(page, '/');
        await page
          .getByRole('search')
          .filter({ has: page.getByPlaceholder(t('home:hero.searchPlaceholder')) })
          .getByRole('button', { name: exact(t('home:hero.searchButton')) })
          .click();
        await page.waitForURL((url) => url.pathname === '/sale');
        expect(pathOf(page)).toBe('/sale');
        // The list and its total have loaded (the footer stops moving) before the footer is used. Not 'networkidle':
        // after a search the page may start FingerprintJS and popup chunks on the first interaction, which kept the
        // network busy past the wait now and then.
        await shown(page.getByTestId('sale-row').first());
        await page.waitForFunction(() =>
          Boolean(document.querySelector('[data-testid="sale-total"]')?.textContent?.trim()),
        );

        // Footer links lead to their pages (the service agreement's address has an encoded space).
        const footer = page.getByRole('contentinfo');
        await footer.getByRole('link', { name: exact(t('shell:footer.about.serviceAgreement')) }).click();
        await waitForPath(page, '/help-center/docs/agreement/service%20agreement');
        await shown(page.getByRole('heading', { level: 1, name: t('support:nav.serviceAgreement') }));
        await page
          .getByRole('contentinfo')
          .getByRole('link', { name: exact(t('shell:footer.contact.contactUs')) })
          .click();
        await waitForPath(page, '/contact-us');
        await shown(page.getByRole('heading', { level: 1, name: t('support:contact.title') }));
      });
    });
  }
});
