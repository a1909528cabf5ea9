import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, goto, horizontalOverflow } from './browser.ts';
import {
  CASES,
  exact,
  htmlLang,
  pageShot,
  shown,
  texts,
  useBrowser,
  visibleText,
  waitForPath,
  withPage,
} from './journey.ts';

type T = ReturnType<typeof texts>;

/** The spec §2 404 page: a large 404, the title and detail, the three-item checklist, 'back home'. */
async function expectNotFoundPage(page: Page, t: T): Promise<void> {
  const main = page.getByRole('main');
  await shown(main.getByRole('heading', { level: 1, name: t('shell:errors.notFound.title') }));
  await shown(main.getByText(t('shell:errors.notFound.code'), { exact: true }));
  await shown(main.getByText(t('shell:errors.notFound.detail')));
  const checklist = await shown(main.getByRole('region', { name: t('shell:errors.notFound.checklistTitle') }));
  const items = checklist.getByRole('listitem');
  expect(await items.count()).toBe(3);
  expect(await visibleText(items.nth(0))).toContain(t('shell:errors.notFound.checkAddress'));
  expect(await visibleText(items.nth(1))).toContain(t('shell:errors.notFound.explore'));
  expect(await visibleText(items.nth(2))).toContain(t('shell:errors.notFound.search'));
  expect(await checklist.getByRole('link', { name: t('shell:errors.notFound.exploreLink') }).getAttribute('href')).toBe(
    '/sale',
  );
  expect(await checklist.getByRole('link', { name: t('shell:errors.notFound.searchLink') }).getAttribute('href')).toBe(
    '/',
  );
  await shown(main.getByRole('link', { name: exact(t('common:actions.backHome')) }));
}

describe('error pages and guarded routes', () => {
  const browser = useBrowser();

  for (const c of CASES) {
    it(`an unknown address shows the 404 page; 'back home' goes to / (${c.label})`, async () => {
      const t = texts(c.lang);
      await withPage(browser(), c, async (page) => {
        await goto(page, '/no/such/page');
        await expectNotFoundPage(page, t);
        expect(await htmlLang(page)).toBe(c.lang);
        // Inside the normal shell: top bar and the full footer.
        await shown(page.getByRole('banner'));
        await shown(page.getByRole('contentinfo').getByText(t('shell:footer.copyright', { year: 2025 })));
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `404-${c.label}`);

        await page
          .getByRole('main')
          .getByRole('link', { name: exact(t('common:actions.backHome')) })
          .click();
        await waitForPath(page, '/');
        await shown(page.getByRole('heading', { level: 1, name: t('home:hero.titleStart') }));
      });
    });

    it(`a console page while signed out goes to sign-in with a redirect; short footer there (${c.label})`, async () => {
      const t = texts(c.lang);
      await withPage(browser(), c, async (page) => {
        await goto(page, '/console/auction/list');
        await waitForPath(page, '/account/login?redirect=%2Fconsole%2Fauction%2Flist');

        // The sign-in page, framed by the short footer.
        await shown(page.getByRole('heading', { name: exact(t('account:login.title')) }));
        await shown(page.getByRole('form', { name: t('account:login.title') }));
        const footer = await shown(page.getByRole('contentinfo'));
        const year = new Date().getFullYear();
        expect((await visibleText(footer)).trim()).toBe(t('shell:footer.copyright', { year }));
        expect(await footer.getByRole('link').count()).toBe(0);
        expect(await footer.getByRole('heading').count()).toBe(0);
        // The top bar's sign-in link does not carry a redirect to an /account page.
        const login = page.getByRole('banner').getByRole('link', { name: exact(t('common:actions.login')) });
        expect(await login.getAttribute('href')).toBe('/account/login');
        await pageShot(page, `login-${c.label}`);
      });
    });
  }

  it('every short-footer page uses the current year; other /account pages use the full footer', async () => {
    const t = texts('zh-CN');
    const year = new Date().getFullYear();
    await withPage(browser(), { lang: 'zh-CN', width: 1440 }, async (page) => {
      for (const path of ['/account/register', '/account/verify', '/account/find-password/']) {
        await goto(page, path);
        const footer = await shown(page.getByRole('contentinfo'));
        expect((await visibleText(footer)).trim(), path).toBe(t('shell:footer.copyright', { year }));
      }
      await goto(page, '/account/other');
      await shown(page.getByRole('contentinfo').getByRole('heading', { name: t('shell:footer.about.title') }));
    });
  });

  it('the nav item "My bidding" on a phone leads to sign-in with the redirect back', async () => {
    const t = texts('en-US');
    await withPage(browser(), { lang: 'en-US', width: 390 }, async (page) => {
      await goto(page, '/?ref=test');
      await page
        .getByRole('banner')
        .getByRole('button', { name: t('shell:topBar.openMenu') })
        .click();
      await page
        .getByRole('navigation', { name: t('shell:topBar.mainNav') })
        .getByRole('link', { name: exact(t('shell:nav.bidding.myBids')) })
        .click();
      await waitForPath(page, '/account/login?redirect=%2Fconsole%2Fauction%2Flist');
    });
  });

  it('an unknown announcement is a 404 too', async () => {
    const t = texts('en-US');
    await withPage(browser(), { lang: 'en-US', width: 1440 }, async (page) => {
      await goto(page, '/help-center/blog/no-such-post');
      await expectNotFoundPage(page, t);
    });
  });

  it('an unknown /api path answers a JSON 404 Request.NotFound in the caller’s language', async () => {
    for (const [language, message] of [
      ['zh-CN,zh;q=0.9', '地址无效或不存在'],
      ['en-US,en;q=0.9', 'Invalid or non-existent URL'],
    ] as const) {
      const res = await fetch(`${baseUrl()}/api/no/such/endpoint`, { headers: { 'accept-language': language } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const body = (await res.json()) as { code: string; message: string; data: unknown; traceId: string };
      expect(body.code).toBe('Request.NotFound');
      expect(body.message).toBe(message);
      expect(body.data).toBeNull();
      expect(typeof body.traceId).toBe('string');
      expect(body.traceId.length).toBeGreaterThan(0);
    }
    // Also for other methods.
    const post = await fetch(`${baseUrl()}/api/no/such/endpoint`, { method: 'POST' });
    expect(post.status).toBe(404);
    expect(((await post.json()) as { code: string }).code).toBe('Request.NotFound');
    // A page address is the web app — rendered on the server, its 404 page with a 404 status (ADR 0016) — not
    // an API error.
    const pageRes = await fetch(`${baseUrl()}/no/such/page`);
    expect(pageRes.status).toBe(404);
    expect(pageRes.headers.get('content-type')).toMatch(/text\/html/);
  });
});
