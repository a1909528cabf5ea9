import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { attemptFor, isUncertainFailure, keepAttemptAfter, newIdempotencyKey } from './idempotency-key.ts';

describe('Idempotency-Key per submitted form', () => {
  it('reuses the key for the same body (double click, retry) and makes a new one for a different body', () => {
    let n = 0;
    const makeKey = () => `k${++n}`;
    const first = attemptFor(null, '{"amountCents":2000}', makeKey);
    expect(first.key).toBe('k1');
    expect(attemptFor(first, '{"amountCents":2000}', makeKey)).toBe(first);
    expect(attemptFor(first, '{"amountCents":2500}', makeKey).key).toBe('k2');
  });

  it('keeps the key only when the failed call may have reached the server', () => {
    expect(keepAttemptAfter('network')).toBe(true);
    expect(keepAttemptAfter('timeout')).toBe(true);
    expect(keepAttemptAfter('envelope')).toBe(false);
    expect(keepAttemptAfter(undefined)).toBe(false);
    expect(isUncertainFailure(new ApiError({ code: '500', message: '', kind: 'aborted' }))).toBe(true);
    expect(isUncertainFailure(new ApiError({ code: 'Order.NotPayable', message: 'x' }))).toBe(false);
    expect(isUncertainFailure(new Error('x'))).toBe(false);
  });

  it('makes distinct keys the server accepts (printable ASCII, ≤ 255)', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[\x21-\x7e]{1,255}$/);
  });

  it('makes a UUID where crypto.randomUUID is missing (pages served over plain HTTP)', () => {
    const randomUUID = globalThis.crypto.randomUUID;
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});
