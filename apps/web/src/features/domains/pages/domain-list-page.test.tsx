import type { DomainBatchBody, DomainGroup, MyDomain, MyDomainsPage } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setRenderEnv } from '../../../lib/render-env.ts';
import {
  fail,
  fillIn,
  http,
  locationOf,
  ok,
  queryOf,
  renderWithProviders,
  requestsTo,
  rowWith,
  server,
} from '../../../lib/testing/index.ts';
import { DomainListPage } from './domain-list-page.tsx';

function domain(patch: Partial<MyDomain>): MyDomain {
  return {
    domainId: 'D1',
    name: 'alpha.com',
    tld: 'com',
    registrar: 'NameBourse Registrar',
    status: 'normal',
    lockStatus: 'closed',
    registeredAt: '2020-03-01T12:00:00.000Z',
    expiresAt: '2027-03-01T12:00:00.000Z',
    acquiredAt: '2026-10-01T12:00:00.000Z',
    orderId: 'O1',
    groupId: null,
    group: null,
    notes: null,
    transferOutAllowedFrom: '2026-11-30T12:00:00.000Z',
    reclaimableUntil: null,
    renewalPriceCents: 1_099,
    redemptionPriceCents: 8_000,
    redeemable: false,
    listed: false,
    pendingOperation: null,
    authCodeExpiresAt: null,
    ...patch,
  };
}

const ALPHA = domain({ groupId: '7', group: 'Brands', notes: 'Keep for the launch' });
const BETA = domain({
  domainId: 'D2',
  name: 'beta.io',
  tld: 'io',
  lockStatus: 'open',
  renewalPriceCents: 4_999,
  transferOutAllowedFrom: '2020-01-01T12:00:00.000Z',
  reclaimableUntil: '2026-12-20T12:00:00.000Z',
});
const GAMMA = domain({
  domainId: 'D3',
  name: 'gamma.net',
  tld: 'net',
  status: 'in_redemption',
  redeemable: true,
  renewalPriceCents: 1_399,
  pendingOperation: 'renew',
});
const DOMAINS = [ALPHA, BETA, GAMMA];
const GROUPS: DomainGroup[] = [{ groupId: '7', name: 'Brands', description: 'Brand names', domainCount: 1 }];

/** The server's time in the answers: before alpha.com's transfer-out date, whatever the device clock says. */
const SERVER_TIME = '2026-11-20T12:00:00.000Z';
const page = (items: MyDomain[], total = items.length): MyDomainsPage => ({
  items,
  total,
  page: 1,
  pageSize: 20,
  serverTime: SERVER_TIME,
});

function renderAt(path = '/console/domain/list') {
  return renderWithProviders(<DomainListPage />, { path, route: '/console/domain/list' });
}

async function listed() {
  await screen.findByText('gamma.net');
}

