import type { Announcement, AnnouncementSummary } from '@namebourse/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, HttpResponse, http, ok, renderWithProviders, server } from '../../../lib/testing/index.ts';
import { BlogListPage } from './blog-list-page.tsx';
import { BlogPostPage } from './blog-post-page.tsx';

const SUMMARY: AnnouncementSummary = {
  slug: 'card-fee-change',
  titleZh: '银行卡充值手续费调整',
  titleEn: 'Card top-up fee change',
  summaryZh: '自 12 月起，银行卡充值手续费为 2.5%。',
  summaryEn: 'From December, card top-ups cost 2.5%.',
  publishedAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};

const ANNOUNCEMENT: Announcement = {
  ...SUMMARY,
  bodyZh: '## 变化\n\n手续费为 **2.5%**。',
  bodyEn: [
    '## What changes',
    '',
    'The fee becomes **2.5%**.',
    '',
    '<script>window.hacked = true</script><b>raw html</b>',
    '',
    '[harmless-looking link](javascript:alert(1)) and [the fees](/help-center/docs/intro/)',
  ].join('\n'),
};

function answerList(items: AnnouncementSummary[]) {
  server.use(http.get('/api/announcements', () => ok({ items, total: items.length, page: 1, pageSize: 100 })));
}

function answerPost(slug: string, announcement: Announcement | null) {
  server.use(
    http.get(`/api/announcements/${slug}`, () => (announcement ? ok(announcement) : fail('Announcement.NotFound'))),
  );
}

const renderPost = (slug: string, locale: 'en-US' | 'zh-CN' = 'en-US') =>
  renderWithProviders(<BlogPostPage />, {
    path: `/help-center/blog/${slug}`,
    route: '/help-center/blog/:slug',
    locale,
  });

describe('the help-centre blog with operators’ announcements', { timeout: 30_000 }, () => {
  it('lists published announcements among the bundled posts, newest first, each linking to its page', async () => {
    answerList([SUMMARY]);
    renderWithProviders(<BlogListPage />, { path: '/help-center/blog' });
    await screen.findByRole('heading', { level: 2, name: 'Card top-up fee change' });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    // Published 20 November 2026: newer than every bundled post; the bundled posts follow.
    expect(titles[0]).toBe('Card top-up fee change');
    expect(titles).toContain('Lunar New Year 2026 service schedule');
    expect(screen.getByText('From December, card top-ups cost 2.5%.')).toBeTruthy();
    const card = screen.getByRole('link', { name: /Card top-up fee change/ });
    expect(card.getAttribute('href')).toBe('/help-center/blog/card-fee-change');
  });

  it('still shows the bundled posts when the announcements cannot be read', async () => {
    server.use(http.get('/api/announcements', () => HttpResponse.error()));
    renderWithProviders(<BlogListPage />, { path: '/help-center/blog' });
    expect(await screen.findByRole('heading', { name: 'Lunar New Year 2026 service schedule' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Card top-up fee change' })).toBeNull();
  });

  it('renders an announcement’s Markdown in the page language, without raw HTML or script links', async () => {
    answerList([SUMMARY]);
    answerPost('card-fee-change', ANNOUNCEMENT);
    const { container } = renderPost('card-fee-change');
    expect(await screen.findByRole('heading', { level: 1, name: 'Card top-up fee change' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'What changes' })).toBeTruthy();
    expect(screen.getByText('2.5%', { selector: 'strong' })).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    const link = screen.getByText('harmless-looking link');
    expect(link.closest('a')?.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    expect(screen.getByRole('link', { name: 'the fees' }).getAttribute('href')).toBe('/help-center/docs/intro/');
    await waitFor(() => expect(document.title).toBe('Card top-up fee change - NameBourse'));
  });

  it('shows it in Chinese on the Chinese site', async () => {
    answerList([SUMMARY]);
    answerPost('card-fee-change', ANNOUNCEMENT);
    renderPost('card-fee-change', 'zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '银行卡充值手续费调整' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '变化' })).toBeTruthy();
  });

  it('shows the 404 page for an announcement that is not published', async () => {
    answerList([]);
    answerPost('withdrawn-one', null);
    renderPost('withdrawn-one');
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });

  it('keeps a bundled post at its address without asking the API for it', async () => {
    answerList([]);
    renderPost('lunar-new-year-2026');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lunar New Year 2026 service schedule' })).toBeTruthy();
  });
});
