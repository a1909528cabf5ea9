import i18next from 'i18next';
import type { ReactNode } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, configureApiClient, resetApiClient } from '../../lib/api-client.ts';
import {
  getFeedbackState,
  openContactInfoDialog,
  openInsufficientBalanceDialog,
  resetFeedbackStore,
  showToast,
} from '../../lib/feedback-store.ts';
import en from '../../locales/en-US/api.json';
import zh from '../../locales/zh-CN/api.json';
import { ApiFeedbackHost } from './api-feedback-host.tsx';
import { CodeButton } from './code-button.tsx';
import { ErrorView } from './error-view.tsx';
import { maskTarget } from './mask-target.ts';
import { filledFactors } from './mfa-dialog.tsx';
import { countdownAfterError, countdownAfterSend } from './use-countdown.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let container: HTMLElement | null = null;

function render(node: ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root?.render(node));
}

function button(label: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === label);
  if (!found) throw new Error(`no button '${label}' in ${document.body.textContent}`);
  return found;
}

function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function click(element: HTMLElement) {
  await act(async () => {
    element.click();
  });
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const challenge = {
  challengeId: 'ch-9',
  challengeReason: 'CREATE_AK',
  allowedAttempts: 5,
  availableFactors: [
    { method: 'SMS', target: '13812345678', tip: '' },
    { method: 'AUTHENTICATOR', target: '', tip: 'Open your authenticator app' },
  ],
};

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    fallbackLng: 'en-US',
    resources: { 'en-US': { api: en }, 'zh-CN': { api: zh } },
    ns: ['api'],
    defaultNS: 'api',
    interpolation: { escapeValue: false },
  });
});

beforeEach(() => {
  resetApiClient();
  resetFeedbackStore();
  // biome-ignore lint/suspicious/noDocumentCookie: a CSRF cookie so POSTs skip the pre-call
  document.cookie = 'XSRF-TOKEN=t';
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  container = null;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('locales', () => {
  it('have the same keys in both languages', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([key, child]) => keys(child, `${prefix}${key}.`))
        : [prefix];
    expect(keys(zh).sort()).toEqual(keys(en).sort());
  });
});

