import type { AdminPayee } from '@namebourse/contract';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '../../../app/test-render';
import { ApiError, api } from '../../../lib/api-client';
import i18n from '../../../lib/i18n';
import { PayeesPage } from './payees-page';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { ...(await importOriginal()).api, get: vi.fn(), post: vi.fn() },
}));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

const PAYEE: AdminPayee = {
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

async function mount() {
  const router = createMemoryRouter([{ path: 'admin/payees', element: <PayeesPage /> }], {
    initialEntries: ['/admin/payees'],
  });
  return render(<RouterProvider router={router} />);
}

function button(root: ParentNode, name: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button '${name}'`);
  return found;
}

function dialog(): HTMLElement {
  const found = document.querySelector<HTMLElement>('[data-testid="payee-review-dialog"] [role="dialog"]');
  if (!found) throw new Error('no dialog');
  return found;
}

async function typeReason(value: string) {
  const area = dialog().querySelector('textarea') as HTMLTextAreaElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, value);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('payee review queue', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    get.mockReset();
    post.mockReset();
    get.mockResolvedValue({ items: [PAYEE], total: 1, page: 1, pageSize: 10 });
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('lists the waiting payees with the owner, the full account number, the images and the history', async () => {
    const { container, unmount } = await mount();
    await waitFor(() => expect(container.textContent).toContain('Zhang Wei'));
    expect(get).toHaveBeenCalledWith(
      '/admin/payees',
      expect.objectContaining({ queue: 'review', page: 1 }),
      expect.anything(),
    );
    expect(container.textContent).toContain('NB100002');
    expect(container.textContent).toContain('zhang@example.com');
    expect(container.textContent).toContain('HK0123456789012345');
    expect(container.querySelector('[data-testid="payee-files"] img')?.getAttribute('src')).toBe(
      '/api/funds/payees/files/F1',
    );
    expect(container.querySelector('[data-testid="admin-history"]')?.textContent).toContain('Submitted');
    unmount();
  });

  it('needs a reason to reject, then sends it and refreshes the queue', async () => {
    post.mockResolvedValue({ ...PAYEE, status: 'rejected' });
    const { container, unmount } = await mount();
    await waitFor(() => expect(container.textContent).toContain('Zhang Wei'));
    await act(async () => button(container, 'Reject').click());
    await waitFor(() => expect(dialog().textContent).toContain('Reject this payee?'));

    await act(async () => button(dialog(), 'Reject').click());
    await waitFor(() => expect(dialog().textContent).toContain('This field is required'));
    expect(post).not.toHaveBeenCalled();

    await typeReason('The licence has expired');
    const calls = get.mock.calls.length;
    await act(async () => button(dialog(), 'Reject').click());
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/admin/payees/P1/review',
        { action: 'reject', reason: 'The licence has expired' },
        expect.anything(),
      ),
    );
    await waitFor(() => expect(get.mock.calls.length).toBeGreaterThan(calls));
    unmount();
  });

  it('approves without a reason', async () => {
    post.mockResolvedValue({ ...PAYEE, status: 'approved' });
    const { container, unmount } = await mount();
    await waitFor(() => expect(container.textContent).toContain('Zhang Wei'));
    await act(async () => button(container, 'Approve').click());
    await waitFor(() => expect(dialog().textContent).toContain('Approve this payee?'));
    expect(dialog().querySelector('textarea')).toBeNull();
    await act(async () => button(dialog(), 'Approve').click());
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/admin/payees/P1/review', { action: 'approve' }, expect.anything()),
    );
    unmount();
  });

  it('shows the server refusing a change that another operator already made, keeping the dialog open', async () => {
    post.mockRejectedValue(
      new ApiError({
        code: 'Funds.InvalidTransition',
        message: 'This action is not possible in the current status',
        status: 409,
        traceId: 't-1',
      }),
    );
    const { container, unmount } = await mount();
    await waitFor(() => expect(container.textContent).toContain('Zhang Wei'));
    await act(async () => button(container, 'Ask for supplement').click());
    await waitFor(() => expect(dialog().textContent).toContain('Ask for a supplement?'));
    await typeReason('Upload a clearer scan');
    await act(async () => button(dialog(), 'Ask for supplement').click());
    await waitFor(() =>
      expect(dialog().querySelector('[data-testid="error-view-message"]')?.textContent).toBe(
        'This action is not possible in the current status',
      ),
    );
    expect(post).toHaveBeenCalledWith(
      '/admin/payees/P1/review',
      { action: 'supplement', reason: 'Upload a clearer scan' },
      expect.anything(),
    );
    unmount();
  });
});
