import type { Payee, PayeeFile } from '@namebourse/contract';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '../../../app/test-render';
import { ApiError, api } from '../../../lib/api-client';
import { resetFeedbackStore } from '../../../lib/feedback-store';
import i18n from '../../../lib/i18n';
import { PayeesPage } from './payees-page';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => {
  const original = await importOriginal();
  return { ...original, api: { ...original.api, get: vi.fn(), post: vi.fn() } };
});

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

function file(fileId: string, fileName: string): PayeeFile {
  return { fileId, fileName, contentType: 'image/png', sizeBytes: 1000, url: `/api/funds/payees/files/${fileId}` };
}

function wire(patch: Partial<Payee> = {}): Payee {
  return {
    payeeId: 'P1',
    type: 'wire',
    status: 'pending_review',
    name: 'Zhang San',
    bankName: 'Bank of China Hong Kong',
    accountNumber: '****8901',
    accountType: 'business',
    swiftCode: 'BKCHHKHH',
    address: '1 Queens Road Central, Hong Kong',
    businessRegistrationNumber: 'BR123',
    idNumber: 'H1234567',
    signatory: 'Zhang San',
    paypalAccount: null,
    files: [file('F1', 'licence.png')],
    reviewNote: null,
    canEdit: true,
    submittedAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    reviewDueAt: '2026-01-13T12:00:00.000Z',
    ...patch,
  };
}