describe('<DomainListPage>', () => {
  beforeEach(() => {
    server.use(
      http.get('/api/domains', () => ok(page(DOMAINS))),
      http.get('/api/domain-groups', () => ok({ items: GROUPS })),
    );
  });

  it('shows each domain with its status, lock, group, notes, price, transfer-out date and reclaim window', async () => {
    renderAt();
    await listed();
    const alpha = rowWith('alpha.com');
    expect(alpha.textContent).toContain('Normal');
    expect(alpha.textContent).toContain('Locked');
    expect(alpha.textContent).toContain('Brands');
    expect(alpha.textContent).toContain('Keep for the launch');
    expect(alpha.textContent).toContain('$10.99/yr');
    expect(alpha.textContent).toMatch(/Possible from 11\/30\/2026/);
    const beta = rowWith('beta.io');
    expect(beta.textContent).toContain('Unlocked');
    expect(beta.textContent).toContain('Possible now');
    expect(beta.textContent).toContain('The previous holder can reclaim it until 12/20/2026');
    const gamma = rowWith('gamma.net');
    expect(gamma.textContent).toContain('In redemption');
    expect(gamma.textContent).toContain('Renewal in progress');
    expect(gamma.textContent).toContain('Redeemable · restore fee $80.00');
    expect(within(gamma).getByRole('switch', { name: 'Transfer lock of gamma.net' })).toHaveProperty('disabled', true);
    expect(requestsTo('GET', '/api/domains').map(queryOf)[0]).toEqual({ page: '1', pageSize: '20' });
  });

  it('says transfer out is possible once the server’s clock has passed the date, not the device’s', async () => {
    const later = new Date(Date.now() + 2 * 3_600_000).toISOString();
    server.use(
      http.get('/api/domains', () =>
        ok({
          ...page([domain({ transferOutAllowedFrom: new Date(Date.now() + 3_600_000).toISOString() })]),
          serverTime: later,
        }),
      ),
    );
    renderAt();
    await screen.findByText('alpha.com');
    await waitFor(() => expect(rowWith('alpha.com').textContent).toContain('Possible now'));
  });

  it('lays the list out as a table on wide screens, with the same controls', async () => {
    // No matchMedia in jsdom: the layout follows the render's phone guess, here a desktop.
    setRenderEnv({ nowMs: Date.now(), timeZone: 'UTC', session: null, phone: false, clockOffsetMs: 0 });
    try {
      const { user } = renderAt();
      const table = await screen.findByRole('table', { name: 'My domains' });
      await within(table).findByText('gamma.net');
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent);
      expect(headers).toEqual([
        '',
        'Domain',
        'Status',
        'Transfer lock',
        'Expires',
        'Renewal price',
        'Transfer out',
        'Actions',
      ]);
      const gamma = rowWith('gamma.net');
      expect(gamma.textContent).toContain('Redeemable');
      expect(gamma.textContent).toContain('Renewal in progress');
      expect(rowWith('alpha.com').textContent).toContain('Registered 03/01/2020');
      await user.click(within(table).getByRole('checkbox', { name: 'Select all domains on this page' }));
      expect(screen.getByText('3 domains selected')).toBeDefined();
      expect(within(rowWith('beta.io')).getByRole('button', { name: 'Actions for beta.io' })).toBeDefined();
    } finally {
      setRenderEnv(null);
    }
  });

  it('asks the server for the filters in the address, and puts a chosen filter there', async () => {
    const { user, router } = renderAt(
      '/console/domain/list?q=alp&status=renewable&tld=com&group=none&expiring=30&lock=closed&sort=expires_asc&page=2',
    );
    await waitFor(() =>
      expect(requestsTo('GET', '/api/domains').map(queryOf)[0]).toEqual({
        keyword: 'alp',
        status: 'renewable',
        tld: 'com',
        groupId: 'none',
        expiringWithinDays: '30',
        lock: 'closed',
        sort: 'expires_asc',
        page: '2',
        pageSize: '20',
      }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'Brands' }));
    await waitFor(() => expect(locationOf(router)).toContain('group=7'));
    expect(locationOf(router)).not.toContain('page=2');
    await waitFor(() => expect(requestsTo('GET', '/api/domains').map(queryOf).at(-1)?.groupId).toBe('7'));
  });

  it('turns the lock off: the row shows it opening, then the page follows it to open', async () => {
    let lock: MyDomain['lockStatus'] = 'closed';
    server.use(
      http.get('/api/domains', () => ok(page([{ ...ALPHA, lockStatus: lock }]))),
      http.post('/api/domains/alpha.com/transfer-lock', () => {
        lock = 'opening';
        return ok({ lockStatus: 'opening' });
      }),
    );
    const { user } = renderAt();
    await screen.findByText('alpha.com');
    await user.click(screen.getByRole('switch', { name: 'Transfer lock of alpha.com' }));
    await waitFor(() => expect(rowWith('alpha.com').textContent).toContain('Unlocking…'));
    expect(await requestsTo('POST', '/api/domains/alpha.com/transfer-lock')[0]?.json()).toEqual({ locked: false });
    expect(await screen.findByText(/Turning the transfer lock of alpha.com off/)).toBeDefined();
    lock = 'open';
    await waitFor(() => expect(rowWith('alpha.com').textContent).toContain('Unlocked'), { timeout: 8_000 });
  }, 30_000);

  it('says why a lock change failed, in the reader’s language', async () => {
    server.use(
      http.post('/api/domains/beta.io/transfer-lock', () =>
        fail('Domain.TransferLockFailed', { data: { reason: 'listed' } }),
      ),
    );
    const { user } = renderAt();
    await listed();
    await user.click(screen.getByRole('switch', { name: 'Transfer lock of beta.io' }));
    expect(
      await screen.findByText('Failed to update transfer lock status: The domain is listed for sale; delist it first'),
    ).toBeDefined();
    expect(rowWith('beta.io').textContent).toContain('Unlocked');
  });

  it('locks the selected domains in a batch and reports a partial failure, keeping the selection', async () => {
    server.use(
      http.post('/api/domains/batch', async ({ request }) => {
        const body = (await request.json()) as DomainBatchBody;
        return ok({
          succeeded: body.names.filter((n) => n !== 'beta.io'),
          failed: body.names.includes('beta.io') ? [{ name: 'beta.io', code: 'listed', message: 'listed' }] : [],
        });
      }),
    );
    const { user } = renderAt();
    await listed();
    await user.click(screen.getByRole('checkbox', { name: 'Select all domains on this page' }));
    expect(screen.getByText('3 domains selected')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Lock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn the transfer lock on for 3 domains' });
    await user.click(within(dialog).getByRole('button', { name: 'Lock' }));
    expect(await within(dialog).findByText(/2 succeeded, 1 failed\./)).toBeDefined();
    const failures = within(dialog).getByRole('list', { name: 'Failed domains' });
    expect(failures.textContent).toContain('beta.io');
    expect(failures.textContent).toContain('The domain is listed for sale; delist it first');
    expect(await requestsTo('POST', '/api/domains/batch')[0]?.json()).toEqual({
      action: 'lock',
      names: ['alpha.com', 'beta.io', 'gamma.net'],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByText('3 domains selected')).toBeDefined();
  });

  it('sends a large batch in chunks of 50 with a determinate progress bar', async () => {
    const many = Array.from({ length: 55 }, (_, i) => domain({ domainId: `M${i}`, name: `n${i}.com` }));
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    server.use(
      http.get('/api/domains', () => ok(page(many))),
      http.post('/api/domains/batch', async ({ request }) => {
        calls += 1;
        if (calls === 2) await gate;
        const body = (await request.json()) as DomainBatchBody;
        return ok({ succeeded: body.names, failed: [] });
      }),
    );
    const { user } = renderAt();
    await screen.findByText('n54.com');
    await user.click(screen.getByRole('checkbox', { name: 'Select all domains on this page' }));
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    const bar = await within(dialog).findByRole('progressbar');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('91'));
    release();
    expect(await within(dialog).findByText(/55 succeeded, 0 failed\./)).toBeDefined();
    expect(requestsTo('POST', '/api/domains/batch').map((r) => r.url)).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/domains selected/)).toBeNull();
  }, 40_000);

  it('renews the selected domains at their own prices; a short balance opens the recharge prompt', async () => {
    server.use(
      http.post('/api/domains/batch', () => fail('Funds.InsufficientBalance', { data: { shortfallCents: 2_000 } })),
    );
    const { user } = renderAt();
    await listed();
    await user.click(screen.getByRole('checkbox', { name: 'Select alpha.com' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select beta.io' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Batch actions' })).getByRole('button', { name: 'Renew' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Renew 2 domains' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Renewal period' }));
    await user.click(await screen.findByRole('option', { name: '2 years' }));
    expect(within(dialog).getByTestId('batch-renew-price').textContent).toBe('Subtotal$121.96Tax 6%$7.32Total$129.28');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $129.28' }));
    expect(await screen.findByText('You need at least $20.00 more.')).toBeDefined();
    expect(await within(dialog).findByText(/0 succeeded, 2 failed\./)).toBeDefined();
    expect(await requestsTo('POST', '/api/domains/batch')[0]?.json()).toEqual({
      action: 'renew',
      names: ['alpha.com', 'beta.io'],
      years: 2,
    });
  }, 30_000);

  it('renews for the chosen years at the price per year, paid from the balance', async () => {
    server.use(
      http.post('/api/domains/alpha.com/renew', () => ok({ orderId: 'R1', amountCents: 3_495, status: 'renewing' })),
    );
    const { user } = renderAt();
    await listed();
    await user.click(within(rowWith('alpha.com')).getByRole('button', { name: 'Actions for alpha.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew alpha.com' });
    expect(within(dialog).getByTestId('renew-price').textContent).toContain('Total$11.65');
    await user.click(within(dialog).getByRole('combobox', { name: 'Renewal period' }));
    await user.click(await screen.findByRole('option', { name: '3 years' }));
    expect(within(dialog).getByTestId('renew-price').textContent).toBe(
      'Price per year$10.99Years× 3Tax 6%$1.98Total$34.95',
    );
    expect(dialog.textContent).toContain('Paid from your available balance');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $34.95' }));
    expect(await within(dialog).findByText(/The registrar confirms it shortly/)).toBeDefined();
    const [renewal] = requestsTo('POST', '/api/domains/alpha.com/renew');
    expect(await renewal?.json()).toEqual({ years: 3 });
    expect(renewal?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('offers redemption only for a redeemable domain, with its restore fee', async () => {
    server.use(
      http.post('/api/domains/gamma.net/redeem', () =>
        fail('Domain.RedemptionFailed', { data: { reason: 'in_progress' } }),
      ),
    );
    const { user } = renderAt();
    await listed();
    await user.click(within(rowWith('alpha.com')).getByRole('button', { name: 'Actions for alpha.com' }));
    expect(screen.queryByRole('menuitem', { name: 'Redeem' })).toBeNull();
    await user.keyboard('{Escape}');
    // gamma.net has a renewal in flight; a second answer is awaited before redeeming.
    server.use(http.get('/api/domains', () => ok(page([{ ...GAMMA, pendingOperation: null }]))));
    // On a phone the selects are folded under the Filters button, which counts the ones set.
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    const filters = screen.getByRole('button', { name: 'Filters (0)' });
    expect(filters.getAttribute('aria-expanded')).toBe('false');
    await user.click(filters);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'In redemption' }));
    await waitFor(() => expect(screen.queryByText('alpha.com')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Hide filters' }));
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Actions for gamma.net' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Redeem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem gamma.net' });
    expect(within(dialog).getByTestId('redeem-price').textContent).toBe('Restore fee$80.00Tax 6%$4.80Total$84.80');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $84.80' }));
    expect(await within(dialog).findByText('Redemption failed: Another operation is in progress')).toBeDefined();
  });

  it('creates, renames and deletes groups, and moves a domain into one', async () => {
    let groups = [...GROUPS];
    server.use(
      http.get('/api/domain-groups', () => ok({ items: groups })),
      http.post('/api/domain-groups', async ({ request }) => {
        const body = (await request.json()) as { name: string; description?: string };
        const group = { groupId: '8', name: body.name, description: body.description ?? '', domainCount: 0 };
        groups = [...groups, group];
        return ok(group);
      }),
      http.post('/api/domain-groups/:groupId', async ({ request }) => {
        const body = (await request.json()) as { name: string };
        groups = groups.map((g) => (g.groupId === '7' ? { ...g, name: body.name } : g));
        return ok(groups[0]);
      }),
      http.delete('/api/domain-groups/:groupId', () => {
        groups = groups.filter((g) => g.groupId !== '7');
        return ok(null);
      }),
      http.post('/api/domains/beta.io/settings', () => ok(null)),
    );
    const { user } = renderAt();
    await listed();
    await user.click(screen.getByRole('button', { name: 'Groups' }));
    const panel = await screen.findByRole('dialog', { name: 'Domain groups' });
    expect(await within(panel).findByText('1 domain · Brand names')).toBeDefined();

    await user.click(within(panel).getByRole('button', { name: 'New group' }));
    const create = await screen.findByRole('dialog', { name: 'New group' });
    await user.click(within(create).getByRole('button', { name: 'Create' }));
    expect(within(create).getByText('This field is required')).toBeDefined();
    await fillIn(user, within(create).getByRole('textbox', { name: 'Name' }), 'Parked');
    await user.click(within(create).getByRole('button', { name: 'Create' }));
    expect(await within(panel).findByRole('button', { name: 'Parked: show its 0 domains' })).toBeDefined();
    expect(await requestsTo('POST', '/api/domain-groups')[0]?.json()).toEqual({ name: 'Parked', description: '' });

    await user.click(within(panel).getByRole('button', { name: 'Rename or describe Brands' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit group Brands' });
    await fillIn(user, within(edit).getByRole('textbox', { name: 'Name' }), 'Core brands');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByRole('button', { name: 'Core brands: show its 1 domain' })).toBeDefined();

    await user.click(within(panel).getByRole('button', { name: 'Delete Core brands' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete group Core brands?' });
    expect(confirm.textContent).toContain('Its 1 domain becomes ungrouped');
    await user.click(within(confirm).getByRole('button', { name: 'Delete group' }));
    await waitFor(() => expect(within(panel).queryByText('Core brands')).toBeNull());
    expect(requestsTo('DELETE', '/api/domain-groups/7')).toHaveLength(1);
    await user.click(await within(panel).findByRole('button', { name: 'Close' }));

    await user.click(within(rowWith('beta.io')).getByRole('button', { name: 'Actions for beta.io' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to group' }));
    const assign = await screen.findByRole('dialog', { name: 'Move beta.io to a group' });
    await user.click(within(assign).getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'Parked' }));
    await user.click(within(assign).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await requestsTo('POST', '/api/domains/beta.io/settings')[0]?.json()).toEqual({ groupId: '8' });
  }, 40_000);

  it('edits the notes of a domain', async () => {
    server.use(http.post('/api/domains/alpha.com/settings', () => ok(null)));
    const { user } = renderAt();
    await listed();
    await user.click(within(rowWith('alpha.com')).getByRole('button', { name: 'Actions for alpha.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notes for alpha.com' });
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'Notes' }), 'Renew before March');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await requestsTo('POST', '/api/domains/alpha.com/settings')[0]?.json()).toEqual({
      notes: 'Renew before March',
    });
  });

  it('links each domain to its transfer out', async () => {
    const { user } = renderAt();
    await listed();
    await user.click(within(rowWith('beta.io')).getByRole('button', { name: 'Actions for beta.io' }));
    expect((await screen.findByRole('menuitem', { name: 'Transfer out' })).getAttribute('href')).toBe(
      '/console/domain/transfer-out?domain=beta.io',
    );
  });

  it('starts with a way to the auctions and to transfer a domain in', async () => {
    server.use(
      http.get('/api/domains', () => ok(page([]))),
      http.post('/api/domains/transfer-in', () => ok({ transferId: 'T1', status: 'pending' })),
    );
    const { user } = renderAt();
    const empty = await screen.findByTestId('domains-empty');
    expect(within(empty).getByRole('link', { name: 'Browse auctions' }).getAttribute('href')).toBe('/sale');
    await user.click(within(empty).getByRole('button', { name: 'Transfer in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer a domain in' });
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'Domain' }), 'Outside.com');
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'Transfer code' }), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Start transfer in' }));
    expect(requestsTo('POST', '/api/domains/transfer-in')).toHaveLength(0);
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'Transfer code' }), 'Xy7#kP2q');
    await user.click(within(dialog).getByRole('button', { name: 'Start transfer in' }));
    expect(await within(dialog).findByText(/The transfer in of outside.com has started/)).toBeDefined();
    expect(await requestsTo('POST', '/api/domains/transfer-in')[0]?.json()).toEqual({
      domain: 'outside.com',
      authCode: 'Xy7#kP2q',
    });
    expect(within(dialog).getByRole('link', { name: 'See transfer results' }).getAttribute('href')).toBe(
      '/console/domain/transfer-out#results',
    );
  });

  it('shows the error of the list with a retry', async () => {
    server.use(http.get('/api/domains', () => fail('Request.Failed', { status: 500 })));
    renderAt();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeDefined();
  });

  it('shows a domain’s registry status (RDAP) and its registrar operations with their reasons', async () => {
    server.use(
      http.get('/api/domains/alpha.com', () =>
        ok({
          ...ALPHA,
          serverTime: SERVER_TIME,
          registry: {
            statuses: ['client transfer prohibited', 'auto renew period', 'something new'],
            expiresAt: '2027-03-01T12:00:00.000Z',
            lastChangedAt: '2026-10-01T12:00:00.000Z',
            checkedAt: SERVER_TIME,
            error: null,
          },
          operations: [
            {
              operationId: '2',
              kind: 'unlock',
              status: 'failed',
              reason: 'registrar: registry timeout',
              requestedAt: '2026-11-19T12:00:00.000Z',
              finishedAt: '2026-11-19T12:02:00.000Z',
            },
          ],
        }),
      ),
    );
    const { user } = renderAt();
    await listed();
    await user.click(screen.getByRole('button', { name: 'Actions for alpha.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'alpha.com details' });
    expect(await within(dialog).findByText('Client transfer prohibited')).toBeDefined();
    expect(within(dialog).getByText('Auto-renew grace period')).toBeDefined();
    expect(within(dialog).getByText('something new')).toBeDefined();
    expect(within(dialog).getByText('Turn the transfer lock off')).toBeDefined();
    expect(within(dialog).getByText('Failed')).toBeDefined();
    expect(within(dialog).getByText('The registrar could not complete it: registry timeout')).toBeDefined();
  });
});
