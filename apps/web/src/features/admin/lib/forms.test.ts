import { AdjustmentRequestSchema } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { adjustmentFormSchema, adjustmentRequestOf, REVIEW_REASON_MAX, reviewReasonSchema } from './forms.ts';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('review reason', () => {
  it('is required to reject, ask for a supplement or fail, and trimmed', () => {
    const required = reviewReasonSchema(true);
    expect(messages(required.safeParse({ reason: '' }))).toEqual({ reason: 'required' });
    expect(messages(required.safeParse({ reason: '   ' }))).toEqual({ reason: 'required' });
    expect(required.parse({ reason: '  blurry scan  ' })).toEqual({ reason: 'blurry scan' });
  });

  it('is optional for the other actions, and never longer than the server accepts', () => {
    const optional = reviewReasonSchema(false);
    expect(optional.safeParse({ reason: '' }).success).toBe(true);
    expect(messages(optional.safeParse({ reason: 'x'.repeat(REVIEW_REASON_MAX + 1) }))).toEqual({
      reason: 'tooLong',
    });
  });
});

describe('adjustment form', () => {
  it('turns a valid form into the contract request in signed cents', () => {
    const form = adjustmentFormSchema.parse({ bucket: 'earnings', amount: '-12.50', reason: ' duplicate credit ' });
    const request = adjustmentRequestOf(form);
    expect(request).toEqual({ bucket: 'earnings', amountCents: -1250, reason: 'duplicate credit' });
    expect(AdjustmentRequestSchema.safeParse(request).success).toBe(true);
  });

  it('flags the amount and a reason under 4 characters', () => {
    const zero = adjustmentFormSchema.safeParse({ bucket: 'available', amount: '0', reason: 'abc' });
    expect(messages(zero).amount).toBe('form.amountZero');
    expect(messages(zero).reason).toBeDefined();
    const big = adjustmentFormSchema.safeParse({ bucket: 'available', amount: '2000000', reason: 'valid reason' });
    expect(messages(big)).toEqual({ amount: 'form.amountTooLarge' });
    const junk = adjustmentFormSchema.safeParse({ bucket: 'available', amount: '12.345', reason: 'valid reason' });
    expect(messages(junk)).toEqual({ amount: 'amountInvalid' });
    const empty = adjustmentFormSchema.safeParse({ bucket: 'available', amount: '', reason: 'valid reason' });
    expect(messages(empty)).toEqual({ amount: 'required' });
  });

  it('refuses a bucket the server does not adjust', () => {
    expect(adjustmentFormSchema.safeParse({ bucket: 'frozen', amount: '5', reason: 'valid reason' }).success).toBe(
      false,
    );
  });
});
