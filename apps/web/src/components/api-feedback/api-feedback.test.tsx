import type { MfaChallenge } from '@namebourse/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api-client.ts';
import {
  getFeedbackState,
  openContactInfoDialog,
  openInsufficientBalanceDialog,
  showToast,
} from '../../lib/feedback-store.ts';
import { fail, http, locationOf, ok, renderWithProviders, requestsTo, server } from '../../lib/testing/index.ts';
import { CodeButton } from './code-button.tsx';
import { ErrorView } from './error-view.tsx';
import { maskTarget } from './mask-target.ts';
import { filledFactors } from './mfa-dialog.tsx';
import { countdownAfterError, countdownAfterSend } from './use-countdown.ts';

const challenge: MfaChallenge = {
  challengeId: 'ch-9',
  challengeReason: 'CREATE_AK',
  allowedAttempts: 5,
  availableFactors: [
    { method: 'SMS', target: '13812345678', tip: '' },
    { method: 'AUTHENTICATOR', target: '', tip: 'Open your authenticator app' },
  ],
};

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Fake clock and intervals for the countdown (it ticks on setInterval and reads Date.now). Timeouts stay real:
 * Testing Library ends each user event with a zero-delay timeout it only knows how to advance under Jest.
 */
function fakeCountdownClock() {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
}