describe('ApiFeedbackHost', () => {
  it('shows toasts for 2 s', async () => {
    vi.useFakeTimers();
    render(<ApiFeedbackHost />);
    act(() => {
      showToast('Bid Failed');
    });
    expect(document.querySelector('[data-testid="api-toast"]')?.textContent).toContain('Bid Failed');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    expect(getFeedbackState().toast).toBeNull();
  });

  it('runs the MFA dialog: fields per factor, .Retry keeps it open, then the original call succeeds', async () => {
    const bodies: unknown[] = [];
    const answers = [
      json({ code: 'Account.Mfa.Required', message: 'Multi-factor verification is required', data: challenge }, 403),
      json(
        {
          code: 'Account.Mfa.Required.Retry',
          message: 'Verification failed, please try again',
          data: {
            ...challenge,
            allowedAttempts: 4,
            availableFactors: [{ method: 'AUTHENTICATOR', target: '', tip: 'The code has expired' }],
          },
        },
        403,
      ),
      json({ code: '200', message: '', data: { keyId: 'AK1' } }),
    ];
    configureApiClient({
      fetch: (async (_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        const next = answers.shift();
        if (!next) throw new Error('unexpected call');
        return next;
      }) as typeof fetch,
    });
    render(<ApiFeedbackHost />);

    let pending!: Promise<unknown>;
    await act(async () => {
      pending = api.post('/account-manage/create-ak', { name: 'ci' });
    });
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    const text = document.body.textContent ?? '';
    expect(text).toContain('Security verification');
    expect(text).toContain('SMS verification code');
    expect(text).toContain('Authenticator code');
    expect(text).toContain('Sent to 138****5678');
    expect(text).toContain('Open your authenticator app');
    expect(text).toContain('Attempts left: 5');
    expect(button('Verify').disabled).toBe(true);

    const otp = document.querySelector<HTMLInputElement>('input[data-method="AUTHENTICATOR"]');
    if (!otp) throw new Error('no authenticator field');
    typeInto(otp, '111111');
    expect(button('Verify').disabled).toBe(false);
    await click(button('Verify'));
    await vi.waitFor(() => expect(document.body.textContent).toContain('Attempts left: 4'));
    expect(document.body.textContent).toContain('The code has expired');
    expect(document.querySelector('[data-testid="mfa-error"]')?.textContent).toBe(
      'Verification failed, please try again',
    );

    typeInto(otp, '222222');
    await click(button('Verify'));
    await expect(pending).resolves.toEqual({ keyId: 'AK1' });
    expect(bodies[2]).toEqual({
      name: 'ci',
      mfaVerification: { challengeId: 'ch-9', factors: [{ method: 'AUTHENTICATOR', token: '222222' }] },
    });
    expect(getFeedbackState().mfa).toHaveLength(0);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('rejects with Account.Mfa.Cancelled when cancelled', async () => {
    configureApiClient({
      fetch: (async () => json({ code: 'Account.Mfa.Required', message: '', data: challenge }, 403)) as typeof fetch,
    });
    render(<ApiFeedbackHost />);
    let pending!: Promise<unknown>;
    await act(async () => {
      pending = api.post('/x', {}).catch((e: unknown) => e);
    });
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    await click(button('Cancel'));
    await expect(pending).resolves.toMatchObject({ code: 'Account.Mfa.Cancelled' });
  });

  it('asks to complete the contact information and leads to /console/user/info', async () => {
    const navigate = vi.fn();
    configureApiClient({ navigate });
    render(<ApiFeedbackHost />);
    act(() => openContactInfoDialog());
    expect(document.body.textContent).toContain('Complete your contact information');
    await click(button('Complete now'));
    expect(navigate).toHaveBeenCalledWith('/console/user/info');
    expect(getFeedbackState().contactInfoOpen).toBe(false);
  });

  it('prompts to recharge on an insufficient balance, with the shortfall prefilled on the recharge page', async () => {
    const navigate = vi.fn();
    configureApiClient({ navigate });
    render(<ApiFeedbackHost />);
    act(() => openInsufficientBalanceDialog({ shortfallCents: 1_250 }));
    expect(document.body.textContent).toContain('Insufficient balance');
    expect(document.body.textContent).toContain('You need at least $12.50 more.');
    await click(button('Recharge'));
    expect(navigate).toHaveBeenCalledWith('/console/fund/recharge?amount=12.50');
    expect(getFeedbackState().insufficientBalance).toBeNull();

    act(() => openInsufficientBalanceDialog({ shortfallCents: 120 }));
    await click(button('Recharge'));
    expect(navigate).toHaveBeenLastCalledWith('/console/fund/recharge?amount=5.00');

    act(() => openInsufficientBalanceDialog({ shortfallCents: null }));
    expect(document.body.textContent).not.toContain('You need at least');
    await click(button('Later'));
    expect(getFeedbackState().insufficientBalance).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(2);
  });
});

describe('ErrorView', () => {
  const error = new ApiError({ code: 'Order.NotFound', message: 'The order does not exist', traceId: 'tr-77' });

  it('shows the message and a collapsible, copyable trace id', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    render(
      <>
        <ErrorView error={error} />
        <ApiFeedbackHost />
      </>,
    );
    expect(document.querySelector('[data-testid="error-view-message"]')?.textContent).toBe('The order does not exist');
    expect(document.querySelector('[data-testid="error-view-trace-id"]')).toBeNull();
    await click(button('Details'));
    expect(document.querySelector('[data-testid="error-view-trace-id"]')?.textContent).toBe('tr-77');
    const copy = document.querySelector<HTMLButtonElement>('button[aria-label="Copy trace ID"]');
    if (!copy) throw new Error('no copy button');
    await click(copy);
    expect(writeText).toHaveBeenCalledWith('tr-77');
    expect(getFeedbackState().toast).toMatchObject({ message: 'Copied', severity: 'success' });
  });

  it("says 'Copy failed, please copy manually' when the clipboard refuses", async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async () => Promise.reject(new Error('denied')) },
    });
    render(<ErrorView error={error} />);
    await click(button('Details'));
    const copy = document.querySelector<HTMLButtonElement>('button[aria-label="Copy trace ID"]');
    if (!copy) throw new Error('no copy button');
    await click(copy);
    expect(getFeedbackState().toast?.message).toBe('Copy failed, please copy manually');
  });

  it('falls back to the default message and hides details without a trace id', () => {
    render(<ErrorView error={new ApiError({ code: '500', message: '' })} />);
    expect(document.querySelector('[data-testid="error-view-message"]')?.textContent).toBe(
      'Request failed. Try again later',
    );
    expect(document.body.textContent).not.toContain('Details');
  });
});

describe('CodeButton and useCountdown', () => {
  it('counts down 60 s after a send and stays disabled until the end', async () => {
    vi.useFakeTimers();
    const onSend = vi.fn(async () => ({}));
    render(<CodeButton onSend={onSend} />);
    await click(button('Send code'));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(button('Resend in 60 s').disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_000);
    });
    expect(button('Resend in 1 s').disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(button('Send code').disabled).toBe(false);
  });

  it("uses the server's retryAfterSeconds, also from Verification.TooManyRequests", async () => {
    vi.useFakeTimers();
    render(<CodeButton onSend={async () => ({ retryAfterSeconds: 30 })} />);
    await click(button('Send code'));
    expect(button('Resend in 30 s').disabled).toBe(true);
    act(() => root?.unmount());

    const tooMany = new ApiError({
      code: 'Verification.TooManyRequests',
      message: 'Codes are sent too often',
      data: { retryAfterSeconds: 12 },
    });
    render(
      <CodeButton
        onSend={async () => {
          throw tooMany;
        }}
      />,
    );
    await click(button('Send code'));
    expect(button('Resend in 12 s').disabled).toBe(true);
  });

  it('can be pressed again at once after an ordinary failure', async () => {
    render(
      <CodeButton
        onSend={async () => {
          throw new ApiError({ code: 'Verification.SendFailed', message: 'x' });
        }}
      />,
    );
    await click(button('Send code'));
    expect(button('Send code').disabled).toBe(false);
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
