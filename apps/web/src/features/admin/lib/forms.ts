import { type AdjustmentRequest, AdjustmentRequestSchema } from '@namebourse/contract';
import { z } from 'zod';
import { adjustmentAmountProblem, parseSignedDollarsToCents } from './amount.ts';

/** The most a review reason may hold (PayeeReviewRequestSchema / SettlementReviewRequestSchema). */
export const REVIEW_REASON_MAX = 500;

/**
 * The reason of a review action. Messages are contract field-message keys ('required', 'tooLong'), localised by
 * the form with `fieldText`. Required for reject, supplement and fail; optional for the other actions.
 */
export function reviewReasonSchema(required: boolean) {
  return z.object({
    reason: z
      .string()
      .trim()
      .max(REVIEW_REASON_MAX, 'tooLong')
      .refine((value) => !required || value.length > 0, 'required'),
  });
}
export type ReviewReasonForm = z.infer<ReturnType<typeof reviewReasonSchema>>;

/** Problem keys of the amount field: contract field messages, or keys of the admin namespace ('form.…'). */
const AMOUNT_MESSAGES = {
  required: 'required',
  invalid: 'amountInvalid',
  zero: 'form.amountZero',
  tooLarge: 'form.amountTooLarge',
} as const;

/** The adjustment form: a bucket, a signed dollar amount as typed, and a reason (4–200 characters). */
export const adjustmentFormSchema = z.object({
  bucket: AdjustmentRequestSchema.shape.bucket,
  amount: z.string().superRefine((value, ctx) => {
    const problem = adjustmentAmountProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGES[problem] });
  }),
  reason: AdjustmentRequestSchema.shape.reason,
});
export type AdjustmentForm = z.infer<typeof adjustmentFormSchema>;

/** The request body of a valid adjustment form (amount in signed integer cents). */
export function adjustmentRequestOf(form: AdjustmentForm): AdjustmentRequest {
  const amountCents = parseSignedDollarsToCents(form.amount);
  if (amountCents === null) throw new RangeError(`Not an amount: ${form.amount}`);
  return AdjustmentRequestSchema.parse({ bucket: form.bucket, amountCents, reason: form.reason });
}
