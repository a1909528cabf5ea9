import type { FundsSummary, Page, Payee, Settlement, SettlementRecord } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicParametersHandler } from '../../../lib/public-parameters.test-support.ts';
import {
  fail,
  fillIn,
  http,
  ok,
  queryOf,
  renderWithProviders,
  requestsTo,
  rowWith,
  server,
} from '../../../lib/testing/index.ts';
import { SettlementsPage } from './settlements-page.tsx';

const SETTLEMENTS = '/api/funds/settlements';

const summary = (earningsCents: number): FundsSummary => ({
  availableCents: 0,
  frozenCents: 0,
  earningsCents,
  frozenHolds: [],
  settlingCents: 0,
  currency: 'USD',
});

const approvedWire: Payee = {
  payeeId: 'P1',
  type: 'wire',
  status: 'approved',
  name: 'Zhang San',
  bankName: 'BOC',
  accountNumber: '****8901',
  accountType: 'personal',
  swiftCode: null,
  address: '1 Queens Road Central',
  businessRegistrationNumber: null,
  idNumber: 'H1',
  signatory: 'Zhang San',
  paypalAccount: null,
  files: [],
  reviewNote: null,
  canEdit: false,
  submittedAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  reviewDueAt: null,
};

function settlement(patch: Partial<Settlement>): Settlement {
  return {
    settlementId: 'S1',
    amountCents: 6_050,
    feeCents: 100,
    netCents: 5_950,
    currency: 'USD',
    target: 'wire',
    payee: 'Zhang San · BOC · ****8901',
    note: null,
    status: 'in_review',
    failureReason: null,
    requestedAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    ...patch,
  };
}

/** The value shown beside a label (the earnings figures, the fee and net lines of the preview). */
function valueBeside(label: string): string {
  const labelled = screen.getAllByText(label).find((element) => element.nextElementSibling);
  if (!labelled) throw new Error(`no value beside '${label}'`);
  return labelled.nextElementSibling?.textContent ?? '';
}

const amountField = () => screen.getByRole('textbox', { name: /^Amount \(USD\)/ });
const submitButton = () => screen.getByRole('button', { name: 'Apply for settlement' });
const wireRadio = () => screen.getByRole('radio', { name: /By wire transfer/ });

async function renderPage({
  earningsCents = 12_345,
  payees = [approvedWire],
  records = [] as Settlement[],
  path = '/console/fund/settlements',
  parameters = {} as Parameters<typeof publicParametersHandler>[0],
} = {}) {
  server.use(
    publicParametersHandler(parameters),
    http.get('/api/funds/summary', () => ok(summary(earningsCents))),
    http.get('/api/funds/payees', () => ok({ items: payees })),
    http.get(SETTLEMENTS, () =>
      ok({ items: records, total: records.length, page: 1, pageSize: 10 } satisfies Page<Settlement>),
    ),
  );
  const view = renderWithProviders(<SettlementsPage />, { path, route: '/console/fund/settlements' });
  await screen.findByRole('button', { name: 'Apply for settlement' });
  return view;
}

