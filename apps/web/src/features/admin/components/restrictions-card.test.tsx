import type { AdminRestrictions, Restriction } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, http, ok, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { RestrictionsCard } from './restrictions-card.tsx';

const PATH = '/api/admin/users/NB100002/restrictions';

const ACTIVE: Restriction = {
  restrictionId: '2',
  scopes: ['bid', 'settle'],
  reason: 'Chargeback under review',
  until: null,
  status: 'active',
  createdAt: '2026-01-03T03:00:00.000Z',
  createdBy: 'NB900001',
  liftedAt: null,
  liftedBy: null,
  liftReason: null,
};
const LIFTED: Restriction = {
  ...ACTIVE,
  restrictionId: '1',
  scopes: ['buy'],
  reason: 'Unpaid orders',
  status: 'lifted',
  liftedAt: '2026-01-02T03:00:00.000Z',
  liftedBy: 'NB900002',
  liftReason: 'Paid',
};
const NONE: AdminRestrictions = { accountNo: 'NB100002', current: null, history: [LIFTED] };
const RESTRICTED: AdminRestrictions = { accountNo: 'NB100002', current: ACTIVE, history: [ACTIVE, LIFTED] };

function renderCard(answer: AdminRestrictions, canEdit = true) {
  server.use(http.get(PATH, () => ok(answer)));
  return renderWithProviders(<RestrictionsCard accountNo="NB100002" canEdit={canEdit} />);
}

describe('the user detail page’s restrictions', () => {
  it('shows the restriction in force and the earlier ones', async () => {
    renderCard(RESTRICTED);
    const current = await screen.findByTestId('admin-restriction-current');
    expect(current.textContent).toContain('Bidding, Settlement');
    expect(current.textContent).toContain('Reason: Chargeback under review');
    expect(current.textContent).toContain('until lifted');
    expect(current.textContent).toContain('NB900001');
    const earlier = screen.getByText('Earlier restrictions').parentElement as HTMLElement;
    expect(earlier.textContent).toContain('Buying');
    expect(earlier.textContent).toContain('Lifted');
    expect(earlier.textContent).toContain('Note: Paid');
  });

  it('restricts with the scopes ticked, the reason and an end; the end must be in the future', async () => {
    server.use(http.post(PATH, () => ok(RESTRICTED)));
    const { user } = renderCard(NONE);
    expect(await screen.findByText('No restriction applies to this account.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Restrict' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restrict account NB100002' });
    // Nothing ticked, no reason: both are asked for.
    await user.click(within(dialog).getByRole('button', { name: 'Restrict' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);
    await user.click(within(dialog).getByRole('checkbox', { name: /Settlement/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Bidding/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Chargeback under review');
    const until = within(dialog).getByLabelText('Ends at (optional)');
    await user.type(until, '2001-01-01T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Restrict' }));
    expect(await within(dialog).findByText('The end must be in the future')).toBeTruthy();
    await user.clear(until);
    await user.type(until, '2099-06-01T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Restrict' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [request] = requestsTo('POST', PATH);
    expect(await request?.json()).toEqual({
      scopes: ['bid', 'settle'],
      reason: 'Chargeback under review',
      until: new Date('2099-06-01T10:00').toISOString(),
    });
    expect(await screen.findByTestId('admin-restriction-current')).toBeTruthy();
  });

  it('lifts after a confirmation, with an optional note', async () => {
    server.use(http.delete(PATH, () => ok(NONE)));
    const { user } = renderCard(RESTRICTED);
    await user.click(await screen.findByRole('button', { name: 'Lift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift the restriction?' });
    expect(dialog.textContent).toContain('Account NB100002 gets Bidding, Settlement back at once');
    await user.type(within(dialog).getByRole('textbox', { name: /Note for the user/ }), 'Resolved');
    await user.click(within(dialog).getByRole('button', { name: 'Lift restriction' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await requestsTo('DELETE', PATH)[0]?.json()).toEqual({ reason: 'Resolved' });
    expect(await screen.findByText('No restriction applies to this account.')).toBeTruthy();
  });

  it('shows a refusal from the server in the dialog', async () => {
    server.use(http.post(PATH, () => fail('Restriction.OperatorAccount')));
    const { user } = renderCard(NONE);
    await user.click(await screen.findByRole('button', { name: 'Restrict' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: /Bidding/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Try');
    await user.click(within(dialog).getByRole('button', { name: 'Restrict' }));
    expect(await within(dialog).findByText('Operator accounts cannot be restricted')).toBeTruthy();
  });

  it('finance reviewers see the restrictions without the buttons', async () => {
    renderCard(RESTRICTED, false);
    await screen.findByTestId('admin-restriction-current');
    expect(screen.queryByRole('button', { name: 'Lift' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Restrict|Change restriction/ })).toBeNull();
  });
});
