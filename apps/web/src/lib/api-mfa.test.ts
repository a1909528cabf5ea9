import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, challenge, fail, ok, script, setCookie } from './api-client.test-support.ts';
import { api } from './api-client.ts';
import { getFeedbackState } from './feedback-store.ts';

describe('Account.Mfa.Required', () => {
  beforeEach(() => setCookie('XSRF-TOKEN=t'));

  it('opens the dialog with the challenge and retries the original POST with mfaVerification in the body', async () => {
    script(() => fail('Account.Mfa.Required', 'Multi-factor verification is required', challenge, 403));
    const pending = api.post<{ changed: boolean }>('/account-manage/change-password', { password: 'Aa1!aaaa' });
    await vi.waitFor(() => expect(getFeedbackState().mfa).toHaveLength(1));
    const dialog = getFeedbackState().mfa[0]!;
    expect(dialog.challenge).toEqual(challenge);
    expect(dialog.attemptsLeft).toBe(5);
    expect(getFeedbackState().toast).toBeNull();

    script(() => ok({ changed: true }));
    await dialog.submit([{ method: 'SMS', token: '123456' }]);
    await expect(pending).resolves.toEqual({ changed: true });
    expect(calls[1]?.body).toEqual({
      password: 'Aa1!aaaa',
      mfaVerification: { challengeId: 'ch-1', factors: [{ method: 'SMS', token: '123456' }] },
    });
    expect(getFeedbackState().mfa).toHaveLength(0);
  });

  it('keeps GET parameters and adds mfaVerification as a JSON query parameter', async () => {
    script(() => fail('Account.Mfa.Required', 'mfa', challenge, 403));
    const pending = api.get('/account-manage/get-ak', { page: 1 });
    await vi.waitFor(() => expect(getFeedbackState().mfa).toHaveLength(1));
    script(() => ok({ keyId: 'k' }));
    await getFeedbackState().mfa[0]!.submit([{ method: 'AUTHENTICATOR', token: '654321' }]);
    await expect(pending).resolves.toEqual({ keyId: 'k' });
    expect(calls[1]?.search.get('page')).toBe('1');
    expect(JSON.parse(calls[1]?.search.get('mfaVerification') ?? 'null')).toEqual({
      challengeId: 'ch-1',
      factors: [{ method: 'AUTHENTICATOR', token: '654321' }],
    });
  });

  it('keeps the dialog open on .Retry with the new attempts counter and per-factor tips', async () => {
    script(() => fail('Account.Mfa.Required', 'mfa', challenge, 403));
    const pending = api.post('/funds/settlements', { amountCents: 5000 });
    await vi.waitFor(() => expect(getFeedbackState().mfa).toHaveLength(1));
    const id = getFeedbackState().mfa[0]!.id;

    script(() =>
      fail(
        'Account.Mfa.Required.Retry',
        'Verification failed, please try again',
        {
          ...challenge,
          allowedAttempts: 4,
          availableFactors: [{ method: 'SMS', target: '138****5678', tip: 'Wrong code' }],
        },
        403,
      ),
    );
    await getFeedbackState().mfa[0]!.submit([{ method: 'SMS', token: '000000' }]);
    const dialog = getFeedbackState().mfa[0]!;
    expect(dialog.id).toBe(id);
    expect(dialog.attemptsLeft).toBe(4);
    expect(dialog.tips).toEqual({ SMS: 'Wrong code' });
    expect(dialog.error).toBe('Verification failed, please try again');
    expect(dialog.submitting).toBe(false);
    expect(getFeedbackState().toast).toBeNull();

    script(() => ok({ settlementId: 's1' }));
    await dialog.submit([{ method: 'SMS', token: '123456' }]);
    await expect(pending).resolves.toEqual({ settlementId: 's1' });
    expect(getFeedbackState().mfa).toHaveLength(0);
  });

  it('closes the dialog on any other error and rejects the original call with it', async () => {
    script(() => fail('Account.Mfa.Required', 'mfa', challenge, 403));
    const pending = api.post('/x', {}).catch((e: unknown) => e);
    await vi.waitFor(() => expect(getFeedbackState().mfa).toHaveLength(1));
    script(() => fail('Account.Mfa.Failed', 'Too many failed verification attempts', null, 403));
    await getFeedbackState().mfa[0]!.submit([{ method: 'SMS', token: '1' }]);
    await expect(pending).resolves.toMatchObject({ code: 'Account.Mfa.Failed' });
    expect(getFeedbackState().mfa).toHaveLength(0);
    expect(getFeedbackState().toast?.message).toBe('Too many failed verification attempts');
  });

  it('rejects with Account.Mfa.Cancelled when the dialog is cancelled', async () => {
    script(() => fail('Account.Mfa.Required', 'mfa', challenge, 403));
    const pending = api.post('/x', {});
    await vi.waitFor(() => expect(getFeedbackState().mfa).toHaveLength(1));
    getFeedbackState().mfa[0]!.cancel();
    await expect(pending).rejects.toMatchObject({ code: 'Account.Mfa.Cancelled' });
    expect(getFeedbackState().mfa).toHaveLength(0);
    expect(calls).toHaveLength(1);
  });

  it('falls back to the generic error when the challenge is missing', async () => {
    script(() => fail('Account.Mfa.Required', 'Multi-factor verification is required', null, 403));
    await expect(api.post('/x', {})).rejects.toMatchObject({ code: 'Account.Mfa.Required' });
    expect(getFeedbackState().mfa).toHaveLength(0);
    expect(getFeedbackState().toast?.message).toBe('Multi-factor verification is required');
  });

  it('keeps the dialog as it was on a .Retry whose data is not a challenge (contract MfaChallengeSchema)', async () => {
    script(() => fail('Account.Mfa.Required', 'mfa', challenge, 403));
    const pending = api.post('/x', {});
    await vi.waitFor(() => expect(getFeedbackState().mfa).toHaveLength(1));
    const before = getFeedbackState().mfa[0]!;

    script(() => fail('Account.Mfa.Required.Retry', 'Wrong code', { remainingAttempts: 2, tips: { EMAIL: 'x' } }, 403));
    await before.submit([{ method: 'SMS', token: '000000' }]);
    const dialog = getFeedbackState().mfa[0]!;
    expect(dialog.challenge).toEqual(before.challenge);
    expect(dialog.attemptsLeft).toBe(before.attemptsLeft);
    expect(dialog.tips).toEqual(before.tips);
    expect(dialog.error).toBe('Wrong code');

    dialog.cancel();
    await expect(pending).rejects.toMatchObject({ code: 'Account.Mfa.Cancelled' });
  });
});
