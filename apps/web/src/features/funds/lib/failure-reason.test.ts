import { describe, expect, it } from 'vitest';
import { failureReasonKey } from './failure-reason.ts';

describe('failureReasonKey', () => {
  it('explains the provider reasons the page knows, and no reason at all', () => {
    expect(failureReasonKey('card_declined')).toBe('result.failed.reasons.card_declined');
    expect(failureReasonKey('expired')).toBe('result.failed.reasons.expired');
    expect(failureReasonKey(null)).toBe('result.failed.reasonUnknown');
    expect(failureReasonKey('')).toBe('result.failed.reasonUnknown');
  });

  it('leaves an unknown reason to be shown as written', () => {
    expect(failureReasonKey('do_not_honor')).toBeNull();
  });
});
