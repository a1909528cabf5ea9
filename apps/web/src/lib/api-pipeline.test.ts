import { describe, expect, it, vi } from 'vitest';
import { challenge, fail, navigate, script, setCookie } from './api-client.test-support.ts';
import { ApiError, api, findHandler, isHandledByPipeline, shortfallCentsOf } from './api-client.ts';
import { getFeedbackState } from './feedback-store.ts';

describe('custom handlers and built-in codes', () => {
  it('matches handlers exactly, then by the longest prefix, and skips the toast', async () => {
    const exact = vi.fn();
    const prefix = vi.fn();
    const longer = vi.fn();
    const handlers = { 'Verification.CodeInvalid': exact, 'Verification.': prefix, 'Account.Mfa': longer };
    script(
      () => fail('Verification.CodeInvalid', 'Invalid verification code'),
      () => fail('Verification.SendFailed', 'Failed to send'),
      () => fail('Account.Mfa.Required', 'mfa', challenge, 403),
    );
    await expect(api.post('/a', {}, { handlers })).rejects.toMatchObject({ code: 'Verification.CodeInvalid' });
    await expect(api.post('/a', {}, { handlers })).rejects.toMatchObject({ code: 'Verification.SendFailed' });
    await expect(api.post('/a', {}, { handlers })).rejects.toMatchObject({ code: 'Account.Mfa.Required' });
    expect(exact).toHaveBeenCalledTimes(1);
    expect(prefix).toHaveBeenCalledTimes(1);
    expect(prefix.mock.calls[0]?.[0]).toBeInstanceOf(ApiError);
    expect(longer).toHaveBeenCalledTimes(1);
    expect(getFeedbackState().mfa).toHaveLength(0);
    expect(getFeedbackState().toast).toBeNull();

    const a = () => undefined;
    const b = () => undefined;
    expect(findHandler({ Account: a, 'Account.Mfa': b }, 'Account.Mfa.Required.Retry')).toBe(b);
    expect(findHandler(undefined, 'x')).toBeNull();
  });

  it('matches a prefix anywhere, not only at a dot (spec §8: exactly or by prefix)', async () => {
    const a = () => undefined;
    const b = () => undefined;
    const c = () => undefined;
    expect(findHandler({ 'Verification.Code': a }, 'Verification.CodeInvalid')).toBe(a);
    expect(findHandler({ 'Account.Mfa': b }, 'Account.MfaX')).toBe(b);
    expect(findHandler({ Acc: a, 'Account.': b, 'Account.Mfa.Required': c }, 'Account.Mfa.Required.Retry')).toBe(c);
    expect(findHandler({ 'Account.Mfa': b, 'Account.Mfa.Required': c }, 'Account.Mfa')).toBe(b);
    expect(findHandler({ 'Verification.Code': a }, 'Verification.Cod')).toBeNull();
    expect(findHandler({ '': a }, 'Anything')).toBeNull();

    const handler = vi.fn();
    script(() => fail('Verification.CodeExpired', 'The code has expired'));
    await expect(api.post('/a', {}, { handlers: { 'Verification.Code': handler } })).rejects.toMatchObject({
      code: 'Verification.CodeExpired',
    });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(getFeedbackState().toast).toBeNull();
  });

  it('lets a handler take over Account.Unauthorized after the refresh failed (no redirect)', async () => {
    const handler = vi.fn();
    script(
      () => fail('Account.Unauthorized', 'login', null, 401),
      () => fail('Account.Unauthorized', 'login', null, 401),
    );
    await expect(
      api.get('/watchlist', undefined, { handlers: { 'Account.Unauthorized': handler } }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    expect(getFeedbackState().toast).toBeNull();
  });

  it('exposes retryAfterSeconds of Verification.TooManyRequests', async () => {
    setCookie('XSRF-TOKEN=t');
    script(() => fail('Verification.TooManyRequests', 'Codes are sent too often', { retryAfterSeconds: 42 }, 429));
    const error = (await api.post('/account/send-verification-code', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('Verification.TooManyRequests');
    expect(error.retryAfterSeconds).toBe(42);
  });

  it('opens the contact-info dialog on Commodity.UserContactInfoIncomplete without a toast', async () => {
    setCookie('XSRF-TOKEN=t');
    script(() =>
      fail('Commodity.UserContactInfoIncomplete', 'Please complete your contact information first', null, 403),
    );
    await expect(api.post('/auctions/1/bids', { amountCents: 100 })).rejects.toMatchObject({
      code: 'Commodity.UserContactInfoIncomplete',
    });
    expect(getFeedbackState().contactInfoOpen).toBe(true);
    expect(getFeedbackState().toast).toBeNull();
  });

  it('opens the recharge prompt on Funds.InsufficientBalance without a toast, with the shortfall when given', async () => {
    setCookie('XSRF-TOKEN=t');
    script(() =>
      fail('Funds.InsufficientBalance', 'Insufficient balance', { requiredCents: 12_000, availableCents: 2_050 }, 402),
    );
    await expect(api.post('/orders/1/pay', {}, { errorMode: 'message' })).rejects.toMatchObject({
      code: 'Funds.InsufficientBalance',
      status: 402,
    });
    expect(getFeedbackState().insufficientBalance).toEqual({ shortfallCents: 9_950 });
    expect(getFeedbackState().toast).toBeNull();

    script(() => fail('Funds.InsufficientBalance', 'Insufficient balance', null, 402));
    await expect(api.post('/auctions/1/bids', {})).rejects.toMatchObject({ code: 'Funds.InsufficientBalance' });
    expect(getFeedbackState().insufficientBalance).toEqual({ shortfallCents: null });
    expect(getFeedbackState().toast).toBeNull();
  });

  it('tells the errors it answered itself (dialog, sign-in, closed MFA dialog), never by their text', async () => {
    setCookie('XSRF-TOKEN=t');
    script(() => fail('Funds.InsufficientBalance', 'Bid Failed: anything', null, 402));
    expect(isHandledByPipeline(await api.post('/auctions/1/bids', {}).catch((e: unknown) => e))).toBe(true);
    script(() => fail('Commodity.UserContactInfoIncomplete', 'incomplete', null, 403));
    expect(isHandledByPipeline(await api.post('/x', {}).catch((e: unknown) => e))).toBe(true);
    script(() => fail('Account.Mfa.Required', 'mfa', challenge, 403));
    const cancelled = api.post('/x', {}).catch((e: unknown) => e);
    await vi.waitFor(() => expect(getFeedbackState().mfa).toHaveLength(1));
    getFeedbackState().mfa[0]!.cancel();
    expect(isHandledByPipeline(await cancelled)).toBe(true);

    // A call that took the code over with its own handler shows it itself.
    script(() => fail('Funds.InsufficientBalance', 'Insufficient balance', null, 402));
    const taken = await api.post('/x', {}, { handlers: { 'Funds.InsufficientBalance': () => {} } }).catch((e) => e);
    expect(isHandledByPipeline(taken)).toBe(false);
    script(() => fail('Auction.BidTooLow', '出价失败：too low', null, 409));
    expect(isHandledByPipeline(await api.post('/x', {}).catch((e: unknown) => e))).toBe(false);
    expect(isHandledByPipeline(new ApiError({ code: 'Funds.InsufficientBalance', message: '' }))).toBe(false);
    expect(isHandledByPipeline(null)).toBe(false);
  });

  it('reads the shortfall of an insufficient balance from shortfallCents or required minus available', () => {
    expect(shortfallCentsOf({ shortfallCents: 700 })).toBe(700);
    expect(shortfallCentsOf({ requiredCents: 1_000, availableCents: 250 })).toBe(750);
    expect(shortfallCentsOf({ requiredCents: 1_000, availableCents: 1_000 })).toBeNull();
    expect(shortfallCentsOf({ shortfallCents: 1.5 })).toBeNull();
    expect(shortfallCentsOf(null)).toBeNull();
  });
});
