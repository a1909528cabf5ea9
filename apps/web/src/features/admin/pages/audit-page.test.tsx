import type { AuditEntry } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, ok, queryOf, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { localDayBound } from '../lib/audit-query.ts';
import { AuditPage } from './audit-page.tsx';

const AUDIT = '/api/admin/audit';

const RESTRICT: AuditEntry = {
  id: '9',
  entityType: 'user',
  entityId: 'NB100002',
  action: 'restrict',
  fromStatus: null,
  toStatus: 'bid,buy',
  reason: 'Unpaid orders',
  actor: 'NB900001',
  actorRole: 'support',
  createdAt: '2026-01-04T03:00:00.000Z',
};
const SWEEP: AuditEntry = {
  ...RESTRICT,
  id: '8',
  entityType: 'settlement',
  entityId: 'S7',
  action: 'complete',
  fromStatus: 'processing',
  toStatus: 'success',
  reason: null,
  actor: 'system',
  actorRole: 'system',
};

function renderAt(path = '/admin/audit', items: AuditEntry[] = [RESTRICT, SWEEP], total = items.length) {
  server.use(http.get(AUDIT, () => ok({ items, total, page: 1, pageSize: 25 })));
  return renderWithProviders(<AuditPage />, { path, route: 'admin/audit' });
}

describe('the audit log viewer', () => {
  it('lists entries newest first with who, what and why', async () => {
    renderAt();
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Account restricted');
    expect(rows[0]?.textContent).toContain('bid,buy');
    expect(rows[0]?.textContent).toContain('Unpaid orders');
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'NB900001' })
        .getAttribute('href'),
    ).toBe('/admin/users/NB900001');
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'NB100002' })
        .getAttribute('href'),
    ).toBe('/admin/users/NB100002');
    expect(rows[1]?.textContent).toContain('System');
    expect(rows[1]?.textContent).toContain('processing → success');
    expect(requestsTo('GET', AUDIT).map(queryOf)).toEqual([{ page: '1', pageSize: '25' }]);
  });

  it('names the actions of every module in words, never as a code', async () => {
    const entry = (id: string, entityType: string, action: string): AuditEntry => ({
      ...SWEEP,
      id,
      entityType,
      action,
    });
    renderAt('/admin/audit', [
      entry('7', 'order', 'payment_window_closed'),
      entry('6', 'announcement', 'publish'),
      entry('5', 'order', 'some_new_step'),
    ]);
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Payment window closed');
    expect(rows[1]?.textContent).toContain('Announcement');
    expect(rows[1]?.textContent).toContain('Published');
    // One the texts do not know yet still reads as words.
    expect(rows[2]?.textContent).toContain('Some new step');
    expect(table.textContent).not.toMatch(/[a-z]+_[a-z]+/);
  });

  it('reads the filters from the address and sends them, days as local bounds', async () => {
    renderAt('/admin/audit?actor=NB900001&entity=user&entityId=NB100002&from=2026-01-02&to=2026-01-04&page=2');
    await screen.findByRole('table', { name: 'Audit log entries' });
    expect(requestsTo('GET', AUDIT).map(queryOf)).toEqual([
      {
        actor: 'NB900001',
        entity: 'user',
        entityId: 'NB100002',
        from: localDayBound('2026-01-02', false),
        to: localDayBound('2026-01-04', true),
        page: '2',
        pageSize: '25',
      },
    ]);
    expect(screen.getByRole('textbox', { name: 'Actor' })).toHaveProperty('value', 'NB900001');
  });

  it('puts the filters in the address when searching, and refuses an end before the start', async () => {
    const { user, router } = renderAt();
    await screen.findByRole('table', { name: 'Audit log entries' });
    const form = screen.getByRole('search', { name: 'Filter the audit log' });
    // Actions are picked by name (the code beside it), not typed as codes.
    await user.click(within(form).getByRole('combobox', { name: 'Action' }));
    expect(await screen.findByRole('option', { name: 'Payment window closed payment_window_closed' })).toBeTruthy();
    await user.click(await screen.findByRole('option', { name: 'Approved approve' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await user.type(within(form).getByLabelText('From'), '2026-01-05');
    await user.type(within(form).getByLabelText('To'), '2026-01-03');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await within(form).findByText('The end date is before the start date')).toBeTruthy();
    await user.clear(within(form).getByLabelText('To'));
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?action=approve&from=2026-01-05'));
    await waitFor(() => expect(requestsTo('GET', AUDIT).map(queryOf).at(-1)).toMatchObject({ action: 'approve' }));
  });

  it('says when nothing matches the filters', async () => {
    renderAt('/admin/audit?actor=NB1', []);
    expect(await screen.findByText('No entries match these filters')).toBeTruthy();
  });
});
