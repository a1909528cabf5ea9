import type { AdminAnnouncement } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setUserTimeZone } from '../../../lib/render-env.ts';
import {
  fail,
  fillIn,
  http,
  locationOf,
  ok,
  renderWithProviders,
  requestsTo,
  server,
} from '../../../lib/testing/index.ts';
import { AnnouncementsPage } from './announcements-page.tsx';

const LIST = '/api/admin/announcements';

afterEach(() => setUserTimeZone(null));

const DRAFT: AdminAnnouncement = {
  id: '7',
  slug: 'card-fee-change',
  titleZh: '银行卡充值手续费调整',
  titleEn: 'Card top-up fee change',
  summaryZh: '',
  summaryEn: 'Card top-ups cost 2.5% from December.',
  bodyZh: '## 变化\n\n手续费为 2.5%。',
  bodyEn: '## What changes\n\nThe fee becomes **2.5%**.',
  status: 'draft',
  publishAt: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  updatedBy: 'NB100001',
};
const PUBLISHED: AdminAnnouncement = {
  ...DRAFT,
  id: '8',
  slug: 'lunar-new-year',
  titleEn: 'Lunar New Year schedule',
  titleZh: '春节服务安排',
  status: 'published',
  publishAt: '2026-11-21T08:00:00.000Z',
};

function renderPage(path = '/admin/announcements') {
  return renderWithProviders(<AnnouncementsPage />, { path, route: 'admin/announcements' });
}

