/** Why a top-up failed, as the payment provider reports it (the recharge's `failureReason`). */
export const FAILURE_REASONS = ['card_declined', 'insufficient_funds', 'expired_card', 'canceled', 'expired'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** The funds-namespace key explaining a failure; null for a reason we do not know (shown as the provider wrote it). */
export function failureReasonKey(reason: string | null): string | null {
  if (!reason) return 'result.failed.reasonUnknown';
  return (FAILURE_REASONS as readonly string[]).includes(reason) ? `result.failed.reasons.${reason}` : null;
}
