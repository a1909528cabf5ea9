import type { AdminUserDetail } from '@namebourse/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '../../../app/test-render';
import { ApiError, api } from '../../../lib/api-client';
import i18n from '../../../lib/i18n';
import { AdjustmentFormCard } from './adjustment-form';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { ...(await importOriginal()).api, get: vi.fn(), post: vi.fn() },
}));

const post = vi.mocked(api.post);

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

function button(root: ParentNode, name: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button '${name}'`);
  return found;
}

function dialog(): HTMLElement {
  const found = document.querySelector<HTMLElement>('[data-testid="admin-adjust-dialog"] [role="dialog"]');
  if (!found) throw new Error('no dialog');
  return found;
}

async function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function fill(container: HTMLElement, amount: string, reason: string) {
  await type(container.querySelector('input[inputmode="decimal"]') as HTMLInputElement, amount);
  await type(container.querySelector('textarea') as HTMLTextAreaElement, reason);
  await act(async () => button(container, 'Review adjustment').click());
}

describe('manual adjustment', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    post.mockReset();
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('refuses an amount with more than two decimals and a short reason before asking', async () => {
    const { container, unmount } = await render(<AdjustmentFormCard user={USER} />);
    await fill(container, '12.345', 'ab');
    await waitFor(() => expect(container.textContent).toContain('Enter a valid amount (at most 2 decimals)'));
    expect(container.textContent).toContain('Too short (at least 4 characters)');
    expect(document.querySelector('[data-testid="admin-adjust-dialog"]')).toBeNull();
    expect(post).not.toHaveBeenCalled();
    unmount();
  });

  it('confirms a debit with the balance before and after, then books it in signed cents', async () => {
    post.mockResolvedValue({ ...USER, earningsCents: 7_800 });
    const { container, unmount } = await render(<AdjustmentFormCard user={USER} />);
    await act(async () => button(container, 'Earnings').click());
    await fill(container, '-12.50', 'Duplicate proceeds');
    await waitFor(() =>
      expect(dialog().textContent).toContain('Deduct $12.50 from the Earnings bucket of account NB100002'),
    );
    expect(dialog().querySelector('[data-testid="admin-adjust-preview"]')?.textContent).toBe(
      'Earnings: $90.50 → $78.00',
    );
    await act(async () => button(dialog(), 'Book adjustment').click());
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/admin/users/NB100002/adjustments',
        { bucket: 'earnings', amountCents: -1250, reason: 'Duplicate proceeds' },
        expect.objectContaining({ idempotencyKey: expect.any(String) }),
      ),
    );
    await waitFor(() =>
      expect(container.querySelector('[data-testid="admin-adjust-done"]')?.textContent).toContain(
        'Adjustment of -$12.50 booked to Earnings.',
      ),
    );
    unmount();
  });

  it('says in the dialog when the bucket is too low, without the recharge prompt', async () => {
    post.mockRejectedValue(
      new ApiError({ code: 'Funds.InsufficientBalance', message: 'Insufficient balance', status: 402, traceId: 't' }),
    );
    const { container, unmount } = await render(<AdjustmentFormCard user={USER} />);
    await fill(container, '-500', 'Reverse a test credit');
    await waitFor(() => expect(dialog().textContent).toContain('Available: $480.00 → -$20.00'));
    await act(async () => button(dialog(), 'Book adjustment').click());
    await waitFor(() =>
      expect(dialog().querySelector('[data-testid="error-view-message"]')?.textContent).toBe(
        "The user's Available is too low for this deduction: nothing was booked.",
      ),
    );
    const options = post.mock.calls[0]?.[2];
    expect(Object.keys(options?.handlers ?? {})).toEqual(['Funds.InsufficientBalance']);
    unmount();
  });
});
