import { PAYEE_STATUSES } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { isConfirmWord } from '../../../components/confirm-dialog.tsx';
import { PAYEE_STATUS_TONE } from '../../../components/status-tones.ts';
import { isInReview, payeeActions } from './payee-status.ts';

describe('payeeActions', () => {
  it('offers to add when there is no payee of the type', () => {
    expect(payeeActions(null)).toEqual({ canEdit: true, editKind: 'add', noEditReason: null, canRevoke: false });
  });

  it('never edits an approved payee, and says why', () => {
    expect(payeeActions({ status: 'approved', canEdit: false })).toMatchObject({
      canEdit: false,
      noEditReason: 'approved',
      canRevoke: true,
    });
  });

  it('asks for a supplement and resubmits after rejection or revocation', () => {
    expect(payeeActions({ status: 'needs_supplement', canEdit: true }).editKind).toBe('supplement');
    expect(payeeActions({ status: 'rejected', canEdit: true }).editKind).toBe('resubmit');
    expect(payeeActions({ status: 'revoked', canEdit: true }).editKind).toBe('resubmit');
  });

  it('explains that a payee in review waits for the result', () => {
    expect(payeeActions({ status: 'pending_review', canEdit: false }).noEditReason).toBe('inReview');
    expect(payeeActions({ status: 'supplement_submitted', canEdit: false }).noEditReason).toBe('inReview');
  });

  it('revokes only where the transition table allows it', () => {
    const revocable = PAYEE_STATUSES.filter((status) => payeeActions({ status, canEdit: false }).canRevoke);
    expect(revocable).toEqual(['pending_review', 'needs_supplement', 'supplement_submitted', 'approved']);
  });

  it('has a chip colour for every status', () => {
    for (const status of PAYEE_STATUSES) expect(PAYEE_STATUS_TONE[status]).toBeTruthy();
    expect(PAYEE_STATUSES.filter(isInReview)).toEqual(['pending_review', 'supplement_submitted']);
  });
});

describe('isConfirmWord', () => {
  it('wants exactly Confirm', () => {
    expect(isConfirmWord('Confirm')).toBe(true);
    expect(isConfirmWord(' Confirm ')).toBe(true);
    expect(isConfirmWord('confirm')).toBe(false);
    expect(isConfirmWord('Confir')).toBe(false);
  });
});
