import type { MfaChallenge, Parameter, ParameterChange } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fillIn, http, ok, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { ParametersPage } from './parameters-page.tsx';

const LIST = '/api/admin/parameters';
const CARD_FEE = '/api/admin/parameters/rechargeFeeCardBps';

const challenge: MfaChallenge = {
  challengeId: 'ch-1',
  challengeReason: 'ADMIN_PARAMETER',
  allowedAttempts: 5,
  availableFactors: [{ method: 'AUTHENTICATOR', target: '', tip: '' }],
};

function row(patch: Partial<Parameter> & Pick<Parameter, 'key'>): Parameter {
  return {
    value: 0,
    type: 'count',
    group: 'funds',
    defaultValue: 0,
    public: true,
    description: patch.key,
    updatedAt: null,
    updatedBy: null,
    ...patch,
  };
}

const cardFee = (value = 300): Parameter =>
  row({
    key: 'rechargeFeeCardBps',
    type: 'bps',
    group: 'funds',
    value,
    defaultValue: 300,
    min: 0,
    max: 2_000,
    description: 'Card top-up fee rate (charged on top)',
    ...(value === 300 ? {} : { updatedAt: '2026-11-20T08:30:00.000Z', updatedBy: 'NB100001' }),
  });

const PARAMETERS: Parameter[] = [
  cardFee(),
  row({
    key: 'settlementMinCents',
    type: 'cents',
    value: 5_000,
    defaultValue: 5_000,
    min: 100,
    max: 1_000_000,
    description: 'Lowest settlement amount',
  }),
  row({
    key: 'transferOutWaitDays',
    type: 'days',
    group: 'domains',
    value: 45,
    defaultValue: 60,
    min: 0,
    max: 120,
    description: 'Days after delivery or transfer-in before a transfer out',
    updatedAt: '2026-11-01T02:00:00.000Z',
    updatedBy: 'NB100009',
  }),
  row({
    key: 'autoApproveHeldPlain',
    type: 'boolean',
    group: 'listings',
    value: true,
    defaultValue: true,
    public: false,
    description: 'Listings of domains held here with a plain description are approved without review',
  }),
];

function serve(list: () => Parameter[] = () => PARAMETERS) {
  server.use(http.get(LIST, () => ok(list())));
}

function renderPage(locale: 'en-US' | 'zh-CN' = 'en-US') {
  return renderWithProviders(<ParametersPage />, { path: '/admin/parameters', route: 'admin/parameters', locale });
}

/** The list entry of a parameter, by its description (its heading). */
async function entry(name: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 3, name });
  const item = heading.closest('li');
  if (!item) throw new Error(`no entry for ${name}`);
  return item as HTMLElement;
}

