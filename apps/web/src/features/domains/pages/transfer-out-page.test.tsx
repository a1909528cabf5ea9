import type { DomainDetail, DomainTransfer, MfaChallenge, MyDomain, Page } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetServerClock } from '../../../components/auction/server-clock.ts';
import { publicParametersHandler } from '../../../lib/public-parameters.test-support.ts';
import {
  fail,
  http,
  locationOf,
  ok,
  queryOf,
  renderWithProviders,
  requestsTo,
  rowWith,
  server,
} from '../../../lib/testing/index.ts';
import { TransferOutPage } from './transfer-out-page.tsx';

const NAME = 'brand.com';
const DOMAIN = `/api/domains/${NAME}`;
const TRANSFERS = '/api/domains/transfers';

const challenge: MfaChallenge = {
  challengeId: 'ch-1',
  challengeReason: 'TRANSFER_OUT',
  allowedAttempts: 5,
  availableFactors: [{ method: 'AUTHENTICATOR', target: '', tip: '' }],
};

function detail(patch: Partial<DomainDetail> = {}): DomainDetail {
  return {
    domainId: 'D1',
    name: NAME,
    tld: 'com',
    registrar: 'NameBourse Registrar',
    status: 'normal',
    lockStatus: 'open',
    registeredAt: '2020-01-01T00:00:00.000Z',
    expiresAt: '2030-01-01T00:00:00.000Z',
    acquiredAt: '2025-01-01T00:00:00.000Z',
    orderId: 'O1',
    groupId: null,
    group: null,
    notes: null,
    transferOutAllowedFrom: '2025-03-02T00:00:00.000Z',
    reclaimableUntil: null,
    renewalPriceCents: 1099,
    redemptionPriceCents: 8000,
    redeemable: false,
    listed: false,
    pendingOperation: null,
    authCodeExpiresAt: null,
    registry: { statuses: ['active'], expiresAt: null, lastChangedAt: null, checkedAt: null, error: null },
    operations: [],
    serverTime: new Date().toISOString(),
    ...patch,
  };
}

function transfer(patch: Partial<DomainTransfer>): DomainTransfer {
  return {
    transferId: 'T1',
    domain: NAME,
    direction: 'out',
    kind: 'standard',
    status: 'pending',
    reason: null,
    fromRegistrar: 'NameBourse Registrar',
    toRegistrar: null,
    requestedAt: '2026-01-10T12:00:00.000Z',
    finishedAt: null,
    authCodeExpiresAt: '2026-01-24T12:00:00.000Z',
    cancelRequested: false,
    ...patch,
  };
}

const page = <T,>(items: T[]): Page<T> => ({ items, total: items.length, page: 1, pageSize: 10 });

/** The page at `path` with the domain answering `domain` (a function: the answer may change) and `transfers`. */
async function renderPage({
  path = `/console/domain/transfer-out?domain=${NAME}`,
  domain = () => detail(),
  transfers = [] as DomainTransfer[],
  domains = [] as MyDomain[],
} = {}) {
  server.use(
    http.get(DOMAIN, () => ok(domain())),
    http.get(TRANSFERS, () => ok(page(transfers))),
    http.get('/api/domains', () => ok(page(domains))),
  );
  const view = renderWithProviders(<TransferOutPage />, { path, route: '/console/domain/transfer-out' });
  await screen.findByRole('heading', { level: 1, name: 'Transfer out' });
  return view;
}

const codeButton = () => screen.findByRole('button', { name: 'Get transfer code' });

afterEach(() => resetServerClock());

