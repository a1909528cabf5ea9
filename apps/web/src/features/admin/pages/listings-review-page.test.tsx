import { type QueuedListing, QueuedListingSchema } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fail,
  fillIn,
  http,
  locationOf,
  ok,
  queryOf,
  renderWithProviders,
  requestsTo,
  server,
} from '../../../lib/testing/index.ts';
import { ListingsReviewPage } from './listings-review-page.tsx';

const QUEUE = '/api/admin/listings/review';
const REVIEW = '/api/admin/listings/41/review';

const LISTING: QueuedListing = QueuedListingSchema.parse({
  listingId: '41',
  domain: 'greenleaf.io',
  tld: 'io',
  source: 'external',
  mode: 'offer',
  status: 'pending_review',
  quickStatus: 'listed',
  pausedReason: null,
  priceCents: 250_000,
  floorCents: 80_000,
  startPriceCents: null,
  reservePriceCents: null,
  durationDays: null,
  auctionId: null,
  industries: ['energy', 'health'],
  keywords: ['green', 'leaf'],
  descriptionZh: '绿色能源品牌',
  descriptionEn: 'A brand for green energy.',
  logo: { logoId: 'G1', kind: 'generated', style: 'badge', url: '/api/listings/logos/G1.svg' },
  aiTokensLeft: 1,
  endOption: '3m',
  expiresAt: null,
  reviewReason: null,
  pendingChanges: null,
  nextPrice: null,
  commissionBps: 500,
  feeLockedUntil: '2027-11-25T01:00:00.000Z',
  views: 0,
  openOffers: 0,
  createdAt: '2026-11-25T01:00:00.000Z',
  updatedAt: '2026-11-25T01:00:00.000Z',
  sellerAccountNo: 'NB100021',
  sellerEmail: 'seller@example.com',
  ownershipVerifiedAt: '2026-11-25T00:30:00.000Z',
  submittedAt: '2026-11-25T01:00:00.000Z',
  queue: { assignment: null, submittedAt: '2026-11-25T01:00:00.000Z', ageMinutes: 90, overdue: false },
});

/** The queue holds `items` until a decision is posted, then nothing (the listing left the queue). */
function renderQueue(items: QueuedListing[], review: () => Response = () => ok({ ...LISTING, status: 'on_sale' })) {
  let decided = false;
  server.use(
    http.get(QUEUE, () =>
      ok(
        decided
          ? { items: [], total: 0, page: 1, pageSize: 10 }
          : { items, total: items.length, page: 1, pageSize: 10 },
      ),
    ),
    http.post(REVIEW, () => {
      const answer = review();
      if (answer.ok) decided = true;
      return answer;
    }),
  );
  return renderWithProviders(<ListingsReviewPage />, { path: '/admin/listings', route: 'admin/listings' });
}

async function reviewBodies(): Promise<unknown[]> {
  return Promise.all(requestsTo('POST', REVIEW).map((request) => request.json()));
}

