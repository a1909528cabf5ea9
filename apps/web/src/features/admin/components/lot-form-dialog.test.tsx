import { ERROR_CATALOGUE, fieldMessage } from '@namebourse/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, http, ok, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { LotFormDialog } from './lot-form-dialog.tsx';

const ADD = '/api/admin/auctions';

function renderForm() {
  const onClose = vi.fn();
  const view = renderWithProviders(<LotFormDialog open onClose={onClose} />);
  return { ...view, onClose };
}

async function fillRequired(user: ReturnType<typeof renderForm>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'Domain' }), 'brand.com');
  await user.type(screen.getByRole('textbox', { name: 'Registrar' }), 'GoDaddy');
  await user.type(screen.getByRole('textbox', { name: 'Partner' }), 'DropCatch');
  await user.type(screen.getByRole('textbox', { name: 'Start price (USD)' }), '10');
}

describe('<LotFormDialog>', () => {
  it('checks the lot with the contract schema before sending, and opens the metrics when one is wrong', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Domain metrics (optional)' }));
    await user.type(screen.getByRole('textbox', { name: 'Backlinks' }), '12x');
    await user.click(screen.getByRole('button', { name: 'Domain metrics (optional)' }));
    await user.click(screen.getByRole('button', { name: 'Add lot' }));

    expect(await screen.findAllByText(fieldMessage('required', 'en-US'))).toHaveLength(3);
    for (const name of ['Domain', 'Registrar', 'Partner', 'Start price (USD)', 'Backlinks'])
      expect(screen.getByRole('textbox', { name }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(fieldMessage('notInteger', 'en-US'))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Domain metrics (optional)' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(requestsTo('POST', ADD)).toHaveLength(0);
  });

  it('posts the lot in cents and closes', async () => {
    server.use(http.post(ADD, () => ok({ created: [{ auctionId: 'A1', domain: 'brand.com' }] })));
    const { user, onClose } = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add lot' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [request] = requestsTo('POST', ADD);
    const body = (await request?.json()) as { lots: { domain: string; startPriceCents: number }[] };
    expect(body.lots).toHaveLength(1);
    expect(body.lots[0]).toMatchObject({ domain: 'brand.com', startPriceCents: 1000 });
  });

  it('puts the server’s refusal under the domain and stays open', async () => {
    server.use(http.post(ADD, () => fail('Auction.LotExists')));
    const { user, onClose } = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add lot' }));

    expect(await screen.findByText(ERROR_CATALOGUE['Auction.LotExists']['en-US'])).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Domain' }).getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });
});
