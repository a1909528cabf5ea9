import type { FundsSummary, Page, Payee, Settlement } from '@namebourse/contract';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '../../../app/test-render';
import { ApiError, api } from '../../../lib/api-client';
import { resetFeedbackStore } from '../../../lib/feedback-store';
import i18n from '../../../lib/i18n';
import { SettlementsPage } from './settlements-page';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => {
  const original = await importOriginal();
  return { ...original, api: { ...original.api, get: vi.fn(), post: vi.fn() } };
});

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

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

const body = () => document.body;
const text = () => body().textContent ?? '';
const byTestId = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const found = body().querySelector<T>(`[data-testid="${id}"]`);
  if (!found) throw new Error(`no [data-testid=${id}] in: ${text()}`);
  return found;
};
const radio = (value: string) =>
  body().querySelector<HTMLInputElement>(`input[type=radio][value="${value}"]`) as HTMLInputElement;

async function click(element: HTMLElement) {
  await act(async () => {
    element.click();
  });
}

async function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    const prototype =
      element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

let unmount: (() => void) | null = null;
let queries: Record<string, unknown>[] = [];

async function mount({
  earningsCents = 12_345,
  payees = [approvedWire],
  records = [] as Settlement[],
  path = '/console/fund/settlements',
} = {}) {
  queries = [];
  get.mockImplementation(async (url: string, query?: object) => {
    if (url === '/funds/summary') return summary(earningsCents);
    if (url === '/funds/payees') return { items: payees };
    if (url === '/funds/settlements') {
      queries.push({ ...(query as Record<string, unknown>) });
      return { items: records, total: records.length, page: 1, pageSize: 10 } satisfies Page<Settlement>;
    }
    throw new Error(`unexpected GET ${url}`);
  });
  const router = createMemoryRouter([{ path: '/console/fund/settlements', element: <SettlementsPage /> }], {
    initialEntries: [path],
  });
  const view = await render(<RouterProvider router={router} />);
  unmount = view.unmount;
  await waitFor(() => expect(body().querySelector('[data-testid="settle-form"]')).not.toBeNull());
  return view;
}

describe('<SettlementsPage>', () => {
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

  it('shows the available earnings, the $1 fee and the net amount as the amount is typed', async () => {
    await mount();
    expect(byTestId('settle-earnings').textContent).toBe('$123.45');
    expect(byTestId('settle-review-days').textContent).toContain('Review takes 3–5 working days');
    await type(byTestId<HTMLInputElement>('settle-amount'), '60.5');
    expect(byTestId('settle-fee').textContent).toContain('$1.00');
    expect(byTestId('settle-net').textContent).toBe('$59.50');
    await type(
      byTestId<HTMLTextAreaElement>('settle-form').querySelector('textarea[name="note"]') as HTMLTextAreaElement,
      'rent',
    );
    expect(byTestId('settle-note-counter').textContent).toBe('4/200');
  });

  it('refuses less than $50 and more than the earnings without calling the server', async () => {
    await mount();
    await type(byTestId<HTMLInputElement>('settle-amount'), '49.99');
    await click(byTestId('settle-submit'));
    await waitFor(() => expect(text()).toContain('The minimum settlement is $50'));
    await type(byTestId<HTMLInputElement>('settle-amount'), '123.46');
    await click(byTestId('settle-submit'));
    await waitFor(() => expect(text()).toContain('The amount exceeds your available earnings'));
    expect(post).not.toHaveBeenCalled();
  });

  it('applies in cents to the approved wire payee with an idempotency key', async () => {
    await mount();
    post.mockResolvedValue(settlement({}));
    await type(byTestId<HTMLInputElement>('settle-amount'), '60.5');
    expect(radio('wire').disabled).toBe(false);
    await click(radio('wire'));
    await click(byTestId('settle-submit'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [path, request, options] = post.mock.calls[0] ?? [];
    expect(path).toBe('/funds/settlements');
    expect(request).toEqual({ amountCents: 6_050, target: 'wire', note: undefined });
    expect((options as { idempotencyKey?: string }).idempotencyKey).toMatch(/.{8,}/);
  });

  it('fills in all the earnings', async () => {
    await mount();
    await click(byTestId('settle-all'));
    expect(byTestId<HTMLInputElement>('settle-amount').value).toBe('123.45');
    expect(byTestId('settle-net').textContent).toBe('$122.45');
  });

  it('disables wire without an approved wire payee and links to the payees page', async () => {
    await mount({ payees: [{ ...approvedWire, status: 'pending_review', canEdit: true }] });
    expect(radio('wire').disabled).toBe(true);
    expect(text()).toContain('Your bank wire payee is under review.');
    expect(byTestId<HTMLAnchorElement>('settle-payee-link').getAttribute('href')).toBe('/console/fund/payees');
  });

  it('disables the form below the $50 minimum and says why', async () => {
    await mount({ earningsCents: 4_999, payees: [] });
    expect(byTestId('settle-not-enough').textContent).toContain('$49.99');
    expect(byTestId<HTMLButtonElement>('settle-submit').disabled).toBe(true);
    expect(byTestId<HTMLAnchorElement>('settle-payee-link').textContent).toBe('Add a wire payee');
  });

  it('puts the server’s refusal under the amount', async () => {
    await mount();
    post.mockRejectedValue(
      new ApiError({
        code: 'Funds.SettlementExceedsEarnings',
        message: 'The amount exceeds your available earnings',
        status: 400,
        data: { fields: { amountCents: 'The amount exceeds your available earnings' } },
      }),
    );
    await type(byTestId<HTMLInputElement>('settle-amount'), '100');
    await click(byTestId('settle-submit'));
    await waitFor(() => expect(text()).toContain('The amount exceeds your available earnings'));
    expect(body().querySelector('[role="alert"]')).toBeNull();
  });

  it('lists the records with amount, fee, payee, status and the reason of a failure', async () => {
    await mount({
      records: [
        settlement({
          settlementId: 'S2',
          target: 'balance',
          payee: null,
          status: 'failure',
          failureReason: 'Bank refused',
        }),
        settlement({ status: 'success' }),
      ],
    });
    await waitFor(() => expect(body().querySelectorAll('[data-testid="settlement-row"]')).toHaveLength(2));
    const [failed, paid] = [...body().querySelectorAll<HTMLElement>('[data-testid="settlement-row"]')];
    expect(failed?.textContent).toContain('S2');
    expect(failed?.textContent).toContain('Account balance');
    expect(failed?.querySelector('[data-testid="settlement-status"]')?.textContent).toBe('Failure');
    expect(failed?.querySelector('[data-testid="settlement-reason"]')?.textContent).toBe('Bank refused');
    expect(paid?.textContent).toContain('$60.50');
    expect(paid?.textContent).toContain('$1.00');
    expect(paid?.textContent).toContain('Zhang San · BOC · ****8901');
    expect(paid?.querySelector('[data-testid="settlement-status"]')?.textContent).toBe('Success');
  });

  it('asks the server for the status and page in the URL', async () => {
    await mount({ path: '/console/fund/settlements?status=processing&page=2' });
    await waitFor(() => expect(queries.at(-1)).toEqual({ status: 'processing', page: 2, pageSize: 10 }));
    expect(byTestId('settlement-empty').textContent).toBe('No settlements with this status');
  });
});