describe('<TransferOutPage>', { timeout: 30_000 }, () => {
  it('asks MFA, then shows the transfer code once with its expiry; the domain is then transferring out', async () => {
    let status: DomainDetail['status'] = 'normal';
    server.use(
      http.post(`${DOMAIN}/transfer-code`, async ({ request }) => {
        const body = (await request.json()) as { mfaVerification?: unknown };
        if (!body.mfaVerification) return fail('Account.Mfa.Required', { data: challenge });
        status = 'transferring_out';
        return ok({ authCode: 'Xy7#kP2q-9Lm', expiresAt: '2026-02-10T08:30:00.000Z', transferId: 'T9' });
      }),
    );
    const { user } = await renderPage({
      domain: () =>
        detail(status === 'transferring_out' ? { status, authCodeExpiresAt: '2026-02-10T08:30:00.000Z' } : {}),
    });
    expect(screen.queryByTestId('transfer-code')).toBeNull();
    await user.click(await codeButton());

    const dialog = await screen.findByRole('dialog', { name: 'Security verification' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Authenticator code' }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    const code = await screen.findByTestId('transfer-code');
    expect(code.textContent).toBe('Xy7#kP2q-9Lm');
    const panel = screen.getByRole('region', { name: `Transfer code of ${NAME}` });
    expect(panel.textContent).toContain('This is the only time the code is shown here');
    expect(panel.textContent).toMatch(/sent to your email address\. It expires on 02\/10\/2026/);
    expect(within(panel).getByRole('button', { name: 'Copy transfer code' })).toBeDefined();
    const [, retried] = requestsTo('POST', `${DOMAIN}/transfer-code`);
    expect(await retried?.json()).toEqual({
      mfaVerification: { challengeId: 'ch-1', factors: [{ method: 'AUTHENTICATOR', token: '123456' }] },
    });

    // The domain is now transferring out: the button issues a new code.
    await screen.findByRole('button', { name: 'Get a new transfer code' });
    expect(screen.getByTestId('transfer-domain-status').textContent).toBe('Transferring out');

    // Copy: to the clipboard, or 'Copy failed, please copy manually' when the clipboard refuses.
    await user.click(within(panel).getByRole('button', { name: 'Copy transfer code' }));
    expect(await navigator.clipboard.readText()).toBe('Xy7#kP2q-9Lm');
    const refuse = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(within(panel).getByRole('button', { name: 'Copy transfer code' }));
    expect((await within(panel).findByRole('status')).textContent).toBe('Copy failed, please copy manually');
    refuse.mockRestore();

    // Once hidden, the code is gone from the page: nothing fetches it again.
    await user.click(within(panel).getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByText('Xy7#kP2q-9Lm')).toBeNull();
    expect(requestsTo('POST', `${DOMAIN}/transfer-code`)).toHaveLength(2);
  });

  it('keeps the request disabled before the transfer-out date and says the date and the waits in force', async () => {
    // The wait and the code's lifetime are parameters an operator changed: the page says the server's numbers.
    server.use(publicParametersHandler({ transferOutWaitDays: 45, authCodeLifetimeDays: 10 }));
    await renderPage({ domain: () => detail({ transferOutAllowedFrom: '2099-05-06T00:00:00.000Z' }) });
    const button = await codeButton();
    expect(button).toHaveProperty('disabled', true);
    const reason = screen.getByTestId('transfer-code-blocked');
    await waitFor(() =>
      expect(reason.textContent).toBe(
        'Transfer out is possible from 05/06/2099: a domain cannot be transferred out within 45 days of delivery or transfer in.',
      ),
    );
    expect(screen.getByText(/It is valid for 10 days\./)).toBeDefined();
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    expect(screen.getByTestId('transfer-allowed-from').textContent).toBe('05/06/2099');
  });

  it('compares the transfer-out date with the server clock, not the device clock', async () => {
    await renderPage({
      domain: () =>
        detail({ transferOutAllowedFrom: '2099-05-06T00:00:00.000Z', serverTime: '2099-05-07T00:00:00.000Z' }),
    });
    await waitFor(() => expect(screen.getByTestId('transfer-allowed-from').textContent).toBe('Now'));
    expect(screen.getByRole('button', { name: 'Get transfer code' })).toHaveProperty('disabled', false);
    expect(screen.queryByTestId('transfer-code-blocked')).toBeNull();
  });

  it('asks to turn the transfer lock off first, with a way to My domains', async () => {
    await renderPage({ domain: () => detail({ lockStatus: 'closed' }) });
    expect(await codeButton()).toHaveProperty('disabled', true);
    expect(screen.getByTestId('transfer-code-blocked').textContent).toContain('Turn the transfer lock off first');
    const link = screen.getByRole('link', { name: 'Turn it off in My domains' });
    expect(link.getAttribute('href')).toBe(`/console/domain/list?q=${NAME}`);
    expect(screen.getByTestId('transfer-lock').textContent).toBe('Locked');
  });

  it('says why a re-request of the transfer code was refused', async () => {
    server.use(
      http.post(`${DOMAIN}/transfer-code`, () => fail('Domain.TransferCodeFailed', { data: { reason: 'too_soon' } })),
    );
    const { user } = await renderPage({
      domain: () => detail({ status: 'transferring_out', authCodeExpiresAt: '2026-02-10T08:30:00.000Z' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Get a new transfer code' }));
    await user.click(await screen.findByTestId('transfer-code-reconfirm'));
    const error = await screen.findByTestId('transfer-code-error');
    expect(error.textContent).toContain('Failed to re-request the transfer code');
    expect(error.textContent).toContain('The transfer code was requested moments ago; try again in a few minutes');
    expect(screen.queryByTestId('transfer-code')).toBeNull();
  });

  it('offers fast transfer only while transferring out', async () => {
    await renderPage();
    expect(await screen.findByText(/Available once the domain is transferring out/)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Fast transfer out' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Cancel transfer out' })).toBeNull();
  });

  it('shows a fast transfer refusal with its reason, then an accepted one as coming later', async () => {
    const answers = [
      () => fail('Domain.FastTransferFailed', { data: { reason: 'dispute' } }),
      () => ok({ status: 'transferring_out', transferId: 'T2' }),
    ];
    server.use(http.post(`${DOMAIN}/fast-transfer`, () => answers.shift()?.() ?? fail('Request.Unexpected')));
    const { user } = await renderPage({
      domain: () => detail({ status: 'transferring_out', authCodeExpiresAt: '2099-01-01T00:00:00.000Z' }),
    });
    expect(await screen.findByText(/the transfer code is current.*not under dispute/)).toBeDefined();
    await user.click(screen.getByRole('combobox', { name: 'Partner registrar' }));
    await user.click(await screen.findByRole('option', { name: 'Dynadot' }));
    await user.click(screen.getByRole('button', { name: 'Fast transfer out' }));

    const error = await screen.findByTestId('transfer-fast-error');
    expect(error.textContent).toContain('Fast transfer failed');
    expect(error.textContent).toContain('The domain is under dispute and cannot be transferred');
    expect(await requestsTo('POST', `${DOMAIN}/fast-transfer`)[0]?.json()).toEqual({ registrar: 'Dynadot' });

    await user.click(screen.getByRole('button', { name: 'Fast transfer out' }));
    expect((await screen.findByText(/Fast transfer to Dynadot requested/)).textContent).toContain(
      'the result appears under Results',
    );
    expect(screen.queryByTestId('transfer-fast-error')).toBeNull();
  });

  it('waits for a fast transfer in flight: no second push, no cancellation, no new code', async () => {
    await renderPage({
      domain: () =>
        detail({
          status: 'transferring_out',
          pendingOperation: 'transfer_out',
          authCodeExpiresAt: '2099-01-01T00:00:00.000Z',
          operations: [
            {
              operationId: '3',
              kind: 'fast_transfer',
              status: 'pending',
              reason: null,
              requestedAt: '2026-01-10T12:00:00.000Z',
              finishedAt: null,
            },
          ],
        }),
    });
    expect(
      (await screen.findAllByText('A fast transfer is waiting for the registrar’s answer.')).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Fast transfer out' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Cancel transfer out' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Get a new transfer code' })).toHaveProperty('disabled', true);
  });

  it('cancels a transfer out after a confirmation and says the cancellation was requested', async () => {
    server.use(http.post(`${DOMAIN}/cancel-transfer`, () => ok({ status: 'transferring_out', transferId: 'T1' })));
    const { user } = await renderPage({ domain: () => detail({ status: 'transferring_out' }) });
    await user.click(await screen.findByRole('button', { name: 'Cancel transfer out' }));
    const dialog = await screen.findByRole('dialog', { name: `Cancel the transfer out of ${NAME}?` });
    expect(requestsTo('POST', `${DOMAIN}/cancel-transfer`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel transfer out' }));
    expect((await screen.findByText(/^Cancellation requested\./)).textContent).toContain('when the registry answers');
    expect(requestsTo('POST', `${DOMAIN}/cancel-transfer`)).toHaveLength(1);
  });

  it('lists transfers with localized reasons, and puts the filters in the address and the query', async () => {
    const { user, router } = await renderPage({
      path: '/console/domain/transfer-out',
      transfers: [
        transfer({ transferId: 'T1', domain: 'alpha.com', status: 'failed', reason: 'registrar: code rejected' }),
        transfer({
          transferId: 'T2',
          domain: 'beta.io',
          direction: 'in',
          kind: 'standard',
          status: 'completed',
          fromRegistrar: 'GoDaddy',
          toRegistrar: 'NameBourse Registrar',
          finishedAt: '2026-01-12T09:00:00.000Z',
        }),
      ],
    });
    expect(screen.getByText(/Choose one of your domains/)).toBeDefined();
    await screen.findAllByTestId('transfer-row');
    expect(rowWith('alpha.com').textContent).toContain('The registrar could not complete it: code rejected');
    expect(rowWith('beta.io').textContent).toContain('Transfer in');
    expect(rowWith('beta.io').textContent).toContain('Completed');
    expect(rowWith('beta.io').textContent).toContain('GoDaddy');
    expect(screen.getByRole('region', { name: 'Results' }).id).toBe('results');

    await user.click(screen.getByRole('combobox', { name: 'Direction' }));
    await user.click(await screen.findByRole('option', { name: 'Transfer in' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search transfers' }), 'beta{Enter}');

    await waitFor(() =>
      expect(locationOf(router)).toBe('/console/domain/transfer-out?direction=in&status=failed&keyword=beta'),
    );
    await waitFor(() => {
      const last = requestsTo('GET', TRANSFERS).at(-1);
      expect(last && queryOf(last)).toEqual({
        direction: 'in',
        status: 'failed',
        keyword: 'beta',
        page: '1',
        pageSize: '10',
      });
    });
  });

  it('speaks Chinese with the glossary words', async () => {
    server.use(
      http.get(DOMAIN, () => ok(detail({ lockStatus: 'closed' }))),
      http.get(TRANSFERS, () => ok(page([transfer({ status: 'cancelled', reason: 'cancelled' })]))),
    );
    renderWithProviders(<TransferOutPage />, {
      path: `/console/domain/transfer-out?domain=${NAME}`,
      route: '/console/domain/transfer-out',
      locale: 'zh-CN',
    });
    expect(await screen.findByRole('heading', { level: 1, name: '转出' })).toBeDefined();
    expect((await screen.findByRole('button', { name: '获取转移码' })).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('transfer-code-blocked').textContent).toContain('请先关闭转移锁');
    expect(screen.getByRole('heading', { level: 3, name: '快速转出' })).toBeDefined();
    expect((await screen.findByTestId('transfer-row')).textContent).toContain('已取消');
  });

  it('shows the empty results and a not-found domain in place', async () => {
    server.use(http.get(DOMAIN, () => fail('Domain.NotFound')));
    renderWithProviders(<TransferOutPage />, {
      path: `/console/domain/transfer-out?domain=${NAME}`,
      route: '/console/domain/transfer-out',
    });
    server.use(http.get(TRANSFERS, () => ok(page([]))));
    expect(await screen.findByText('This domain is not in your account')).toBeDefined();
    expect((await screen.findByTestId('transfer-results-empty')).textContent).toContain('No transfers yet');
  });
});
