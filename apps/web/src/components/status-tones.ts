import type { PayeeStatus, SettlementStatus } from '@namebourse/contract';
import type { StatusTone } from './status-chip.tsx';

/** The tone of a payee's status, the same for its owner (payouts) and the operator (admin). */
export const PAYEE_STATUS_TONE: Record<PayeeStatus, StatusTone> = {
  pending_review: 'info',
  needs_supplement: 'warning',
  supplement_submitted: 'info',
  approved: 'success',
  rejected: 'error',
  revoked: 'default',
};

/** The tone of a settlement's status, the same for its owner (payouts) and the operator (admin). */
export const SETTLEMENT_STATUS_TONE: Record<SettlementStatus, StatusTone> = {
  in_review: 'info',
  processing: 'warning',
  success: 'success',
  failure: 'error',
};
