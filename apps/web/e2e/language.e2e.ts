import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appStarted, baseUrl, goto, type Lang, WIDTHS } from './browser.ts';
import { exact, htmlLang, type Namespace, pathOf, shown, text, useBrowser, viewportShot, withPage } from './journey.ts';

/** Where i18next caches the detected or chosen language (spec §9). */
const STORAGE_KEY = 'i18nextLng';

function storedLanguage(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEY);
}

/** The help-centre home shows its heading and the top bar's sign-in button in `lang`. */
async function expectLanguage(page: Page, lang: Lang): Promise<void> {
  const t = (ref: `${Namespace}:${string}`) => text(lang, ref);
  await shown(page.getByRole('heading', { level: 1, name: t('support:center.title') }));
  await shown(page.getByRole('banner').getByRole('link', { name: exact(t('common:actions.login')) }));
  await shown(
    page.getByRole('banner').getByRole('button', {
      name: text(lang, 'shell:topBar.changeLanguage', { language: t(`common:language.${lang}`) }),
    }),
  );
  expect(await htmlLang(page)).toBe(lang);
}

/** Opens the selector in the top bar and picks `target`; the page reloads in that language. */
async function switchTo(page: Page, from: Lang, target: Lang, screenshotName?: string): Promise<void> {
  const selector = page.getByRole('banner').getByRole('button', {
    name: text(from, 'shell:topBar.changeLanguage', { language: text(from, `common:language.${from}`) }),
  });
  await selector.click();
  const menu = await shown(page.getByRole('menu'));
  const items = menu.getByRole('menuitem');
  expect(await items.allInnerTexts()).toEqual(['中文', 'English']);
  expect(
    await menu.getByRole('menuitem', { name: text(from, `common:language.${from}`) }).getAttribute('class'),
  ).toContain('Mui-selected');
  if (screenshotName) await viewportShot(page, screenshotName);
  // A marker on the window: it disappears only if the page really reloads.
  await page.evaluate(() => {
    (window as unknown as { __beforeSwitch?: boolean }).__beforeSwitch = true;
  });
  await Promise.all([
    page.waitForEvent('load'),
    menu.getByRole('menuitem', { name: text(target, `common:language.${target}`) }).click(),
  ]);
  await appStarted(page);
  await expectLanguage(page, target);
  expect(await page.evaluate(() => (window as unknown as { __beforeSwitch?: boolean }).__beforeSwitch)).toBeUndefined();
}

describe('language: detection, switching and persistence', () => {
  const browser = useBrowser();

  for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
    it(`a Chinese browser gets Chinese; switching reloads in English and persists (${width})`, async () => {
      await withPage(browser(), { lang: 'zh-CN', width }, async (page) => {
        await goto(page, '/help-center/');
        await expectLanguage(page, 'zh-CN');
        expect(await storedLanguage(page)).toBe('zh-CN');

        await switchTo(page, 'zh-CN', 'en-US', `language-menu-zh-CN-${width}`);
        expect(pathOf(page)).toBe('/help-center/');
        expect(await storedLanguage(page)).toBe('en-US');

        // The choice survives a new visit in the same browser, even though the browser prefers Chinese.
        const again = await page.context().newPage();
        await goto(again, '/help-center/');
        await expectLanguage(again, 'en-US');
        await again.close();

        // And back again.
        await switchTo(page, 'en-US', 'zh-CN', `language-menu-en-US-${width}`);
        expect(await storedLanguage(page)).toBe('zh-CN');
        await page.reload({ waitUntil: 'networkidle' });
        await appStarted(page);
        await expectLanguage(page, 'zh-CN');
      });
    });
  }

  it('an English browser gets English', async () => {
    await withPage(browser(), { lang: 'en-US', width: WIDTHS.desktop }, async (page) => {
      await goto(page, '/help-center/');
      await expectLanguage(page, 'en-US');
      expect(await storedLanguage(page)).toBe('en-US');
    });
  });

  it('?lng=en-US wins over a Chinese browser, is remembered, and is dropped when switching', async () => {
    await withPage(browser(), { lang: 'zh-CN', width: WIDTHS.phone }, async (page) => {
      await goto(page, '/help-center/?lng=en-US');
      await expectLanguage(page, 'en-US');
      expect(await storedLanguage(page)).toBe('en-US');

      await goto(page, '/help-center/');
      await expectLanguage(page, 'en-US');

      await goto(page, '/help-center/?lng=en-US');
      await switchTo(page, 'en-US', 'zh-CN');
      // The query parameter would override the choice after the reload, so the switch removes it.
      expect(pathOf(page)).toBe('/help-center/');
      expect(await storedLanguage(page)).toBe('zh-CN');
    });
  });

  it('?lng=zh-CN wins over an English browser', async () => {
    await withPage(browser(), { lang: 'en-US', width: WIDTHS.desktop }, async (page) => {
      await goto(page, '/help-center/?lng=zh-CN');
      await expectLanguage(page, 'zh-CN');
    });
  });

  it('other languages map to the two offered: zh-* → zh-CN, anything else → en-US', async () => {
    for (const [locale, expected] of [
      ['zh-TW', 'zh-CN'],
      ['fr-FR', 'en-US'],
    ] as const) {
      const context = await browser().newContext({ locale, viewport: { width: WIDTHS.desktop, height: 900 } });
      try {
        const page = await context.newPage();
        await page.goto(`${baseUrl()}/help-center/`, { waitUntil: 'networkidle' });
        await expectLanguage(page, expected);
      } finally {
        await context.close();
      }
    }
    await withPage(browser(), { lang: 'en-US', width: WIDTHS.desktop }, async (page) => {
      await goto(page, '/help-center/?lng=zh-HK');
      await expectLanguage(page, 'zh-CN');
    });
  });
});
