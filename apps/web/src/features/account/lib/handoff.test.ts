import { describe, expect, it } from 'vitest';
import { RESET_WINDOW_MS } from './flow-machine.ts';
import { registerStart, resetStart } from './handoff.ts';

describe('registerStart', () => {
  it('starts at the password stage with a verified e-mail and code', () => {
    expect(registerStart({ email: 'a@b.co', verifyCode: '123456' })).toMatchObject({
      stage: 'password',
      verifyCode: '123456',
      verification: { email: 'a@b.co', step: 'code' },
    });
  });

  it('starts over without a valid handoff, keeping a valid e-mail', () => {
    expect(registerStart(null).stage).toBe('verify');
    expect(registerStart({ email: 'a@b.co', verifyCode: 'x' })).toMatchObject({
      stage: 'verify',
      verification: { email: 'a@b.co', step: 'email' },
    });
    expect(registerStart({ email: 'bad', verifyCode: '123456' }).verification.email).toBe('');
  });
});

describe('resetStart', () => {
  it('opens step 2 for a fresh token', () => {
    expect(resetStart({ email: 'a@b.co', resetToken: 't', issuedAt: 1000 }, 2000)).toMatchObject({
      stage: 'reset',
      resetToken: 't',
      expiresAt: 1000 + RESET_WINDOW_MS,
    });
  });

  it('goes back to step 1 with the notice for an expired token', () => {
    expect(resetStart({ email: 'a@b.co', resetToken: 't', issuedAt: 0 }, RESET_WINDOW_MS)).toMatchObject({
      stage: 'verify',
      notice: 'expired',
      verification: { email: 'a@b.co' },
    });
    expect(resetStart(undefined, 0).stage).toBe('verify');
  });
});
