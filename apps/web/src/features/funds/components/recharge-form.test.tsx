import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicParametersHandler } from '../../../lib/public-parameters.test-support.ts';
import { fillIn, http, ok, renderWithProviders, server } from '../../../lib/testing/index.ts';
import { RechargeForm } from './recharge-form.tsx';

function renderForm(fees: Parameters<typeof publicParametersHandler>[0], locale: 'en-US' | 'zh-CN' = 'en-US') {
  server.use(
    publicParametersHandler(fees),
    http.get('/api/funds/cards', () => ok({ items: [] })),
  );
  return renderWithProviders(<RechargeForm initialAmount={null} initialMethod={null} />, { locale });
}

describe('<RechargeForm> fee rates (parameters from the server)', { timeout: 20_000 }, () => {
  it('shows the rates the server holds now and charges them on top', async () => {
    const { user } = renderForm({ rechargeFeeCardBps: 295, rechargeFeeAlipayBps: 90 });
    await screen.findByText('Fee 2.95%');
    expect(screen.getByTestId('recharge-fee-rate-card').textContent).toBe('Fee 2.95%');
    expect(screen.getByTestId('recharge-fee-rate-alipay').textContent).toBe('Fee 0.9%');

    await fillIn(user, screen.getByRole('textbox', { name: 'Amount (USD)' }), '20');
    expect(screen.getByText('Fee (2.95%)')).toBeDefined();
    expect(screen.getByTestId('recharge-summary-fee').textContent).toContain('$0.59');
    expect(screen.getByTestId('recharge-summary-total').textContent).toContain('$20.59');
    expect(screen.getByRole('button', { name: 'Pay $20.59' })).toBeDefined();

    await user.click(screen.getByRole('radio', { name: /Alipay/ }));
    expect(screen.getByText('Fee (0.9%)')).toBeDefined();
    expect(screen.getByTestId('recharge-summary-fee').textContent).toContain('$0.18');
    expect(screen.getByTestId('recharge-summary-total').textContent).toContain('$20.18');
  });

  it('shows no rate from the bundle while the server has not answered', async () => {
    const { user } = renderForm(null);
    await fillIn(user, screen.getByRole('textbox', { name: 'Amount (USD)' }), '20');
    expect(screen.getByTestId('recharge-summary-total').textContent).toContain('—');
    expect(screen.getByTestId('recharge-fee-rate-card').textContent).not.toContain('%');
    // The failure is said, with a way to ask again; the server answers this time.
    server.use(publicParametersHandler({ rechargeFeeCardBps: 250 }));
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Fee 2.5%')).toBeDefined();
    expect(screen.getByTestId('recharge-summary-total').textContent).toContain('$20.50');
  });
});
