import {
  PAYEE_TRANSITIONS,
  type PayeeReviewRequest,
  type PayeeStatus,
  SETTLEMENT_TRANSITIONS,
  type SettlementReviewRequest,
  type SettlementStatus,
} from '@namebourse/contract';

export type ReasonRule = 'none' | 'optional' | 'required';

export interface ReviewAction<A extends string, S extends string> {
  action: A;
  /** The status the action leads to (checked against the contract's transition table). */
  to: S;
  reason: ReasonRule;
  color: 'primary' | 'success' | 'warning' | 'error';
}

type PayeeAction = PayeeReviewRequest['action'];
type SettlementAction = SettlementReviewRequest['action'];

/** An operator's payee review actions (the reason is required to reject or ask for a supplement). */
export const PAYEE_ACTIONS: readonly ReviewAction<PayeeAction, PayeeStatus>[] = [
  { action: 'approve', to: 'approved', reason: 'none', color: 'success' },
  { action: 'supplement', to: 'needs_supplement', reason: 'required', color: 'warning' },
  { action: 'reject', to: 'rejected', reason: 'required', color: 'error' },
];

/** An operator's settlement actions: approve (→ processing), mark paid (→ success), mark failed (→ failure). */
export const SETTLEMENT_ACTIONS: readonly ReviewAction<SettlementAction, SettlementStatus>[] = [
  { action: 'approve', to: 'processing', reason: 'none', color: 'primary' },
  { action: 'paid', to: 'success', reason: 'none', color: 'success' },
  { action: 'fail', to: 'failure', reason: 'required', color: 'error' },
];

/** The review actions open for a payee in `status`, as the transition table allows them. */
export function payeeActionsFor(status: PayeeStatus): ReviewAction<PayeeAction, PayeeStatus>[] {
  return PAYEE_ACTIONS.filter(({ to }) => PAYEE_TRANSITIONS[status].includes(to));
}

/** The actions open for a settlement in `status`, as the transition table allows them. */
export function settlementActionsFor(status: SettlementStatus): ReviewAction<SettlementAction, SettlementStatus>[] {
  return SETTLEMENT_ACTIONS.filter(({ to }) => SETTLEMENT_TRANSITIONS[status].includes(to));
}