describe('announcements page', { timeout: 30_000 }, () => {
  it('lists announcements with their status and filters by status in the address', async () => {
    server.use(
      http.get(LIST, () => ok({ items: [DRAFT, PUBLISHED], total: 2, page: 1, pageSize: 20 })),
      http.get(`${LIST}/7`, () => ok(DRAFT)),
    );
    const { user, router } = renderPage();
    const draftRow = (await screen.findByText('Card top-up fee change')).closest('li') as HTMLElement;
    expect(within(draftRow).getByText('Draft')).toBeTruthy();
    const liveRow = screen.getByText('Lunar New Year schedule').closest('li') as HTMLElement;
    expect(within(liveRow).getByText('Published')).toBeTruthy();
    expect(within(liveRow).getByRole('link', { name: '/help-center/blog/lunar-new-year' })).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Scheduled' }));
    await waitFor(() => expect(locationOf(router)).toBe('/admin/announcements?status=scheduled'));
    await user.click(within(draftRow).getByRole('button', { name: 'Edit “Card top-up fee change”' }));
    // The filters stay in the address for the way back.
    await waitFor(() => expect(locationOf(router)).toBe('/admin/announcements?status=scheduled&edit=7'));
    expect(await screen.findByRole('form', { name: 'Edit announcement' })).toBeTruthy();
  });

  it('writes a new announcement in both languages with a live Markdown preview, then saves a draft', async () => {
    server.use(
      http.get(LIST, () => ok({ items: [], total: 0, page: 1, pageSize: 20 })),
      http.post(LIST, () => ok({ ...DRAFT, id: '9', slug: 'maintenance-on-friday' })),
      http.get(`${LIST}/9`, () => ok({ ...DRAFT, id: '9', slug: 'maintenance-on-friday' })),
    );
    const { user, router } = renderPage('/admin/announcements?edit=new');
    const editor = await screen.findByRole('form', { name: 'New announcement' });

    // Saving empty: the errors show, in the English tab first opened (the UI language).
    await user.click(within(editor).getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(
        within(editor)
          .getByRole('textbox', { name: /^Title \(English\)/ })
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(within(editor).getByRole('tab', { name: 'Chinese (needs attention)' })).toBeTruthy();
    expect(requestsTo('POST', LIST)).toHaveLength(0);

    await fillIn(user, within(editor).getByRole('textbox', { name: /^Title \(English\)/ }), 'Maintenance on Friday');
    await fillIn(
      user,
      within(editor).getByRole('textbox', { name: /^Text \(English/ }),
      '## What it affects\n\nNothing.',
    );
    expect(within(editor).getByText(/use the English title: maintenance-on-friday/)).toBeTruthy();
    // A narrow screen (as here) switches between writing and the preview.
    expect(within(editor).queryByRole('region', { name: 'Preview' })).toBeNull();
    await user.click(within(editor).getByRole('button', { name: 'Preview' }));
    const preview = within(editor).getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'What it affects' })).toBeTruthy();
    expect(within(preview).getByText('Maintenance on Friday')).toBeTruthy();
    await user.click(within(editor).getByRole('button', { name: 'Write' }));

    await user.click(within(editor).getByRole('tab', { name: 'Chinese (needs attention)' }));
    await fillIn(user, within(editor).getByRole('textbox', { name: /^Title \(Chinese\)/ }), '周五系统维护');
    await fillIn(user, within(editor).getByRole('textbox', { name: /^Text \(Chinese/ }), '拍卖照常结束。');
    await user.click(within(editor).getByRole('button', { name: 'Preview' }));
    expect(within(within(editor).getByRole('region', { name: 'Preview' })).getByText('拍卖照常结束。')).toBeTruthy();

    await user.click(within(editor).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(requestsTo('POST', LIST)).toHaveLength(1));
    expect(await (requestsTo('POST', LIST)[0] as Request).json()).toEqual({
      slug: '',
      titleZh: '周五系统维护',
      titleEn: 'Maintenance on Friday',
      summaryZh: '',
      summaryEn: '',
      bodyZh: '拍卖照常结束。',
      bodyEn: '## What it affects\n\nNothing.',
    });
    await waitFor(() => expect(locationOf(router)).toBe('/admin/announcements?edit=9'));
  });

  it('shows a slug another announcement uses under the slug field', async () => {
    server.use(
      http.get(LIST, () => ok({ items: [], total: 0, page: 1, pageSize: 20 })),
      http.get(`${LIST}/7`, () => ok(DRAFT)),
      http.post(`${LIST}/7`, () => fail('Announcement.SlugTaken')),
    );
    const { user } = renderPage('/admin/announcements?edit=7');
    const editor = await screen.findByRole('form', { name: 'Edit announcement' });
    await fillIn(user, within(editor).getByRole('textbox', { name: 'Address (slug)' }), 'lunar-new-year');
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(within(editor).getByText('Another announcement already uses this address')).toBeTruthy(),
    );
  });

  it('publishes a draft now, schedules it, and withdraws a published one after asking', async () => {
    let current: AdminAnnouncement = DRAFT;
    server.use(
      http.get(LIST, () => ok({ items: [current], total: 1, page: 1, pageSize: 20 })),
      http.get(`${LIST}/7`, () => ok(current)),
      http.post(`${LIST}/7/publish`, async ({ request }) => {
        const body = (await request.json()) as { publishAt?: string };
        current = body.publishAt
          ? { ...current, status: 'scheduled', publishAt: body.publishAt }
          : { ...current, status: 'published', publishAt: '2026-11-27T10:00:00.000Z' };
        return ok(current);
      }),
      http.post(`${LIST}/7/withdraw`, () => {
        current = { ...current, status: 'withdrawn' };
        return ok(current);
      }),
    );
    const { user } = renderPage('/admin/announcements?edit=7');
    const panel = await screen.findByTestId('announcement-publish');
    expect(within(panel).getByText('Draft')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Withdraw' })).toBeNull();

    // A time in the future schedules it.
    const later = new Date(Date.now() + 3 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}T10:30`;
    await fillIn(user, within(panel).getByLabelText('Publish at (your time)'), local);
    await user.click(within(panel).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(within(screen.getByTestId('announcement-publish')).getByText('Scheduled')).toBeTruthy());
    expect(await (requestsTo('POST', `${LIST}/7/publish`)[0] as Request).json()).toEqual({
      publishAt: new Date(local).toISOString(),
    });

    await user.click(within(screen.getByTestId('announcement-publish')).getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(within(screen.getByTestId('announcement-publish')).getByText('Published')).toBeTruthy());
    expect(await (requestsTo('POST', `${LIST}/7/publish`)[1] as Request).json()).toEqual({});

    await user.click(within(screen.getByTestId('announcement-publish')).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this announcement?' });
    expect(within(dialog).getByText(/“Card top-up fee change” leaves the help centre/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(within(screen.getByTestId('announcement-publish')).getByText('Withdrawn')).toBeTruthy());
    expect(requestsTo('POST', `${LIST}/7/withdraw`)).toHaveLength(1);
  });

  it('reads the publishing time in the time zone of the operator’s settings, as it shows times', async () => {
    setUserTimeZone('America/New_York');
    let current: AdminAnnouncement = DRAFT;
    server.use(
      http.get(LIST, () => ok({ items: [current], total: 1, page: 1, pageSize: 20 })),
      http.get(`${LIST}/7`, () => ok(current)),
      http.post(`${LIST}/7/publish`, async ({ request }) => {
        const body = (await request.json()) as { publishAt?: string };
        current = { ...current, status: 'scheduled', publishAt: body.publishAt ?? null };
        return ok(current);
      }),
    );
    const { user } = renderPage('/admin/announcements?edit=7');
    const panel = await screen.findByTestId('announcement-publish');
    await fillIn(user, within(panel).getByLabelText('Publish at (your time)'), '2030-01-15T10:30');
    await user.click(within(panel).getByRole('button', { name: 'Schedule' }));
    // 10:30 in New York in January is 15:30 UTC, whatever zone the browser is in.
    await waitFor(() => expect(requestsTo('POST', `${LIST}/7/publish`)).toHaveLength(1));
    expect(await (requestsTo('POST', `${LIST}/7/publish`)[0] as Request).json()).toEqual({
      publishAt: '2030-01-15T15:30:00.000Z',
    });
    const after = await screen.findByTestId('announcement-publish');
    await waitFor(() => expect(within(after).getByText('Scheduled')).toBeTruthy());
    expect((within(after).getByLabelText('Publish at (your time)') as HTMLInputElement).value).toBe('2030-01-15T10:30');
  });
});