describe('listing review queue', { timeout: 20_000 }, () => {
  it('shows the seller, prices, ownership, industries, keywords, both descriptions and the logo', async () => {
    renderQueue([LISTING]);
    await screen.findByText('greenleaf.io');
    const details = screen.getByTestId('listing-review-details');
    const text = details.textContent ?? '';
    expect(text).toContain('NB100021');
    expect(text).toContain('seller@example.com');
    expect(text).toContain('$2,500.00');
    expect(text).toContain('$800.00');
    expect(text).toContain('Held elsewhere (TXT proof)');
    expect(text).toContain('Energy, Health');
    expect(text).toContain('green, leaf');
    expect(text).toContain('绿色能源品牌');
    expect(text).toContain('A brand for green energy.');
    expect(within(details).getByRole('img', { name: 'Logo of greenleaf.io' }).getAttribute('src')).toBe(
      '/api/listings/logos/G1.svg',
    );
    expect(queryOf(requestsTo('GET', QUEUE)[0] as Request)).toMatchObject({ page: '1', pageSize: '10' });
  });

  it('approves without a reason, and the listing leaves the queue', async () => {
    const { user } = renderQueue([LISTING]);
    await screen.findByText('greenleaf.io');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this listing?' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await screen.findByText('No listings are waiting for review.');
    expect(await reviewBodies()).toEqual([{ decision: 'approve' }]);
    expect(screen.queryByText('greenleaf.io')).toBeNull();
  });

  it('needs a reason to reject, then sends it', async () => {
    const { user } = renderQueue([LISTING], () => ok({ ...LISTING, status: 'review_failed' }));
    await screen.findByText('greenleaf.io');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this listing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await within(dialog).findByText('This field is required');
    expect(requestsTo('POST', REVIEW)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Trademark of another company');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await screen.findByText('No listings are waiting for review.');
    expect(await reviewBodies()).toEqual([{ decision: 'reject', reason: 'Trademark of another company' }]);
  });

  it('asks for a supplement with a reason, and keeps the dialog open when another operator decided first', async () => {
    const { user } = renderQueue([LISTING], () => fail('Listing.InvalidTransition'));
    await screen.findByText('greenleaf.io');
    await user.click(screen.getByRole('button', { name: 'Ask for supplement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask the seller for a supplement?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ask for supplement' }));
    await within(dialog).findByText('This field is required');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Add an English description');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for supplement' }));
    await waitFor(() => expect(requestsTo('POST', REVIEW)).toHaveLength(1));
    expect(await reviewBodies()).toEqual([{ decision: 'supplement', reason: 'Add an English description' }]);
    expect(screen.getByRole('dialog', { name: 'Ask the seller for a supplement?' })).toBe(dialog);
  });

  it('shows a modification beside the approved version', async () => {
    renderQueue([
      {
        ...LISTING,
        status: 'modification_review',
        pendingChanges: { descriptionEn: 'Clean energy for every home.', keywords: ['solar'] },
      },
    ]);
    await screen.findByText('greenleaf.io');
    const changes = screen.getByRole('table', { name: 'Changes waiting for review' });
    const description = within(changes).getByRole('row', { name: /Description \(English\)/ });
    expect(description.textContent).toContain('A brand for green energy.');
    expect(description.textContent).toContain('Clean energy for every home.');
    expect(within(changes).getByRole('row', { name: /Keywords/ }).textContent).toContain('solar');
  });

  it('filters by status, searches by domain and shows whose items through the address', async () => {
    const { user, router } = renderQueue([LISTING]);
    await screen.findByText('greenleaf.io');
    await fillIn(user, screen.getByRole('searchbox', { name: 'Search the queue' }), 'green');
    await waitFor(() => expect(locationOf(router)).toBe('/admin/listings?q=green'));
    await waitFor(() => expect(queryOf(requestsTo('GET', QUEUE).at(-1) as Request)).toMatchObject({ q: 'green' }));
    await user.click(screen.getByRole('button', { name: 'Mine' }));
    await waitFor(() => expect(locationOf(router)).toBe('/admin/listings?q=green&assigned=me'));
    await waitFor(() =>
      expect(queryOf(requestsTo('GET', QUEUE).at(-1) as Request)).toMatchObject({ q: 'green', assigned: 'me' }),
    );
  });

  it('shows how long a listing has waited and who has it, and lets the reviewer take it', async () => {
    const ASSIGN = '/api/admin/queues/listings/41/assign';
    let taken = false;
    server.use(
      http.get(QUEUE, () =>
        ok({
          items: [
            {
              ...LISTING,
              queue: {
                ...LISTING.queue,
                ageMinutes: 26 * 60,
                overdue: true,
                assignment: taken
                  ? { operatorAccountNo: 'NB9', operatorName: 'me', assignedAt: LISTING.submittedAt, isMine: true }
                  : null,
              },
            },
          ],
          total: 1,
          page: 1,
          pageSize: 10,
        }),
      ),
      http.post(ASSIGN, () => {
        taken = true;
        return ok({ operatorAccountNo: 'NB9', operatorName: 'me', assignedAt: LISTING.submittedAt, isMine: true });
      }),
    );
    const { user } = renderWithProviders(<ListingsReviewPage />, { path: '/admin/listings', route: 'admin/listings' });
    await screen.findByText('greenleaf.io');
    // Past the day the queue allows: highlighted as late.
    expect(screen.getByTestId('queue-age').textContent).toBe('Late: 1 d 2 h');
    expect(screen.getByTestId('queue-age').getAttribute('data-status')).toBe('overdue');
    expect(screen.getByTestId('queue-assignee').textContent).toBe('Not taken');
    await user.click(screen.getByRole('button', { name: 'Take' }));
    await waitFor(() => expect(requestsTo('POST', ASSIGN)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('queue-assignee').textContent).toBe('Taken by you'));
    expect(screen.getByRole('button', { name: 'Give back' })).toBeTruthy();
  });
});
