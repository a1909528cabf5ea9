import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goto, horizontalOverflow, type Lang } from './browser.ts';
import {
  CASES,
  type Case,
  exact,
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

type T = ReturnType<typeof texts>;

const CONTENT = resolve(import.meta.dirname, '../src/features/support/content');

/** The `title:` of a help-centre Markdown file (what its page shows as the heading). */
function mdTitle(lang: Lang, file: string): string {
  const source = readFileSync(resolve(CONTENT, lang, `${file}.md`), 'utf8');
  const title = /^title:\s*(.+)$/m.exec(source)?.[1]?.trim();
  if (!title) throw new Error(`no title in ${lang}/${file}.md`);
  return title;
}

const BLOG_SLUG = 'namebourse-launch';

interface HelpPage {
  /** Screenshot name prefix. */
  name: string;
  path: string;
  heading: (lang: Lang, t: T) => string;
  /** Pages inside the help-centre layout have the sidebar (desktop) or the menu button (phone). */
  sidebar: boolean;
}

const PAGES: HelpPage[] = [
  { name: 'help-center', path: '/help-center/', heading: (_, t) => t('support:center.title'), sidebar: false },
  { name: 'help-intro', path: '/help-center/docs/intro/', heading: (lang) => mdTitle(lang, 'intro'), sidebar: true },
  {
    name: 'help-faq',
    path: '/help-center/docs/intro/zfaq/FAQ',
    heading: (lang) => mdTitle(lang, 'faq'),
    sidebar: true,
  },
  { name: 'help-blog', path: '/help-center/blog', heading: (_, t) => t('support:blog.title'), sidebar: true },
  {
    name: 'help-blog-post',
    path: `/help-center/blog/${BLOG_SLUG}`,
    heading: (lang) => mdTitle(lang, `blog-${BLOG_SLUG}`),
    sidebar: true,
  },
  {
    name: 'help-service-agreement',
    path: '/help-center/docs/agreement/service%20agreement',
    heading: (lang) => mdTitle(lang, 'service-agreement'),
    sidebar: true,
  },
  {
    name: 'help-privacy',
    path: '/help-center/docs/agreement/privacy',
    heading: (lang) => mdTitle(lang, 'privacy'),
    sidebar: true,
  },
  {
    name: 'help-terms',
    path: '/help-center/docs/agreement/terms',
    heading: (lang) => mdTitle(lang, 'terms'),
    sidebar: true,
  },
  { name: 'about-us', path: '/about-us', heading: (_, t) => t('support:about.heroTitle'), sidebar: false },
];

/** The sidebar entries in order: label key and where they lead. */
const SIDEBAR = [
  { key: 'home', to: '/help-center' },
  { key: 'intro', to: '/help-center/docs/intro/' },
  { key: 'faq', to: '/help-center/docs/intro/zfaq/FAQ' },
  { key: 'blog', to: '/help-center/blog' },
  { key: 'serviceAgreement', to: '/help-center/docs/agreement/service%20agreement' },
  { key: 'privacy', to: '/help-center/docs/agreement/privacy' },
  { key: 'terms', to: '/help-center/docs/agreement/terms' },
  { key: 'contact', to: '/contact-us' },
  { key: 'about', to: '/about-us' },
] as const;

function h1(page: Page, name: string) {
  return page.getByRole('main').getByRole('heading', { level: 1, name: exact(name) });
}

function sidebarNav(page: Page, t: T) {
  return page.getByRole('navigation', { name: t('support:nav.label') });
}

async function expectSidebar(page: Page, t: T, current: (typeof SIDEBAR)[number]['key']) {
  const nav = await shown(sidebarNav(page, t));
  const links = nav.getByRole('link');
  expect(await links.count()).toBe(SIDEBAR.length);
  for (const [i, entry] of SIDEBAR.entries()) {
    const link = links.nth(i);
    expect(await visibleText(link)).toBe(t(`support:nav.${entry.key}`));
    expect(await link.getAttribute('href')).toBe(entry.to);
    expect(await link.getAttribute('aria-current'), entry.key).toBe(entry.key === current ? 'page' : null);
  }
  const navText = await visibleText(nav);
  for (const section of ['guides', 'legal', 'more']) {
    expect(navText.toLowerCase()).toContain(t(`support:nav.sections.${section}`).toLowerCase());
  }
}

/** Opens the phone's help-centre menu and follows one of its links; the drawer closes. */
async function viaPhoneMenu(page: Page, t: T, key: (typeof SIDEBAR)[number]['key'], shot?: string) {
  expect(await sidebarNav(page, t).count()).toBe(0);
  await page.getByRole('button', { name: exact(t('support:nav.menu')) }).click();
  await expectSidebar(page, t, currentKey(pathOf(page)));
  if (shot) await viewportShot(page, shot);
  await sidebarNav(page, t)
    .getByRole('link', { name: exact(t(`support:nav.${key}`)) })
    .click();
  await sidebarNav(page, t).waitFor({ state: 'detached' });
}

function currentKey(path: string): (typeof SIDEBAR)[number]['key'] {
  const decoded = decodeURI(path.split('?')[0] ?? '').replace(/\/$/, '');
  if (decoded.startsWith('/help-center/blog')) return 'blog';
  const found = SIDEBAR.find((entry) => decodeURI(entry.to).replace(/\/$/, '') === decoded);
  if (!found) throw new Error(`no sidebar entry for ${path}`);
  return found.key;
}

async function followSidebar(page: Page, c: Case, t: T, key: (typeof SIDEBAR)[number]['key']) {
  if (c.phone) await viaPhoneMenu(page, t, key);
  else
    await sidebarNav(page, t)
      .getByRole('link', { name: exact(t(`support:nav.${key}`)) })
      .click();
}

describe('help centre, legal pages and about us', () => {
  const browser = useBrowser();

  for (const c of CASES) {
    it(`each page shows its heading (${c.label})`, async () => {
      const t = texts(c.lang);
      await withPage(browser(), c, async (page) => {
        for (const help of PAGES) {
          await goto(page, help.path);
          await shown(h1(page, help.heading(c.lang, t)));
          expect(await page.title(), help.path).not.toBe('');
          if (help.sidebar) {
            if (c.phone) {
              expect(await sidebarNav(page, t).count()).toBe(0);
              await shown(page.getByRole('button', { name: exact(t('support:nav.menu')) }));
            } else {
              await expectSidebar(page, t, currentKey(help.path));
            }
            // Breadcrumbs lead back to the help-centre home.
            const crumbs = page.getByRole('navigation', { name: t('support:nav.breadcrumb') });
            expect(await crumbs.getByRole('link', { name: exact(t('support:nav.title')) }).getAttribute('href')).toBe(
              '/help-center',
            );
          }
          expect(await horizontalOverflow(page), help.path).toBe(0);
          await pageShot(page, `${help.name}-${c.label}`);
        }
      });
    });

    it(`the sidebar (or its phone menu) moves between pages (${c.label})`, async () => {
      const t = texts(c.lang);
      await withPage(browser(), c, async (page) => {
        // From the help-centre home into the introduction.
        await goto(page, '/help-center/');
        await page
          .getByRole('main')
          .getByRole('link', { name: exact(t('support:center.readIntro')) })
          .click();
        await waitForPath(page, '/help-center/docs/intro/');
        await shown(h1(page, mdTitle(c.lang, 'intro')));

        if (c.phone) await viaPhoneMenu(page, t, 'faq', `help-menu-${c.label}`);
        else await followSidebar(page, c, t, 'faq');
        await waitForPath(page, '/help-center/docs/intro/zfaq/FAQ');
        await shown(h1(page, mdTitle(c.lang, 'faq')));
        if (!c.phone) await expectSidebar(page, t, 'faq');

        // A question opens its answer.
        const question = page.getByRole('main').getByRole('heading', { level: 3 }).first().getByRole('button');
        expect(await question.getAttribute('aria-expanded')).toBe('false');
        const controls = await question.getAttribute('aria-controls');
        await question.click();
        // Exactly one element carries the answer's id (the region the question controls).
        await shown(page.locator(`[id="${controls}"]`));
        expect(await question.getAttribute('aria-expanded')).toBe('true');

        await followSidebar(page, c, t, 'serviceAgreement');
        await waitForPath(page, '/help-center/docs/agreement/service%20agreement');
        await shown(h1(page, mdTitle(c.lang, 'service-agreement')));
        if (!c.phone) await expectSidebar(page, t, 'serviceAgreement');

        // Announcements: the list, then one article; the sidebar keeps 'Announcements' current.
        await followSidebar(page, c, t, 'blog');
        await waitForPath(page, '/help-center/blog');
        await shown(h1(page, t('support:blog.title')));
        const title = mdTitle(c.lang, `blog-${BLOG_SLUG}`);
        await page.getByRole('main').getByRole('link', { name: title }).first().click();
        await waitForPath(page, `/help-center/blog/${BLOG_SLUG}`);
        await shown(h1(page, title));
        if (!c.phone) await expectSidebar(page, t, 'blog');
        await page
          .getByRole('main')
          .getByRole('link', { name: exact(t('support:blog.back')) })
          .click();
        await waitForPath(page, '/help-center/blog');

        await followSidebar(page, c, t, 'about');
        await waitForPath(page, '/about-us');
        await shown(h1(page, t('support:about.heroTitle')));
      });
    });
  }

  it('a FAQ link with an anchor opens that answer', async () => {
    await withPage(browser(), { lang: 'en-US', width: 1440 }, async (page) => {
      await goto(page, '/help-center/docs/intro/zfaq/FAQ#deposit');
      await shown(h1(page, mdTitle('en-US', 'faq')));
      const question = page.locator('[id="deposit"]');
      await shown(question);
      await page.waitForFunction(() => document.getElementById('deposit')?.getAttribute('aria-expanded') === 'true');
      expect(await visibleText(question)).toContain('deposit');
    });
  });
});
