import type { AnnouncementSummary } from '@namebourse/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, ok, queryOf, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { LatestAnnouncements } from './latest-announcements.tsx';

const ITEM: AnnouncementSummary = {
  slug: 'maintenance-on-friday',
  titleZh: '周五系统维护',
  titleEn: 'Maintenance on Friday',
  summaryZh: '',
  summaryEn: '',
  publishedAt: '2026-11-25T02:00:00.000Z',
  updatedAt: '2026-11-25T02:00:00.000Z',
};

const answer = (items: AnnouncementSummary[]) =>
  server.use(http.get('/api/announcements', () => ok({ items, total: items.length, page: 1, pageSize: 3 })));

describe('the home page’s latest announcements', { timeout: 20_000 }, () => {
  it('links each of the newest three to its page, in the page language, and to the blog', async () => {
    answer([ITEM]);
    renderWithProviders(<LatestAnnouncements />, { locale: 'zh-CN' });
    const link = await screen.findByRole('link', { name: '周五系统维护' });
    expect(link.getAttribute('href')).toBe('/help-center/blog/maintenance-on-friday');
    expect(screen.getByRole('heading', { name: '平台公告' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '全部公告' }).getAttribute('href')).toBe('/help-center/blog');
    expect(queryOf(requestsTo('GET', '/api/announcements')[0] as Request)).toMatchObject({ pageSize: '3' });
  });

  it('shows nothing while there is no announcement', async () => {
    answer([]);
    const { container } = renderWithProviders(<LatestAnnouncements />);
    await waitFor(() => expect(requestsTo('GET', '/api/announcements')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('[data-testid="home-announcements"]')).toBeNull();
  });
});