describe('<SettlementsPage>', { timeout: 30_000 }, () => {
  it('shows the available earnings, the $1 fee and the net amount as the amount is typed', async () => {
    const { user } = await renderPage();
    await waitFor(() => expect(valueBeside('Available earnings')).toBe('$123.45'));
    expect(screen.getByText(/Review takes 3–5 working days/)).toBeDefined();
    await fillIn(user, amountField(), '60.5');
    expect(valueBeside('Fee')).toContain('$1.00');
    expect(valueBeside('You receive')).toBe('$59.50');
    await user.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'rent');
    expect(screen.getByText('4/200')).toBeDefined();
  });

  it('follows the minimum and fee the server holds now (parameters)', async () => {
    const { user } = await renderPage({ parameters: { settlementMinCents: 2_000, settlementFeeCents: 250 } });
    expect(screen.getByText('Settle your sales earnings', { exact: false }).textContent).toContain(
      'At least $20.00 each time; the fee is $2.50 per settlement.',
    );
    await fillIn(user, amountField(), '25');
    expect(valueBeside('Fee')).toContain('$2.50');
    expect(valueBeside('You receive')).toBe('$22.50');
    await fillIn(user, amountField(), '19.99');
    expect(screen.getByTestId('settle-below-minimum').textContent).toBe(
      'Settlements start at $20.00: nothing is received below it',
    );
  });

  it('promises no net amount under the $50 minimum and says the minimum before any submit', async () => {
    const { user } = await renderPage();
    await fillIn(user, amountField(), '10');
    expect(valueBeside('Settlement amount')).toBe('$10.00');
    expect(valueBeside('You receive')).toBe('—');
    expect(screen.getByTestId('settle-below-minimum').textContent).toBe(
      'Settlements start at $50.00: nothing is received below it',
    );
    await fillIn(user, amountField(), '50');
    expect(valueBeside('You receive')).toBe('$49.00');
    expect(screen.queryByTestId('settle-below-minimum')).toBeNull();
    expect(requestsTo('POST', SETTLEMENTS)).toHaveLength(0);
  });

  it('refuses less than $50 and more than the earnings without calling the server', async () => {
    const { user } = await renderPage();
    await fillIn(user, amountField(), '49.99');
    await user.click(submitButton());
    await screen.findByText('The minimum settlement is $50');
    await fillIn(user, amountField(), '123.46');
    await user.click(submitButton());
    await screen.findByText('The amount exceeds your available earnings');
    expect(requestsTo('POST', SETTLEMENTS)).toHaveLength(0);
  });

  it('applies in cents to the approved wire payee with an idempotency key', async () => {
    server.use(http.post(SETTLEMENTS, () => ok(settlement({}))));
    const { user } = await renderPage();
    await fillIn(user, amountField(), '60.5');
    await waitFor(() => expect(wireRadio()).toHaveProperty('disabled', false));
    await user.click(wireRadio());
    await user.click(submitButton());
    await waitFor(() => expect(requestsTo('POST', SETTLEMENTS)).toHaveLength(1));
    const [request] = requestsTo('POST', SETTLEMENTS);
    expect(await request?.json()).toEqual({ amountCents: 6_050, target: 'wire' });
    expect(request?.headers.get('Idempotency-Key')).toMatch(/.{8,}/);
  });

  it('fills in all the earnings', async () => {
    const { user } = await renderPage();
    await waitFor(() => expect(screen.getByRole('button', { name: 'All' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(amountField()).toHaveProperty('value', '123.45');
    expect(valueBeside('You receive')).toBe('$122.45');
  });

  it('disables wire without an approved wire payee and links to the payees page', async () => {
    await renderPage({ payees: [{ ...approvedWire, status: 'pending_review', canEdit: true }] });
    await screen.findByText('Your bank wire payee is under review.');
    expect(wireRadio()).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: 'View payee' }).getAttribute('href')).toBe('/console/fund/payees');
  });

  it('disables the form below the $50 minimum and says why', async () => {
    await renderPage({ earningsCents: 4_999, payees: [] });
    const notEnough = await screen.findByText(/A settlement needs at least/);
    expect(notEnough.textContent).toContain('$49.99');
    expect(submitButton()).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: 'Add a wire payee' }).getAttribute('href')).toBe('/console/fund/payees');
  });

  it('puts the server’s refusal under the amount', async () => {
    server.use(
      http.post(SETTLEMENTS, () =>
        fail('Funds.SettlementExceedsEarnings', {
          status: 400,
          data: { fields: { amountCents: 'The amount exceeds your available earnings' } },
        }),
      ),
    );
    const { user } = await renderPage();
    await fillIn(user, amountField(), '100');
    await user.click(submitButton());
    await screen.findByText('The amount exceeds your available earnings');
    expect(amountField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists the records with amount, fee, payee, status and the reason of a failure', async () => {
    const paidWire: SettlementRecord = { ...settlement({ status: 'success' }), bankReference: 'FT24331-0099' };
    await renderPage({
      records: [
        settlement({
          settlementId: 'S2',
          target: 'balance',
          payee: null,
          status: 'failure',
          failureReason: 'Bank refused',
        }),
        paidWire,
      ],
    });
    await screen.findByText('S2');
    const failed = rowWith('S2');
    expect(failed.textContent).toContain('Account balance');
    expect(within(failed).getByText('Failure')).toBeDefined();
    expect(within(failed).getByText('Bank refused')).toBeDefined();
    const paid = rowWith('S1');
    expect(paid.textContent).toContain('$60.50');
    expect(paid.textContent).toContain('$1.00');
    expect(paid.textContent).toContain('Zhang San · BOC · ****8901');
    expect(within(paid).getByText('Success')).toBeDefined();
    // A paid wire shows the bank's reference of the transfer.
    expect(within(paid).getByTestId('settlement-bank-reference').textContent).toBe('Bank reference: FT24331-0099');
    expect(within(failed).queryByTestId('settlement-bank-reference')).toBeNull();
  });

  it('asks the server for the status and page in the URL', async () => {
    await renderPage({ path: '/console/fund/settlements?status=processing&page=2' });
    await screen.findByText('No settlements with this status');
    expect(requestsTo('GET', SETTLEMENTS).map(queryOf).at(-1)).toEqual({
      status: 'processing',
      page: '2',
      pageSize: '10',
    });
  });
});
