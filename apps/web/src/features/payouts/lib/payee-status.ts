import { PAYEE_TRANSITIONS, type Payee, type PayeeStatus } from '@namebourse/contract';

/** How the form is introduced: a new payee, an edit, a supplement the operator asked for, or a resubmission. */
export type EditKind = 'add' | 'edit' | 'supplement' | 'resubmit';

export interface PayeeActions {
  /** The form can be opened (the server's `canEdit`; always for a type without a payee). */
  canEdit: boolean;
  editKind: EditKind;
  /** Why it cannot be edited, when it cannot (keys of `payees.noEdit`). */
  noEditReason: 'approved' | 'inReview' | null;
  /** Revoking (withdrawing) is a legal move from this status. */
  canRevoke: boolean;
}

/** What the user can do with the payee of one type (null: none yet). */
export function payeeActions(payee: Pick<Payee, 'status' | 'canEdit'> | null): PayeeActions {
  if (!payee) return { canEdit: true, editKind: 'add', noEditReason: null, canRevoke: false };
  const { status } = payee;
  const editKind: EditKind =
    status === 'needs_supplement' ? 'supplement' : status === 'rejected' || status === 'revoked' ? 'resubmit' : 'edit';
  const noEditReason = payee.canEdit
    ? null
    : status === 'approved'
      ? 'approved'
      : status === 'pending_review' || status === 'supplement_submitted'
        ? 'inReview'
        : null;
  return {
    canEdit: payee.canEdit,
    editKind,
    noEditReason,
    canRevoke: PAYEE_TRANSITIONS[status].includes('revoked'),
  };
}

/** In one of the review states, where an expected finish date applies. */
export function isInReview(status: PayeeStatus): boolean {
  return status === 'pending_review' || status === 'supplement_submitted';
}
