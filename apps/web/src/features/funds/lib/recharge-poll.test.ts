import { describe, expect, it } from 'vitest';
import { isSlow, POLL_FAST_MS, POLL_SLOW_MS, rechargePollDelay } from './recharge-poll.ts';

describe('rechargePollDelay', () => {
  it('polls while recharging, fast at first and slower after a minute', () => {
    expect(rechargePollDelay('recharging', 0)).toBe(POLL_FAST_MS);
    expect(rechargePollDelay('recharging', 59_999)).toBe(POLL_FAST_MS);
    expect(rechargePollDelay('recharging', 60_000)).toBe(POLL_SLOW_MS);
    expect(isSlow(59_999)).toBe(false);
    expect(isSlow(60_000)).toBe(true);
  });

  it('stops once the top-up succeeded or failed, and before any answer', () => {
    expect(rechargePollDelay('success', 0)).toBe(false);
    expect(rechargePollDelay('failed', 0)).toBe(false);
    expect(rechargePollDelay(undefined, 0)).toBe(false);
  });
});
