import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cardBrand, checkoutDecline, luhnValid, SANDBOX_TEST_CARDS } from './sandbox-cards.ts';
import { deriveWebhookSecret, signWebhook, verifyWebhookSignature } from './signing.ts';

const secret = deriveWebhookSecret('an-app-secret-an-app-secret-an-app-secret', 'sandbox');
const body = '{"id":"evt_1","type":"checkout.session.completed","amount":2060}';
const t0 = 1_767_571_200;

describe('webhook signatures (HMAC-SHA256 over "<t>.<raw body>")', () => {
  it('signs as Stripe does: t=<unix>,v1=<hex hmac of "t.body">', () => {
    const header = signWebhook(secret, body, t0);
    const expected = createHmac('sha256', secret).update(`${t0}.${body}`).digest('hex');
    expect(header).toBe(`t=${t0},v1=${expected}`);
  });

  it('derives a different secret per provider and per APP_SECRET', () => {
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(deriveWebhookSecret('an-app-secret-an-app-secret-an-app-secret', 'other')).not.toBe(secret);
    expect(deriveWebhookSecret('another-secret-another-secret-another-se', 'sandbox')).not.toBe(secret);
  });

  it('accepts the exact bytes within the tolerance, from either side of it', () => {
    const header = signWebhook(secret, body, t0);
    expect(verifyWebhookSignature(secret, body, header, t0)).toEqual({ ok: true, timestamp: t0 });
    expect(verifyWebhookSignature(secret, Buffer.from(body), header, t0 + 300).ok).toBe(true);
    expect(verifyWebhookSignature(secret, body, header, t0 - 300).ok).toBe(true);
  });

  it('refuses a changed body, another secret, a missing or malformed header and a stale timestamp', () => {
    const header = signWebhook(secret, body, t0);
    expect(verifyWebhookSignature(secret, body.replace('2060', '2061'), header, t0)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyWebhookSignature(secret, `${body} `, header, t0).ok).toBe(false);
    expect(verifyWebhookSignature(`${secret}x`, body, header, t0)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyWebhookSignature(secret, body, undefined, t0)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyWebhookSignature(secret, body, '', t0)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyWebhookSignature(secret, body, [header, header], t0)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyWebhookSignature(secret, body, 'v1=abc', t0)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyWebhookSignature(secret, body, `t=${t0}`, t0)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyWebhookSignature(secret, body, header, t0 + 301)).toEqual({ ok: false, reason: 'stale' });
    expect(verifyWebhookSignature(secret, body, header, t0 - 301)).toEqual({ ok: false, reason: 'stale' });
    // A re-dated header with the old signature does not verify: the timestamp is signed too.
    const redated = header.replace(`t=${t0}`, `t=${t0 + 600}`);
    expect(verifyWebhookSignature(secret, body, redated, t0 + 600)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('accepts any of several v1 signatures (secret rotation) and ignores other schemes', () => {
    const good = signWebhook(secret, body, t0).split('v1=')[1];
    const header = `t=${t0},v0=deadbeef,v1=${'0'.repeat(64)},v1=${good}`;
    expect(verifyWebhookSignature(secret, body, header, t0).ok).toBe(true);
  });
});

describe('sandbox test cards', () => {
  it('checks numbers with Luhn and names the brand', () => {
    expect(luhnValid(SANDBOX_TEST_CARDS.success)).toBe(true);
    expect(luhnValid(SANDBOX_TEST_CARDS.declined)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
    expect(cardBrand(SANDBOX_TEST_CARDS.success)).toBe('visa');
    expect(cardBrand(SANDBOX_TEST_CARDS.successMastercard)).toBe('mastercard');
    expect(cardBrand('6212345678901232')).toBe('unionpay');
  });

  it('decides outcomes like test mode: declines, insufficient funds and expiry', () => {
    const now = new Date('2026-03-15T00:00:00Z');
    expect(checkoutDecline(SANDBOX_TEST_CARDS.success, 3, 2026, now)).toBeNull();
    expect(checkoutDecline(SANDBOX_TEST_CARDS.success, 2, 2026, now)).toBe('expired_card');
    expect(checkoutDecline(SANDBOX_TEST_CARDS.declined, 12, 2030, now)).toBe('card_declined');
    expect(checkoutDecline(SANDBOX_TEST_CARDS.insufficientFunds, 12, 2030, now)).toBe('insufficient_funds');
    expect(checkoutDecline(SANDBOX_TEST_CARDS.declinesWhenSaved, 12, 2030, now)).toBeNull();
  });
});
