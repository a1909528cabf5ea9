import type { FeedImport } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, ok, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { FeedsPage } from './feeds-page.tsx';

const FEEDS = '/api/admin/feeds';

const DONE: FeedImport = {
  id: '7',
  fileName: 'partner-a.csv',
  source: 'upload',
  sha256: 'a'.repeat(64),
  status: 'done',
  scheduledAt: '2026-11-27T02:00:00.000Z',
  createdAt: '2026-11-27T01:00:00.000Z',
  finishedAt: '2026-11-27T02:00:05.000Z',
  createdBy: 'NB100001',
  report: {
    created: [{ line: 2, domain: 'alpha-feed.com', auctionId: '91' }],
    duplicates: [{ line: 3, domain: 'taken-feed.com', reason: 'open_lot' }],
    refused: [
      {
        line: 4,
        domain: 'ended-feed.com',
        field: 'endsAt',
        code: 'Request.Invalid',
        message: 'The end must be in the future',
      },
    ],
  },
};
const SCHEDULED: FeedImport = {
  ...DONE,
  id: '8',
  fileName: '20261128T0200_partner-b.csv',
  source: 'folder',
  status: 'scheduled',
  sha256: 'b'.repeat(64),
  finishedAt: null,
  createdBy: null,
  report: null,
};

function renderPage(items: FeedImport[] = [SCHEDULED, DONE]) {
  server.use(http.get(FEEDS, () => ok({ items, total: items.length, page: 1, pageSize: 20 })));
  return renderWithProviders(<FeedsPage />, { path: '/admin/feeds', route: 'admin/feeds' });
}

describe('lot feeds page', { timeout: 20_000 }, () => {
  it('lists the imports with their status, and shows a finished one’s report', async () => {
    const { user } = renderPage();
    const items = await screen.findAllByTestId('feed-item');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('Scheduled')).toBeTruthy();
    expect(items[0]?.textContent).toContain('Partner folder');
    expect(items[1]?.textContent).toContain('1 created · 1 duplicates · 1 refused');
    await user.click(screen.getByRole('button', { name: 'Report: partner-a.csv' }));
    const report = await screen.findByRole('dialog', { name: 'Import report: partner-a.csv' });
    expect(report.textContent).toContain('alpha-feed.com');
    expect(report.textContent).toContain('Already in an open lot');
    expect(report.textContent).toContain('The end must be in the future (Request.Invalid)');
  });

  it('uploads a file for a set time and cancels a scheduled import', async () => {
    let uploaded: FormData | undefined;
    server.use(
      http.post(FEEDS, async ({ request }) => {
        uploaded = await request.formData();
        return ok({ ...SCHEDULED, id: '9', fileName: 'new.csv', source: 'upload', createdBy: 'NB100001' });
      }),
      http.post(`${FEEDS}/8/cancel`, () => ok({ ...SCHEDULED, status: 'cancelled' })),
    );
    const { user } = renderPage();
    await screen.findAllByTestId('feed-item');
    // Nothing chosen: asked for a file first.
    await user.click(screen.getByRole('button', { name: 'Schedule import' }));
    expect(await screen.findByText('Choose a CSV file first')).toBeTruthy();
    const file = new File(['domain,type\n'], 'new.csv', { type: 'text/csv' });
    await user.upload(screen.getByTestId('feed-file-input'), file);
    await user.type(screen.getByLabelText('Import at'), '2026-12-01T09:30');
    await user.click(screen.getByRole('button', { name: 'Schedule import' }));
    await waitFor(() => expect(requestsTo('POST', FEEDS)).toHaveLength(1));
    const sent = uploaded?.get('file') as Blob | null | undefined;
    expect(await sent?.text()).toBe('domain,type\n');
    expect(uploaded?.get('scheduledAt')).toBe(new Date('2026-12-01T09:30').toISOString());

    await user.click(screen.getByRole('button', { name: 'Cancel: 20261128T0200_partner-b.csv' }));
    const dialog = await screen.findByTestId('feed-cancel-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the import' }));
    await waitFor(() => expect(requestsTo('POST', `${FEEDS}/8/cancel`)).toHaveLength(1));
  });
});
