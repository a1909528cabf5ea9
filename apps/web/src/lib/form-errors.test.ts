import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { applyServerFieldErrors, fieldText, zodIssueMessage } from './form-errors.ts';

const invalid = (fields: Record<string, string>) =>
  new ApiError({ code: 'Request.Invalid', message: 'Invalid request', data: { fields } });

describe('field texts', () => {
  it('localises field-message keys and keeps other text', () => {
    expect(fieldText('postalCodeInvalid', 'zh-CN')).toBe('邮政编码与所选国家/地区的格式不符');
    expect(fieldText('latinOnly', 'en-US')).toContain('English or Pinyin');
    expect(fieldText('Server says no', 'en-US')).toBe('Server says no');
    expect(fieldText(undefined, 'en-US')).toBeUndefined();
  });
});

describe('zod issue messages', () => {
  it('maps zod issues like the server does', () => {
    expect(zodIssueMessage({ code: 'too_small', minimum: 10, origin: 'string', input: 'abc' } as never, 'en-US')).toBe(
      'Too short (at least 10 characters)',
    );
    expect(zodIssueMessage({ code: 'too_small', minimum: 1, origin: 'string', input: '' } as never, 'zh-CN')).toBe(
      '此项为必填项',
    );
    expect(zodIssueMessage({ code: 'too_big', maximum: 50, origin: 'string', input: 'x' } as never, 'en-US')).toBe(
      'Too long (at most 50 characters)',
    );
    expect(zodIssueMessage({ code: 'invalid_format', format: 'email', input: 'x' } as never, 'en-US')).toBe(
      'Please enter a valid email address',
    );
  });

  it('says invalid or choose-an-option for a value outside an enum', () => {
    const issue = { code: 'invalid_value', values: ['a'], input: 'z' } as never;
    expect(zodIssueMessage(issue, 'en-US')).toBe('Invalid value');
    expect(zodIssueMessage(issue, 'en-US', { invalidValue: 'choice' })).toBe('Please choose one of the options');
    expect(zodIssueMessage({ code: 'invalid_value', values: ['a'], input: '' } as never, 'en-US')).toBe(
      'This field is required',
    );
  });
});

describe('server field errors', () => {
  it('puts server field messages under known fields', () => {
    const setError = vi.fn();
    const result = applyServerFieldErrors(
      invalid({ phone: 'Invalid mobile number', other: 'x' }),
      ['phone', 'verifyCode'],
      setError,
    );
    expect(result).toEqual({ first: 'phone', other: ['x'] });
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('phone', { type: 'server', message: 'Invalid mobile number' });
  });

  it('maps nested paths to their field, keeps the rest, and names the first field in form order', () => {
    const setError = vi.fn();
    const result = applyServerFieldErrors(
      invalid({ 'content.length': 'Too long', captcha: 'Solve it', email: 'Bad email' }),
      ['name', 'email', 'category', 'content'],
      setError,
    );
    expect(result).toEqual({ first: 'email', other: ['Solve it'] });
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Bad email' });
    expect(setError).toHaveBeenCalledWith('content', { type: 'server', message: 'Too long' });
  });

  it('does nothing for an error without field messages', () => {
    const setError = vi.fn();
    expect(applyServerFieldErrors(new Error('offline'), ['email'], setError)).toEqual({ first: null, other: [] });
    expect(applyServerFieldErrors(invalid({}), ['email'], setError).first).toBeNull();
    expect(setError).not.toHaveBeenCalled();
  });
});
