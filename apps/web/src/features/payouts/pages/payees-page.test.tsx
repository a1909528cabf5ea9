import type { Payee, PayeeFile } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fail,
  fillIn,
  HttpResponse,
  http,
  ok,
  renderWithProviders,
  requestsTo,
  server,
} from '../../../lib/testing/index.ts';
import { PayeesPage } from './payees-page.tsx';

const FILES = '/api/funds/payees/files';

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

async function renderPage(payees: Payee[]) {
  server.use(http.get('/api/funds/payees', () => ok({ items: payees })));
  // Pickers may offer any file (drag and drop, 'All files'): the page checks them itself.
  const view = renderWithProviders(<PayeesPage />, {
    path: '/console/fund/payees',
    route: '/console/fund/payees',
    userEventOptions: { applyAccept: false },
  });
  const card = await screen.findByRole('region', { name: 'Bank wire payee' });
  return { ...view, card };
}

/** Opens the editor from the card's button `action` and returns the dialog. */
async function openEditor(user: Awaited<ReturnType<typeof renderPage>>['user'], action: string, title: string) {
  await user.click(screen.getByRole('button', { name: action }));
  return screen.findByRole('dialog', { name: title });
}

async function pick(user: Awaited<ReturnType<typeof renderPage>>['user'], dialog: HTMLElement, chosen: File) {
  // A file input has no role; it sits behind the 'Upload an image' button.
  const picker = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!picker) throw new Error('no file input');
  await user.upload(picker, chosen);
}

const field = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('textbox', { name });