describe('ApiFeedbackHost', () => {
  it('shows toasts for 2 s', async () => {
    vi.useFakeTimers();
    renderWithProviders(<p>page</p>);
    act(() => {
      showToast('Bid Failed');
    });
    expect(screen.getByRole('alert').textContent).toContain('Bid Failed');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    expect(getFeedbackState().toast).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.queryByText('Bid Failed')).toBeNull();
  });

  it('runs the MFA dialog: fields per factor, .Retry keeps it open, then the original call succeeds', async () => {
    const answers = [
      () => fail('Account.Mfa.Required', { data: challenge }),
      () =>
        fail('Account.Mfa.Required.Retry', {
          data: {
            ...challenge,
            allowedAttempts: 4,
            availableFactors: [{ method: 'AUTHENTICATOR', target: '', tip: 'The code has expired' }],
          } satisfies MfaChallenge,
        }),
      () => ok({ keyId: 'AK1' }),
    ];
    server.use(http.post('/api/account-manage/create-ak', () => answers.shift()?.() ?? fail('Request.Unexpected')));
    const { user } = renderWithProviders(<p>page</p>);

    const pending = api.post('/account-manage/create-ak', { name: 'ci' });
    const dialog = await screen.findByRole('dialog', { name: 'Security verification' });
    expect(within(dialog).getByRole('textbox', { name: 'SMS verification code' })).toBeDefined();
    expect(dialog.textContent).toContain('Sent to 138****5678');
    expect(dialog.textContent).toContain('Open your authenticator app');
    expect(dialog.textContent).toContain('Attempts left: 5');
    const verify = within(dialog).getByRole('button', { name: 'Verify' });
    expect(verify).toHaveProperty('disabled', true);

    const otp = within(dialog).getByRole('textbox', { name: 'Authenticator code' });
    await user.type(otp, '111111');
    expect(verify).toHaveProperty('disabled', false);
    await user.click(verify);
    await within(dialog).findByText('Attempts left: 4');
    expect(dialog.textContent).toContain('The code has expired');
    expect(within(dialog).getByRole('alert').textContent).toBe('Verification failed, please try again');

    const again = within(dialog).getByRole('textbox', { name: 'Authenticator code' });
    await user.clear(again);
    await user.type(again, '222222');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await expect(pending).resolves.toEqual({ keyId: 'AK1' });
    const third = requestsTo('POST', '/api/account-manage/create-ak')[2];
    expect(await third?.json()).toEqual({
      name: 'ci',
      mfaVerification: { challengeId: 'ch-9', factors: [{ method: 'AUTHENTICATOR', token: '222222' }] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getFeedbackState().mfa).toHaveLength(0);
  });

  it('rejects with Account.Mfa.Cancelled when cancelled', async () => {
    server.use(http.post('/api/x', () => fail('Account.Mfa.Required', { data: challenge })));
    const { user } = renderWithProviders(<p>page</p>);
    const pending = api.post('/x', {}).catch((e: unknown) => e);
    const dialog = await screen.findByRole('dialog', { name: 'Security verification' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(pending).resolves.toMatchObject({ code: 'Account.Mfa.Cancelled' });
  });

  it('asks to complete the contact information and leads to /console/user/info', async () => {
    const { user, router } = renderWithProviders(<p>page</p>);
    act(() => openContactInfoDialog());
    const dialog = screen.getByRole('dialog', { name: 'Complete your contact information' });
    await user.click(within(dialog).getByRole('button', { name: 'Complete now' }));
    expect(locationOf(router)).toBe('/console/user/info');
    expect(getFeedbackState().contactInfoOpen).toBe(false);
  });

  it('prompts to recharge on an insufficient balance, with the shortfall prefilled on the recharge page', async () => {
    const { user, router } = renderWithProviders(<p>page</p>, { path: '/sale/A1' });
    act(() => openInsufficientBalanceDialog({ shortfallCents: 1_250 }));
    let dialog = screen.getByRole('dialog', { name: 'Insufficient balance' });
    expect(dialog.textContent).toContain('You need at least $12.50 more.');
    await user.click(within(dialog).getByRole('button', { name: 'Recharge' }));
    expect(locationOf(router)).toBe('/console/fund/recharge?amount=12.50');
    expect(getFeedbackState().insufficientBalance).toBeNull();

    act(() => openInsufficientBalanceDialog({ shortfallCents: 120 }));
    dialog = screen.getByRole('dialog', { name: 'Insufficient balance' });
    await user.click(within(dialog).getByRole('button', { name: 'Recharge' }));
    expect(locationOf(router)).toBe('/console/fund/recharge?amount=5.00');

    await act(() => router.navigate('/sale/A1'));
    act(() => openInsufficientBalanceDialog({ shortfallCents: null }));
    dialog = screen.getByRole('dialog', { name: 'Insufficient balance' });
    expect(dialog.textContent).not.toContain('You need at least');
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    expect(getFeedbackState().insufficientBalance).toBeNull();
    expect(locationOf(router)).toBe('/sale/A1');
  });
});

describe('ErrorView', () => {
  const error = new ApiError({ code: 'Order.NotFound', message: 'The order does not exist', traceId: 'tr-77' });

  it('shows the message and a collapsible, copyable trace id', async () => {
    const { user } = renderWithProviders(<ErrorView error={error} />);
    expect(screen.getByText('The order does not exist')).toBeDefined();
    expect(screen.queryByText('tr-77')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Details' }));
    expect(screen.getByText('tr-77')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Copy trace ID' }));
    // user-event gives the page a clipboard of its own.
    expect(await navigator.clipboard.readText()).toBe('tr-77');
    await screen.findByText('Copied');
    expect(getFeedbackState().toast).toMatchObject({ message: 'Copied', severity: 'success' });
  });

  it("says 'Copy failed, please copy manually' when the clipboard refuses", async () => {
    const { user } = renderWithProviders(<ErrorView error={error} />);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Details' }));
    await user.click(screen.getByRole('button', { name: 'Copy trace ID' }));
    await screen.findByText('Copy failed, please copy manually');
  });

  it('falls back to the default message and hides details without a trace id', () => {
    renderWithProviders(<ErrorView error={new ApiError({ code: '500', message: '' })} />);
    expect(screen.getByText('Request failed. Try again later')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Details' })).toBeNull();
  });
});

describe('CodeButton and useCountdown', () => {
  it('counts down 60 s after a send and stays disabled until the end', async () => {
    const onSend = vi.fn(async () => ({}));
    fakeCountdownClock();
    const { user } = renderWithProviders(<CodeButton onSend={onSend} />);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Resend in 60 s' })).toHaveProperty('disabled', true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_000);
    });
    expect(screen.getByRole('button', { name: 'Resend in 1 s' })).toHaveProperty('disabled', true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.getByRole('button', { name: 'Send code' })).toHaveProperty('disabled', false);
  });

  it("uses the server's retryAfterSeconds, also from Verification.TooManyRequests", async () => {
    fakeCountdownClock();
    const first = renderWithProviders(<CodeButton onSend={async () => ({ retryAfterSeconds: 30 })} />);
    await first.user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('button', { name: 'Resend in 30 s' })).toHaveProperty('disabled', true);
    first.unmount();

    const tooMany = new ApiError({
      code: 'Verification.TooManyRequests',
      message: 'Codes are sent too often',
      data: { retryAfterSeconds: 12 },
    });
    const second = renderWithProviders(
      <CodeButton
        onSend={async () => {
          throw tooMany;
        }}
      />,
    );
    await second.user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('button', { name: 'Resend in 12 s' })).toHaveProperty('disabled', true);
  });

  it('can be pressed again at once after an ordinary failure', async () => {
    const { user } = renderWithProviders(
      <CodeButton
        onSend={async () => {
          throw new ApiError({ code: 'Verification.SendFailed', message: 'x' });
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('button', { name: 'Send code' })).toHaveProperty('disabled', false);
  });

  it('derives the countdown from results and errors', () => {
    expect(countdownAfterSend({ retryAfterSeconds: 45 })).toBe(45);
    expect(countdownAfterSend(undefined)).toBe(60);
    expect(countdownAfterError(new ApiError({ code: 'x', message: '', data: { retryAfterSeconds: 9.2 } }))).toBe(10);
    expect(countdownAfterError(new Error('x'))).toBeUndefined();
  });
});

describe('MFA helpers', () => {
  it('masks unmasked targets and keeps masked ones', () => {
    expect(maskTarget('SMS', '13812345678')).toBe('138****5678');
    expect(maskTarget('SMS', '138****5678')).toBe('138****5678');
    expect(maskTarget('EMAIL', 'alice@example.com')).toBe('al***@example.com');
    expect(maskTarget('EMAIL', 'a@example.com')).toBe('a***@example.com');
    expect(maskTarget('AUTHENTICATOR', 'Google Authenticator')).toBe('Google Authenticator');
  });

  it('submits only the filled factors', () => {
    expect(filledFactors(['EMAIL', 'SMS', 'AUTHENTICATOR'], { EMAIL: ' 123 ', SMS: '' })).toEqual([
      { method: 'EMAIL', token: '123' },
    ]);
  });
});