const body = () => document.body;
const text = () => body().textContent ?? '';
const byTestId = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const found = body().querySelector<T>(`[data-testid="${id}"]`);
  if (!found) throw new Error(`no [data-testid=${id}] in: ${text()}`);
  return found;
};
const input = (name: string): HTMLInputElement | HTMLTextAreaElement => {
  const found = body().querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`);
  if (!found) throw new Error(`no input ${name}`);
  return found;
};

async function click(element: HTMLElement) {
  await act(async () => {
    element.click();
  });
}

/** Types into a React-controlled field the way a browser would (native value setter + input event). */
async function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    const prototype =
      element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function pick(chosen: File) {
  const picker = byTestId<HTMLInputElement>('payee-file-input');
  await act(async () => {
    Object.defineProperty(picker, 'files', { value: [chosen], configurable: true });
    picker.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

let unmount: (() => void) | null = null;

async function mount(payees: Payee[]) {
  get.mockImplementation(async (path: string) => {
    if (path === '/funds/payees') return { items: payees };
    throw new Error(`unexpected GET ${path}`);
  });
  const router = createMemoryRouter([{ path: '/console/fund/payees', element: <PayeesPage /> }], {
    initialEntries: ['/console/fund/payees'],
  });
  const view = await render(<RouterProvider router={router} />);
  unmount = view.unmount;
  await waitFor(() => expect(body().querySelector('[data-testid="payee-card-wire"]')).not.toBeNull());
  return view;
}

describe('<PayeesPage>', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en-US');
  });

  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    resetFeedbackStore();
  });

  afterEach(() => {
    unmount?.();
    unmount = null;
    document.body.innerHTML = '';
  });

  it('offers to add each type when there is none', async () => {
    await mount([]);
    expect(byTestId('payee-empty-wire').textContent).toContain('No bank wire payee yet');
    expect(byTestId('payee-add-wire').textContent).toBe('Add bank wire payee');
    expect(byTestId('payee-add-paypal').textContent).toBe('Add PayPal payee');
  });

  it('shows the review date, the masked account number and the images of a payee in review', async () => {
    await mount([wire()]);
    const card = byTestId('payee-card-wire');
    expect(card.querySelector('[data-testid="payee-status"]')?.textContent).toBe('Pending review');
    expect(card.querySelector('[data-testid="payee-notice"]')?.textContent).toContain('about 3 days');
    expect(card.querySelector('[data-testid="payee-notice"]')?.textContent).toContain('01/13/2026');
    expect(card.textContent).toContain('****8901');
    const image = card.querySelector<HTMLImageElement>('[data-testid="payee-images"] img');
    expect(image?.getAttribute('src')).toBe('/api/funds/payees/files/F1');
    expect(image?.alt).toBe('licence.png');
  });

  it('puts the reviewer’s reason first when a supplement is needed, and in the form', async () => {
    await mount([wire({ status: 'needs_supplement', reviewNote: 'The licence scan is blurry', reviewDueAt: null })]);
    expect(byTestId('payee-review-note').textContent).toBe('The licence scan is blurry');
    await click(byTestId('payee-edit-wire'));
    expect(byTestId('payee-editor-reason').textContent).toContain('The licence scan is blurry');
    expect(text()).toContain('Supplement bank wire payee');
  });

  it('never offers to edit an approved payee, and says why', async () => {
    await mount([wire({ status: 'approved', canEdit: false, reviewDueAt: null })]);
    expect(body().querySelector('[data-testid="payee-edit-wire"]')).toBeNull();
    expect(byTestId('payee-no-edit').textContent).toBe('An approved payee cannot be edited');
    expect(byTestId('payee-revoke-wire')).toBeTruthy();
  });

  it('shows the reason of a rejection and offers to resubmit', async () => {
    await mount([wire({ status: 'rejected', reviewNote: 'Name does not match the account', reviewDueAt: null })]);
    expect(byTestId('payee-review-note').textContent).toBe('Name does not match the account');
    expect(byTestId('payee-edit-wire').textContent).toBe('Resubmit');
    expect(body().querySelector('[data-testid="payee-revoke-wire"]')).toBeNull();
  });

  it('revokes only after the word Confirm is typed', async () => {
    await mount([wire({ status: 'approved', canEdit: false, reviewDueAt: null })]);
    post.mockResolvedValue(wire({ status: 'revoked' }));
    await click(byTestId('payee-revoke-wire'));
    const confirm = byTestId<HTMLButtonElement>('payee-revoke-confirm');
    const word = body().querySelector<HTMLInputElement>('input[aria-label="Confirmation word"]') as HTMLInputElement;
    await type(word, 'confirm');
    expect(confirm.disabled).toBe(true);
    await type(word, 'Confirm');
    expect(confirm.disabled).toBe(false);
    await click(confirm);
    await waitFor(() => expect(post).toHaveBeenCalledWith('/funds/payees/P1/revoke', {}, { errorMode: 'message' }));
  });

  it('checks images before uploading them with the exact messages', async () => {
    await mount([]);
    await click(byTestId('payee-add-wire'));
    await pick(new File(['GIF89a'], 'scan.gif', { type: 'image/gif' }));
    expect(byTestId('payee-file-problem').textContent).toContain('scan.gif: Unsupported file format');
    await pick(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(byTestId('payee-file-problem').textContent).toContain('big.png: File Size Exceeds Limit');
    expect(post).not.toHaveBeenCalled();
  });

  it('shows a failed upload on its tile', async () => {
    await mount([]);
    post.mockRejectedValue(new ApiError({ code: 'Network.Error', message: 'Network error', kind: 'network' }));
    await click(byTestId('payee-add-wire'));
    await pick(new File(['png'], 'licence.png', { type: 'image/png' }));
    await waitFor(() => expect(byTestId('payee-upload').dataset.status).toBe('failed'));
    expect(byTestId('payee-upload').textContent).toContain('Upload failed, please try again');
    expect(byTestId<HTMLButtonElement>('payee-save').disabled).toBe(true);
  });

  it('saves a wire payee with the account number in upper case and the uploaded images', async () => {
    await mount([]);
    post.mockImplementation(async (path: string) => {
      if (path === '/funds/payees/files') return file('F9', 'licence.png');
      if (path === '/funds/payees') return wire();
      throw new Error(`unexpected POST ${path}`);
    });
    await click(byTestId('payee-add-wire'));
    await type(input('name'), 'Zhang San');
    await type(input('bankName'), 'Bank of China Hong Kong');
    await type(input('accountNumber'), 'gb29nwbk6016');
    expect(input('accountNumber').value).toBe('GB29NWBK6016');
    await click(body().querySelector<HTMLInputElement>('input[value="business"]') as HTMLInputElement);
    await type(input('signatory'), 'Zhang San');
    await type(input('address'), '1 Queens Road Central, Hong Kong');
    await type(input('idNumber'), 'H1234567');
    await pick(new File(['png'], 'licence.png', { type: 'image/png' }));
    await waitFor(() => expect(byTestId('payee-upload').dataset.status).toBe('done'));
    expect(post.mock.calls[0]?.[0]).toBe('/funds/payees/files');
    expect(post.mock.calls[0]?.[1]).toBeInstanceOf(FormData);
    await click(byTestId('payee-save'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post.mock.calls[1]?.[0]).toBe('/funds/payees');
    expect(post.mock.calls[1]?.[1]).toEqual({
      type: 'wire',
      name: 'Zhang San',
      bankName: 'Bank of China Hong Kong',
      accountNumber: 'GB29NWBK6016',
      accountType: 'business',
      swiftCode: undefined,
      address: '1 Queens Road Central, Hong Kong',
      businessRegistrationNumber: undefined,
      idNumber: 'H1234567',
      signatory: 'Zhang San',
      fileIds: ['F9'],
    });
  });

  it('shows the server’s field messages under the fields', async () => {
    await mount([]);
    post.mockRejectedValue(
      new ApiError({
        code: 'Request.Invalid',
        message: 'Invalid request',
        data: { fields: { paypalAccount: 'This PayPal account is already used' } },
        status: 400,
      }),
    );
    await click(byTestId('payee-add-paypal'));
    await type(input('name'), 'Li Si');
    await type(input('paypalAccount'), 'li@example.com');
    await click(byTestId('payee-save'));
    await waitFor(() => expect(text()).toContain('This PayPal account is already used'));
  });
});
