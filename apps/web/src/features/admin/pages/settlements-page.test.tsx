import type { QueuedSettlement } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, http, ok, queryOf, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { SettlementsPage } from './settlements-page.tsx';

const SETTLEMENTS = '/api/admin/settlements';

const BALANCE: QueuedSettlement = {
  settlementId: 'S1',
  amountCents: 6_000,
  feeCents: 100,
  netCents: 5_900,
  currency: 'USD',
  target: 'balance',
  payee: null,
  note: null,
  status: 'in_review',
  failureReason: null,
  bankReference: null,
  requestedAt: '2026-11-20T01:00:00.000Z',
  updatedAt: '2026-11-20T01:00:00.000Z',
  accountNo: 'NB100005',
  email: 'seller@example.com',
  payeeDetails: null,
  history: [],
  queue: { assignment: null, submittedAt: '2026-11-20T01:00:00.000Z', ageMinutes: 3 * 24 * 60, overdue: false },
};
const WIRE: QueuedSettlement = {
  ...BALANCE,
  settlementId: 'S2',
  target: 'wire',
  payee: 'Zhang Wei · BOC · ****2345',
  status: 'processing',
  payeeDetails: {
    name: 'Zhang Wei',
    bankName: 'Bank of China',
    accountNumber: 'HK0123456789012345',
    swiftCode: 'BKCHHKHH',
    address: '1 Garden Road',
  },
  queue: {
    assignment: { operatorAccountNo: 'NB9', operatorName: 'finance1', assignedAt: BALANCE.requestedAt, isMine: false },
    submittedAt: BALANCE.requestedAt,
    ageMinutes: 6 * 24 * 60,
    overdue: true,
  },
};

function renderQueue(items: QueuedSettlement[]) {
  server.use(
    http.get(SETTLEMENTS, () => ok({ items, total: items.length, page: 1, pageSize: 10 })),
    http.post(`${SETTLEMENTS}/S1/review`, () => ok({ ...BALANCE, status: 'success' })),
    http.post(`${SETTLEMENTS}/S2/review`, () => ok({ ...WIRE, status: 'success', bankReference: 'FT24331-0099' })),
  );
  return renderWithProviders(<SettlementsPage />, { path: '/admin/settlements', route: 'admin/settlements' });
}

const bodiesTo = (path: string) => Promise.all(requestsTo('POST', path).map((r) => r.json()));

describe('settlement review queue', { timeout: 20_000 }, () => {
  it('approves a settlement to the balance in one step: credited at once, nobody is asked to pay', async () => {
    const { user } = renderQueue([BALANCE]);
    const item = await screen.findByTestId('settlement-item');
    expect(within(item).getByTestId('queue-age').textContent).toBe('Waiting 3 d 0 h');
    expect(within(item).getByTestId('queue-assignee').textContent).toBe('Not taken');
    expect(within(item).queryByRole('button', { name: 'Mark paid' })).toBeNull();
    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByTestId('settlement-review-dialog');
    expect(within(dialog).getByText('Approve and credit to the balance?')).toBeTruthy();
    expect(dialog.textContent).toContain('credited to the user');
    expect(dialog.textContent).not.toMatch(/\bpay\b|Wire/i);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(async () => expect(await bodiesTo(`${SETTLEMENTS}/S1/review`)).toEqual([{ action: 'approve' }]));
  });

  it('marks a wire paid only with the bank reference, and shows a late item and its reviewer', async () => {
    const { user } = renderQueue([WIRE]);
    const item = await screen.findByTestId('settlement-item');
    expect(within(item).getByTestId('queue-age').getAttribute('data-status')).toBe('overdue');
    expect(within(item).getByTestId('queue-assignee').textContent).toBe('Taken by finance1');
    // Someone else holds it: no take button, no give-back for a non-admin.
    expect(within(item).queryByRole('button', { name: 'Take' })).toBeNull();
    await user.click(within(item).getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByTestId('settlement-review-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(requestsTo('POST', `${SETTLEMENTS}/S2/review`)).toHaveLength(0);
    await fillIn(user, within(dialog).getByRole('textbox', { name: /bank's reference/i }), 'FT24331-0099');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(async () =>
      expect(await bodiesTo(`${SETTLEMENTS}/S2/review`)).toEqual([{ action: 'paid', bankReference: 'FT24331-0099' }]),
    );
  });

  it('filters by search and whose items through the address', async () => {
    const { user } = renderQueue([BALANCE]);
    await screen.findByTestId('settlement-item');
    await user.click(screen.getByRole('button', { name: 'Not taken' }));
    await waitFor(() =>
      expect(queryOf(requestsTo('GET', SETTLEMENTS).at(-1) as Request)).toMatchObject({
        queue: 'open',
        assigned: 'unassigned',
      }),
    );
    await fillIn(user, screen.getByRole('searchbox', { name: 'Search the queue' }), 'NB100005');
    await waitFor(() =>
      expect(queryOf(requestsTo('GET', SETTLEMENTS).at(-1) as Request)).toMatchObject({
        q: 'NB100005',
        assigned: 'unassigned',
      }),
    );
  });
});