describe('/admin/parameters', { timeout: 30_000 }, () => {
  it('groups the parameters and shows each value in its unit, with default, bounds and last change', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Funds and settlement' })).toBeDefined();
    expect(screen.getByRole('heading', { level: 2, name: 'Domains' })).toBeDefined();
    expect(screen.getByRole('heading', { level: 2, name: 'Listings' })).toBeDefined();
    expect(screen.queryByRole('heading', { level: 2, name: 'Auctions' })).toBeNull();

    const fee = await entry('Card top-up fee rate (charged on top)');
    expect(within(fee).getByTestId('parameter-value').textContent).toBe('3%');
    expect(fee.textContent).toContain('0% to 20%');
    expect(fee.textContent).toContain('Never changed (default)');
    expect(fee.textContent).toContain('Shown to users');

    const minimum = await entry('Lowest settlement amount');
    expect(within(minimum).getByTestId('parameter-value').textContent).toBe('$50.00');
    expect(minimum.textContent).toContain('$1.00 to $10,000.00');

    const wait = await entry('Days after delivery or transfer-in before a transfer out');
    expect(within(wait).getByTestId('parameter-value').textContent).toBe('45 days');
    expect(wait.textContent).toContain('60 days'); // the default
    expect(wait.textContent).toMatch(/11\/01\/2026, \d\d:\d\d by NB100009/);

    const auto = await entry('Listings of domains held here with a plain description are approved without review');
    expect(within(auto).getByTestId('parameter-value').textContent).toBe('On');
    expect(auto.textContent).toContain('Internal');
  });

  it('changes a fee rate in percent with a reason, through MFA, and shows the new value', async () => {
    let current = 300;
    serve(() => [cardFee(current), ...PARAMETERS.slice(1)]);
    server.use(
      http.post(CARD_FEE, async ({ request }) => {
        const body = (await request.json()) as { value: number; mfaVerification?: unknown };
        if (!body.mfaVerification) return fail('Account.Mfa.Required', { data: challenge });
        current = body.value;
        return ok(cardFee(current));
      }),
    );
    const { user } = renderPage();
    const fee = await entry('Card top-up fee rate (charged on top)');
    await user.click(within(fee).getByRole('button', { name: 'Change: Card top-up fee rate (charged on top)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change a parameter' });
    expect(within(dialog).getByTestId('parameter-edit-now').textContent).toBe(
      'Now 3%; default 3%; allowed: 0% to 20%.',
    );
    const value = within(dialog).getByRole('textbox', { name: 'New value' });
    expect((value as HTMLInputElement).value).toBe('3');
    await fillIn(user, value, '2.95');
    expect(dialog.textContent).toContain('Will be: 2.95%');
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Card processor lowered its rate');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const mfa = await screen.findByRole('dialog', { name: 'Security verification' });
    await user.type(within(mfa).getByRole('textbox', { name: 'Authenticator code' }), '123456');
    await user.click(within(mfa).getByRole('button', { name: 'Verify' }));

    await screen.findByText('Saved: Card top-up fee rate (charged on top) is now 2.95%');
    const [, retried] = requestsTo('POST', CARD_FEE);
    expect(await retried?.json()).toEqual({
      value: 295,
      reason: 'Card processor lowered its rate',
      mfaVerification: { challengeId: 'ch-1', factors: [{ method: 'AUTHENTICATOR', token: '123456' }] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change a parameter' })).toBeNull());
    const after = await entry('Card top-up fee rate (charged on top)');
    await within(after).findByText('2.95%');
    expect(after.textContent).toMatch(/by NB100001/);
  });

  it('checks the bounds and the reason before sending, and shows a refusal of the server', async () => {
    serve();
    server.use(http.post('/api/admin/parameters/settlementMinCents', () => fail('Parameter.Unchanged')));
    const { user } = renderPage();
    const minimum = await entry('Lowest settlement amount');
    await user.click(within(minimum).getByRole('button', { name: 'Change: Lowest settlement amount' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change a parameter' });
    const value = within(dialog).getByRole('textbox', { name: 'New value' });

    await fillIn(user, value, '0.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At least $1.00')).toBeDefined();
    expect(within(dialog).getByText('This field is required')).toBeDefined();
    expect(requestsTo('POST', '/api/admin/parameters/settlementMinCents')).toHaveLength(0);

    await fillIn(user, value, '20000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most $10,000.00')).toBeDefined();

    await fillIn(user, value, '49.999');
    expect(await within(dialog).findByText('Not a valid value')).toBeDefined();

    await fillIn(user, value, '60');
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Fewer small wires');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/The new value is the same as the current one/)).toBeDefined();
    const [sent] = requestsTo('POST', '/api/admin/parameters/settlementMinCents');
    expect(await sent?.json()).toEqual({ value: 6_000, reason: 'Fewer small wires' });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change a parameter' })).toBeNull());
  });

  it('shows the history of a parameter, newest first, on demand', async () => {
    serve();
    const changes: ParameterChange[] = [
      {
        id: '2',
        key: 'transferOutWaitDays',
        oldValue: 30,
        newValue: 45,
        reason: 'Registry guidance',
        actor: 'NB100009',
        createdAt: '2026-11-01T02:00:00.000Z',
      },
      {
        id: '1',
        key: 'transferOutWaitDays',
        oldValue: 60,
        newValue: 30,
        reason: 'Trial',
        actor: null,
        createdAt: '2026-10-01T02:00:00.000Z',
      },
    ];
    server.use(http.get('/api/admin/parameters/transferOutWaitDays/history', () => ok(changes)));
    const { user } = renderPage();
    const wait = await entry('Days after delivery or transfer-in before a transfer out');
    const toggle = within(wait).getByRole('button', {
      name: 'History: Days after delivery or transfer-in before a transfer out',
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const history = await within(wait).findByRole('region', { name: /^Change history:/ });
    const items = await within(history).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      '30 days → 45 days',
      '60 days → 30 days',
    ]);
    expect(items[0]?.textContent).toContain('Reason: Registry guidance');
    expect(items[0]?.textContent).toContain('NB100009');
  });

  it('works by keyboard: the dialog opens on the value, Escape closes it and gives the focus back', async () => {
    serve();
    const { user } = renderPage();
    const wait = await entry('Days after delivery or transfer-in before a transfer out');
    const change = within(wait).getByRole('button', {
      name: 'Change: Days after delivery or transfer-in before a transfer out',
    });
    change.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Change a parameter' });
    const value = within(dialog).getByRole('textbox', { name: 'New value' });
    await waitFor(() => expect(document.activeElement).toBe(value));
    expect((value as HTMLInputElement).value).toBe('45');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change a parameter' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(change));
  });

  it('speaks Chinese: groups, units and the dialog', async () => {
    serve();
    const { user } = renderPage('zh-CN');
    expect(await screen.findByRole('heading', { level: 2, name: '资金与结算' })).toBeDefined();
    const wait = await entry('Days after delivery or transfer-in before a transfer out');
    expect(within(wait).getByTestId('parameter-value').textContent).toBe('45天');
    await user.click(
      within(wait).getByRole('button', { name: '修改：Days after delivery or transfer-in before a transfer out' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '修改参数' });
    expect(within(dialog).getByTestId('parameter-edit-now').textContent).toBe(
      '当前 45天；默认 60天；允许范围：0天 至 120天。',
    );
  });

  it('speaks Chinese and says when the list cannot be loaded', async () => {
    server.use(http.get(LIST, () => fail('Request.Failed')));
    renderPage('zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '参数设置' })).toBeDefined();
    expect(await screen.findByText('参数加载失败。')).toBeDefined();
  });
});
