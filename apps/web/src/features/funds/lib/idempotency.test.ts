import { describe, expect, it } from 'vitest';
import { attemptFor, keepAttemptAfter, newIdempotencyKey } from './idempotency';

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
  });

  it('makes distinct keys the server accepts (printable ASCII, ≤ 255)', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[\x21-\x7e]{1,255}$/);
  });
});
