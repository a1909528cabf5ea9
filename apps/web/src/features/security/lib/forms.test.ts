import { describe, expect, it } from 'vitest';
import { bindAuthenticatorSchema, changePasswordSchema, securePhoneSchema } from './forms.ts';

describe('security forms', () => {
  it('wants a 6-digit code', () => {
    expect(bindAuthenticatorSchema.safeParse({ code: '123456' }).success).toBe(true);
    expect(bindAuthenticatorSchema.safeParse({ code: '12345' }).success).toBe(false);
    expect(bindAuthenticatorSchema.safeParse({ code: '12a456' }).success).toBe(false);
  });

  it('checks the phone form', () => {
    expect(
      securePhoneSchema.safeParse({ phoneCountryCode: '86', phone: '13800138000', verifyCode: '123456' }).success,
    ).toBe(true);
    const bad = securePhoneSchema.safeParse({ phoneCountryCode: '', phone: '12-3', verifyCode: '' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.message).sort()).toEqual([
      'form.codeInvalid',
      'form.dialCodeRequired',
      'form.phoneInvalid',
    ]);
  });

  it('checks the new password, its confirmation and that it changed', () => {
    const ok = { oldPassword: 'Old@2025x', password: 'Demo@2026', confirmPassword: 'Demo@2026' };
    expect(changePasswordSchema.safeParse(ok).success).toBe(true);
    const mismatch = changePasswordSchema.safeParse({ ...ok, confirmPassword: 'Demo@2027' });
    expect(mismatch.error?.issues[0]?.message).toBe('form.passwordMismatch');
    const weak = changePasswordSchema.safeParse({ ...ok, password: 'abcdefgh', confirmPassword: 'abcdefgh' });
    expect(weak.error?.issues[0]?.message).toBe('form.passwordWeak');
    const same = changePasswordSchema.safeParse({ ...ok, oldPassword: 'Demo@2026' });
    expect(same.error?.issues[0]?.message).toBe('form.passwordSame');
  });
});
