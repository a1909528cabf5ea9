import { describe, expect, it } from 'vitest';
import { authenticatorUnbindBlocker } from './security-checklist.ts';

describe('authenticatorUnbindBlocker (spec §6: a secure email cannot be the only method)', () => {
  it('blocks unbinding without a secure phone when sign-in MFA is on or a secure email would be left alone', () => {
    expect(authenticatorUnbindBlocker({ securePhone: null, secureEmail: null, loginMfaEnabled: true })).toBe(
      'loginMfa',
    );
    expect(authenticatorUnbindBlocker({ securePhone: null, secureEmail: 'a***@x.com', loginMfaEnabled: false })).toBe(
      'secureEmail',
    );
    expect(
      authenticatorUnbindBlocker({ securePhone: '138****5678', secureEmail: 'a***@x.com', loginMfaEnabled: true }),
    ).toBe(null);
    expect(authenticatorUnbindBlocker({ securePhone: null, secureEmail: null, loginMfaEnabled: false })).toBe(null);
  });
});
