import { describe, expect, it } from 'vitest';
import { eligibilityRequirements, isAccessLocked } from './eligibility.ts';

const base = {
  canCreate: false,
  reason: null,
  keyCount: 0,
  maxKeys: 5,
  spentCents: 0,
  availableCents: 0,
  requiredSpentCents: 100_000,
  requiredAvailableCents: 50_000,
};

describe('eligibilityRequirements', () => {
  it('reports both conditions unmet for a new account', () => {
    const [spent, available] = eligibilityRequirements(base);
    expect(spent).toMatchObject({ key: 'spent', met: false, progress: 0 });
    expect(available).toMatchObject({ key: 'available', met: false, progress: 0 });
  });

  it('meets a requirement at the threshold, as the server does', () => {
    const [spent, available] = eligibilityRequirements({ ...base, spentCents: 100_000, availableCents: 49_999 });
    expect(spent).toMatchObject({ met: true, progress: 100 });
    expect(available).toMatchObject({ met: false, progress: 99 });
  });

  it('is locked unless it can create or only the key limit stops it', () => {
    expect(isAccessLocked(base)).toBe(true);
    expect(isAccessLocked({ ...base, reason: 'SPENDING_TOO_LOW' })).toBe(true);
    expect(isAccessLocked({ ...base, reason: 'KEY_LIMIT_REACHED' })).toBe(false);
    expect(isAccessLocked({ ...base, canCreate: true, reason: 'OK' })).toBe(false);
  });

  it('caps progress and copes with a zero requirement', () => {
    const [spent, available] = eligibilityRequirements({ ...base, spentCents: 500_000, requiredAvailableCents: 0 });
    expect(spent?.progress).toBe(100);
    expect(available).toMatchObject({ met: true, progress: 100 });
  });
});
