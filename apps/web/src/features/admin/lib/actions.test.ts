import { PAYEE_STATUSES, SETTLEMENT_STATUSES } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { payeeActionsFor, settlementActionsFor } from './actions.ts';

const names = (actions: { action: string }[]) => actions.map(({ action }) => action);

describe('review actions follow the transition tables', () => {
  it('offers approve, supplement and reject only while a payee waits for review', () => {
    expect(names(payeeActionsFor('pending_review'))).toEqual(['approve', 'supplement', 'reject']);
    expect(names(payeeActionsFor('supplement_submitted'))).toEqual(['approve', 'supplement', 'reject']);
    for (const status of ['needs_supplement', 'approved', 'rejected', 'revoked'] as const) {
      expect(payeeActionsFor(status)).toEqual([]);
    }
    expect(PAYEE_STATUSES).toHaveLength(6);
  });

  it('needs a reason to reject or ask for a supplement, not to approve', () => {
    const byAction = Object.fromEntries(payeeActionsFor('pending_review').map((a) => [a.action, a.reason]));
    expect(byAction).toEqual({ approve: 'none', supplement: 'required', reject: 'required' });
  });

  it('approves or fails a settlement in review, marks a processing one paid or failed, and ends there', () => {
    expect(names(settlementActionsFor('in_review'))).toEqual(['approve', 'fail']);
    expect(names(settlementActionsFor('processing'))).toEqual(['paid', 'fail']);
    expect(settlementActionsFor('success')).toEqual([]);
    expect(settlementActionsFor('failure')).toEqual([]);
    expect(SETTLEMENT_STATUSES).toHaveLength(4);
  });

  it('needs a reason only to mark a settlement failed', () => {
    for (const status of SETTLEMENT_STATUSES) {
      for (const action of settlementActionsFor(status)) {
        expect(action.reason).toBe(action.action === 'fail' ? 'required' : 'none');
      }
    }
  });
});
