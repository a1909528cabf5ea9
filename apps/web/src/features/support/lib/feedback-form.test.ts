import { FEEDBACK_LIMITS, FeedbackRequestSchema } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { contractErrorMap } from '../../../lib/form-errors.ts';
import { contentLength, isContentTooLong } from './feedback-form.ts';

function messages(input: unknown, locale: 'zh-CN' | 'en-US' = 'en-US') {
  const result = FeedbackRequestSchema.safeParse(input, { error: contractErrorMap(locale) });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('feedback validation messages', () => {
  it('accepts a valid message', () => {
    expect(
      messages({ name: 'Ada', email: 'ada@example.com', category: 'auction', content: 'My bid did not show up.' }),
    ).toEqual({});
  });

  it('localises required, email, enum and length messages from the contract', () => {
    expect(messages({ name: '  ', email: '', content: 'short' })).toEqual({
      name: 'This field is required',
      email: 'This field is required',
      category: 'This field is required',
      content: 'Too short (at least 10 characters)',
    });
    expect(
      messages({ name: 'A', email: 'not-an-email', category: 'auction', content: 'x'.repeat(2001) }, 'zh-CN'),
    ).toEqual({
      email: '请输入有效的邮箱地址',
      content: `内容过长（最多 ${FEEDBACK_LIMITS.contentMax} 个字符）`,
    });
    expect(messages({ name: 'A', email: 'a@b.co', category: 'nonsense', content: 'long enough text' })).toEqual({
      category: 'Invalid value',
    });
  });
});

describe('message counter', () => {
  it('counts the trimmed text like the schema does', () => {
    expect(contentLength('  hello  ')).toBe(5);
    expect(contentLength(undefined)).toBe(0);
    expect(isContentTooLong('a'.repeat(FEEDBACK_LIMITS.contentMax))).toBe(false);
    expect(isContentTooLong(`${'a'.repeat(FEEDBACK_LIMITS.contentMax + 1)}`)).toBe(true);
  });
});
