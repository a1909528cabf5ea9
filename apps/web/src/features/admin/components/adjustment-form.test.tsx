import type { AdminUserDetail } from '@namebourse/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, http, ok, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { AdjustmentFormCard } from './adjustment-form.tsx';

const ADJUSTMENTS = '/api/admin/users/NB100002/adjustments';

const USER: AdminUserDetail = {
  accountNo: 'NB100002',
  email: 'zhang@example.com',
  nickname: 'Zhang',
  role: 'user',
  createdAt: '2026-01-02T03:04:05.000Z',
  availableCents: 48_000,
  frozenCents: 0,
  earningsCents: 9_050,
  holds: [],
  recentLines: [],
  history: [],
};

function renderForm() {
  return renderWithProviders(<AdjustmentFormCard user={USER} />);
}

async function fill(user: ReturnType<typeof renderForm>['user'], amount: string, reason: string) {
  await user.type(screen.getByRole('textbox', { name: 'Amount in USD' }), amount);
  await user.type(screen.getByRole('textbox', { name: 'Reason' }), reason);
  await user.click(screen.getByRole('button', { name: 'Review adjustment' }));
}

describe('manual adjustment', { timeout: 20_000 }, () => {
  it('refuses an amount with more than two decimals and a short reason before asking', async () => {
    const { user } = renderForm();
    await fill(user, '12.345', 'ab');
    await screen.findByText('Enter a valid amount (at most 2 decimals)');
    expect(screen.getByText('Too short (at least 4 characters)')).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsTo('POST', ADJUSTMENTS)).toHaveLength(0);
  });

  it('confirms a debit with the balance before and after, then books it in signed cents', async () => {
    server.use(http.post(ADJUSTMENTS, () => ok({ ...USER, earningsCents: 7_800 })));
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Earnings' }));
    await fill(user, '-12.50', 'Duplicate proceeds');
    const dialog = await screen.findByRole('dialog', { name: 'Book this adjustment?' });
    expect(dialog.textContent).toContain('Deduct $12.50 from the Earnings bucket of account NB100002');
    expect(within(dialog).getByText('Earnings: $90.50 → $78.00')).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Book adjustment' }));
    await screen.findByText('Adjustment of -$12.50 booked to Earnings.');
    const [booked, ...more] = requestsTo('POST', ADJUSTMENTS);
    expect(more).toHaveLength(0);
    expect(await booked?.json()).toEqual({ bucket: 'earnings', amountCents: -1250, reason: 'Duplicate proceeds' });
    expect(booked?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('says in the dialog when the bucket is too low, without the recharge prompt', async () => {
    server.use(http.post(ADJUSTMENTS, () => fail('Funds.InsufficientBalance')));
    const { user } = renderForm();
    await fill(user, '-500', 'Reverse a test credit');
    const dialog = await screen.findByRole('dialog', { name: 'Book this adjustment?' });
    expect(within(dialog).getByText('Available: $480.00 → -$20.00')).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Book adjustment' }));
    await within(dialog).findByText("The user's Available is too low for this deduction: nothing was booked.");
    expect(requestsTo('POST', ADJUSTMENTS)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Insufficient balance' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Recharge' })).toBeNull();
  });
});
