import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { AttemptKeys, isUncertainFailure, payIntent } from './attempt-keys.ts';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('AttemptKeys', () => {
  it('keeps the key of a payment whose answer may have been lost, so the retry cannot pay twice', () => {
    const keys = new AttemptKeys(counter());
    const intent = payIntent(['O2', 'O1']);
    const first = keys.keyFor(intent);
    keys.settle(intent, new ApiError({ code: '500', message: '', kind: 'timeout' }));
    expect(keys.keyFor(intent)).toBe(first);
    keys.settle(intent, new ApiError({ code: 'Network.Error', message: 'x', kind: 'network' }));
    expect(keys.keyFor(intent)).toBe(first);
  });

  it('starts a new request after a success or a definite refusal', () => {
    const keys = new AttemptKeys(counter());
    const intent = payIntent(['O1']);
    expect(keys.keyFor(intent)).toBe('key-1');
    keys.settle(intent);
    expect(keys.keyFor(intent)).toBe('key-2');
    keys.settle(
      intent,
      new ApiError({ code: 'Funds.InsufficientBalance', message: 'Insufficient balance', status: 402 }),
    );
    expect(keys.keyFor(intent)).toBe('key-3');
  });

  it('gives different payments different keys, whatever order their ids come in', () => {
    const keys = new AttemptKeys(counter());
    expect(payIntent(['O2', 'O1'])).toBe(payIntent(['O1', 'O2']));
    expect(keys.keyFor(payIntent(['O1']))).not.toBe(keys.keyFor(payIntent(['O1', 'O2'])));
  });

  it('treats only network, timeout and abort as uncertain', () => {
    expect(isUncertainFailure(new ApiError({ code: '500', message: '', kind: 'aborted' }))).toBe(true);
    expect(isUncertainFailure(new ApiError({ code: 'Order.NotPayable', message: 'x' }))).toBe(false);
    expect(isUncertainFailure(new Error('x'))).toBe(false);
  });

  it('makes random keys by default', () => {
    const keys = new AttemptKeys();
    const a = keys.keyFor('a');
    const b = keys.keyFor('b');
    expect(a).toMatch(/^[\w-]{16,}$/);
    expect(a).not.toBe(b);
  });
});