describe('<PayeesPage>', { timeout: 30_000 }, () => {
  it('offers to add each type when there is none', async () => {
    const { card } = await renderPage([]);
    expect(card.textContent).toContain('No bank wire payee yet');
    expect(within(card).getByRole('button', { name: 'Add bank wire payee' })).toBeDefined();
    const paypal = screen.getByRole('region', { name: 'PayPal payee' });
    expect(within(paypal).getByRole('button', { name: 'Add PayPal payee' })).toBeDefined();
  });

  it('shows the review date, the masked account number and the images of a payee in review', async () => {
    const { card } = await renderPage([wire()]);
    expect(within(card).getByText('Pending review')).toBeDefined();
    const notice = within(card).getByText(/Under review/);
    expect(notice.textContent).toContain('about 3 days');
    expect(notice.textContent).toContain('01/13/2026');
    expect(card.textContent).toContain('****8901');
    expect(within(card).getByRole('img', { name: 'licence.png' }).getAttribute('src')).toBe(
      '/api/funds/payees/files/F1',
    );
  });

  it('puts the reviewer’s reason first when a supplement is needed, and in the form', async () => {
    const { user, card } = await renderPage([
      wire({ status: 'needs_supplement', reviewNote: 'The licence scan is blurry', reviewDueAt: null }),
    ]);
    expect(within(card).getByText('The licence scan is blurry')).toBeDefined();
    const dialog = await openEditor(user, 'Supplement information', 'Supplement bank wire payee');
    expect(within(dialog).getByText(/The licence scan is blurry/)).toBeDefined();
  });

  it('never offers to edit an approved payee, and says why', async () => {
    const { card } = await renderPage([wire({ status: 'approved', canEdit: false, reviewDueAt: null })]);
    expect(within(card).queryByRole('button', { name: /Supplement|Resubmit/ })).toBeNull();
    const edit = within(card).getByRole('button', { name: 'Edit' });
    expect(edit).toHaveProperty('disabled', true);
    const why = document.getElementById(edit.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe('An approved payee cannot be edited');
    expect(within(card).getByRole('button', { name: 'Revoke' })).toBeDefined();
  });

  it('shows the reason of a rejection and offers to resubmit', async () => {
    const { card } = await renderPage([
      wire({ status: 'rejected', reviewNote: 'Name does not match the account', reviewDueAt: null }),
    ]);
    expect(within(card).getByText('Name does not match the account')).toBeDefined();
    expect(within(card).getByRole('button', { name: 'Resubmit' })).toBeDefined();
    expect(within(card).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('revokes only after the word Confirm is typed', async () => {
    server.use(http.post('/api/funds/payees/P1/revoke', () => ok(wire({ status: 'revoked' }))));
    const { user, card } = await renderPage([wire({ status: 'approved', canEdit: false, reviewDueAt: null })]);
    await user.click(within(card).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke bank wire payee' });
    const confirm = within(dialog).getByRole('button', { name: 'Revoke' });
    const word = within(dialog).getByRole('textbox', { name: 'Confirmation word' });
    await user.type(word, 'confirm');
    expect(confirm).toHaveProperty('disabled', true);
    await user.clear(word);
    await user.type(word, 'Confirm');
    expect(confirm).toHaveProperty('disabled', false);
    await user.click(confirm);
    await waitFor(() => expect(requestsTo('POST', '/api/funds/payees/P1/revoke')).toHaveLength(1));
    const [revoke] = requestsTo('POST', '/api/funds/payees/P1/revoke');
    expect(await revoke?.json()).toEqual({});
  });

  it('checks images before uploading them with the exact messages', async () => {
    const { user } = await renderPage([]);
    const dialog = await openEditor(user, 'Add bank wire payee', 'Add bank wire payee');
    await pick(user, dialog, new File(['GIF89a'], 'scan.gif', { type: 'image/gif' }));
    expect((await within(dialog).findByText(/scan\.gif/)).textContent).toContain('scan.gif: Unsupported file format');
    await pick(user, dialog, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect((await within(dialog).findByText(/big\.png/)).textContent).toContain('big.png: File Size Exceeds Limit');
    expect(requestsTo('POST', FILES)).toHaveLength(0);
  });

  it('shows a failed upload on its tile', async () => {
    server.use(http.post(FILES, () => HttpResponse.error()));
    const { user } = await renderPage([]);
    const dialog = await openEditor(user, 'Add bank wire payee', 'Add bank wire payee');
    await pick(user, dialog, new File(['png'], 'licence.png', { type: 'image/png' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Upload failed, please try again');
    expect(within(dialog).getByRole('button', { name: 'Upload licence.png again' })).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Submit for review' })).toHaveProperty('disabled', true);
  });

  it('saves a wire payee with the account number in upper case and the uploaded images', async () => {
    server.use(
      http.post(FILES, () => ok(file('F9', 'licence.png'))),
      http.post('/api/funds/payees', () => ok(wire())),
    );
    const { user } = await renderPage([]);
    const dialog = await openEditor(user, 'Add bank wire payee', 'Add bank wire payee');
    await fillIn(user, field(dialog, /^Name/), 'Zhang San');
    await fillIn(user, field(dialog, /^Bank/), 'Bank of China Hong Kong');
    await fillIn(user, field(dialog, /^Account number/), 'gb29nwbk6016');
    expect(field(dialog, /^Account number/)).toHaveProperty('value', 'GB29NWBK6016');
    await user.click(within(dialog).getByRole('radio', { name: 'Business' }));
    await fillIn(user, field(dialog, /^Signatory/), 'Zhang San');
    await fillIn(user, field(dialog, /^Address/), '1 Queens Road Central, Hong Kong');
    await fillIn(user, field(dialog, /^ID number/), 'H1234567');
    await pick(user, dialog, new File(['png'], 'licence.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Enlarge licence.png' })).toHaveProperty('disabled', false),
    );
    const [upload] = requestsTo('POST', FILES);
    expect(upload?.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    await user.click(within(dialog).getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(requestsTo('POST', '/api/funds/payees')).toHaveLength(1));
    const [saved] = requestsTo('POST', '/api/funds/payees');
    expect(await saved?.json()).toEqual({
      type: 'wire',
      name: 'Zhang San',
      bankName: 'Bank of China Hong Kong',
      accountNumber: 'GB29NWBK6016',
      accountType: 'business',
      address: '1 Queens Road Central, Hong Kong',
      idNumber: 'H1234567',
      signatory: 'Zhang San',
      fileIds: ['F9'],
    });
  });

  it('shows the server’s field messages under the fields', async () => {
    server.use(
      http.post('/api/funds/payees', () =>
        fail('Request.Invalid', { data: { fields: { paypalAccount: 'This PayPal account is already used' } } }),
      ),
    );
    const { user } = await renderPage([]);
    const dialog = await openEditor(user, 'Add PayPal payee', 'Add PayPal payee');
    await fillIn(user, field(dialog, /^Name/), 'Li Si');
    await fillIn(user, field(dialog, /^PayPal e-mail/), 'li@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Submit for review' }));
    await within(dialog).findByText('This PayPal account is already used');
  });
});
