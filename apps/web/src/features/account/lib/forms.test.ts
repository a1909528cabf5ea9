import { describe, expect, it } from 'vitest';
import { codeSchema, loginSchema, newPasswordSchema, registerDetailsSchema } from './forms.ts';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('account form schemas', () => {
  it('validates the sign-in form with the spec messages', () => {
    expect(messages(loginSchema('en-US').safeParse({ email: '', password: '' }))).toEqual({
      email: 'This field is required',
      password: 'Password is required',
    });
    expect(messages(loginSchema('en-US').safeParse({ email: 'nope', password: 'x' }))).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(loginSchema('en-US').safeParse({ email: ' a@b.co ', password: 'x' }).data?.email).toBe('a@b.co');
  });

  it('needs a 6-digit code', () => {
    expect(codeSchema('en-US').safeParse({ code: '123456' }).success).toBe(true);
    expect(codeSchema('en-US').safeParse({ code: '12345' }).success).toBe(false);
  });

  it('checks the new password and its confirmation', () => {
    expect(messages(newPasswordSchema('en-US').safeParse({ password: '', confirm: '' }))).toEqual({
      password: 'Password is required',
      confirm: 'Password is required',
    });
    expect(messages(newPasswordSchema('en-US').safeParse({ password: 'Abcdef12', confirm: 'Abcdef13' }))).toEqual({
      confirm: 'Passwords do not match',
    });
    expect(messages(newPasswordSchema('zh-CN').safeParse({ password: 'abc', confirm: 'abc' })).password).toContain(
      '8-20',
    );
  });

  it('requires the agreement on registration', () => {
    const result = registerDetailsSchema('en-US', 'Accept it').safeParse({
      password: 'Abcdef12',
      confirm: 'Abcdef12',
      nickname: '',
      agreement: false,
    });
    expect(messages(result)).toEqual({ agreement: 'Accept it' });
  });
});
