import type { QueuedPayee } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, http, ok, queryOf, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { PayeesPage } from './payees-page.tsx';

const PAYEES = '/api/admin/payees';
const REVIEW = '/api/admin/payees/P1/review';

const PAYEE: QueuedPayee = {
  payeeId: 'P1',
  type: 'wire',
  status: 'pending_review',
  name: 'Zhang Wei',
  bankName: 'Bank of China Hong Kong',
  accountNumber: '****2345',
  accountNumberFull: 'HK0123456789012345',
  accountType: 'business',
  swiftCode: 'BKCHHKHH',
  address: '1 Garden Road, Central, Hong Kong',
  businessRegistrationNumber: 'BR-1',
  idNumber: 'A1234567',
  signatory: 'Zhang Wei',
  paypalAccount: null,
  files: [
    {
      fileId: 'F1',
      fileName: 'licence.png',
      contentType: 'image/png',
      sizeBytes: 10,
      url: '/api/funds/payees/files/F1',
    },
  ],
  reviewNote: null,
  canEdit: true,
  submittedAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
  reviewDueAt: '2026-01-05T03:04:05.000Z',
  accountNo: 'NB100002',
  email: 'zhang@example.com',
  queue: { assignment: null, submittedAt: '2026-01-02T03:04:05.000Z', ageMinutes: 4_400, overdue: true },
  history: [
    {
      id: '1',
      entityType: 'payee',
      entityId: 'P1',
      action: 'submit',
      fromStatus: null,
      toStatus: 'pending_review',
      reason: null,
      actor: 'NB100002',
      actorRole: 'user',
      createdAt: '2026-01-02T03:04:05.000Z',
    },
  ],
};

/** The queue holds PAYEE; a review answers `review` (the payee after it, or an error). */
function renderQueue(review?: () => Response) {
  server.use(http.get(PAYEES, () => ok({ items: [PAYEE], total: 1, page: 1, pageSize: 10 })));
  if (review) server.use(http.post(REVIEW, review));
  const view = renderWithProviders(<PayeesPage />, { path: '/admin/payees', route: 'admin/payees' });
  return view;
}

async function reviewBodies(): Promise<unknown[]> {
  return Promise.all(requestsTo('POST', REVIEW).map((request) => request.json()));
}

describe('payee review queue', { timeout: 20_000 }, () => {
  it('lists the waiting payees with the owner, the full account number, the images and the history', async () => {
    renderQueue();
    await screen.findAllByText('Zhang Wei');
    expect(queryOf(requestsTo('GET', PAYEES)[0] as Request)).toMatchObject({ queue: 'review', page: '1' });
    const page = document.body;
    expect(page.textContent).toContain('NB100002');
    expect(page.textContent).toContain('zhang@example.com');
    expect(page.textContent).toContain('HK0123456789012345');
    const thumb = screen.getByRole('button', { name: 'View licence.png large', hidden: true });
    expect(thumb.querySelector('img')?.getAttribute('src')).toBe('/api/funds/payees/files/F1');
    // The history: one entry, the user's submission.
    const entries = screen.getAllByRole('listitem', { hidden: true }).map((li) => li.textContent ?? '');
    expect(entries.some((entry) => entry.includes('Submitted'))).toBe(true);
  });

  it('needs a reason to reject, then sends it and refreshes the queue', async () => {
    const { user } = renderQueue(() => ok({ ...PAYEE, status: 'rejected' }));
    await screen.findAllByText('Zhang Wei');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this payee?' });

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await within(dialog).findByText('This field is required');
    expect(requestsTo('POST', REVIEW)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The licence has expired');
    const listed = requestsTo('GET', PAYEES).length;
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(requestsTo('GET', PAYEES).length > listed).toBe(true));
    expect(await reviewBodies()).toEqual([{ action: 'reject', reason: 'The licence has expired' }]);
  });

  it('approves without a reason', async () => {
    const { user } = renderQueue(() => ok({ ...PAYEE, status: 'approved' }));
    await screen.findAllByText('Zhang Wei');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this payee?' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(requestsTo('POST', REVIEW).length > 0).toBe(true));
    expect(await reviewBodies()).toEqual([{ action: 'approve' }]);
  });

  it('shows the server refusing a change that another operator already made, keeping the dialog open', async () => {
    const { user } = renderQueue(() => fail('Payee.InvalidTransition'));
    await screen.findAllByText('Zhang Wei');
    await user.click(screen.getByRole('button', { name: 'Ask for supplement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a supplement?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Upload a clearer scan');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for supplement' }));
    await within(dialog).findByText('This action is not possible in the payee’s current status');
    expect(screen.getByRole('dialog', { name: 'Ask for a supplement?' })).toBe(dialog);
    expect(await reviewBodies()).toEqual([{ action: 'supplement', reason: 'Upload a clearer scan' }]);
  });
});
