/**
 * The actions the server records in the audit log (payees, settlements, user adjustments), with a label each in
 * the admin namespace (`history.action.<action>`); any other action is shown as the server wrote it.
 */
export const HISTORY_ACTIONS = [
  // Payees: by the user …
  'submit',
  'resubmit',
  'edit',
  'supplement',
  'revoke',
  // … and by an operator.
  'approve',
  'reject',
  'request_supplement',
  // Settlements.
  'apply',
  'paid',
  'fail',
  // Manual adjustments of a user's buckets.
  'adjust_available',
  'adjust_earnings',
  // Restrictions of an account.
  'restrict',
  'lift_restriction',
  'restriction_ended',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export function isKnownHistoryAction(action: string): action is HistoryAction {
  return (HISTORY_ACTIONS as readonly string[]).includes(action);
}
