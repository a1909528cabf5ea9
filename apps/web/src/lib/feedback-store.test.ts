import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  closeContactInfoDialog,
  closeMfaDialog,
  dismissToast,
  getFeedbackState,
  openContactInfoDialog,
  openMfaDialog,
  resetFeedbackStore,
  showToast,
  subscribeFeedback,
  updateMfaDialog,
} from './feedback-store.ts';

const challenge = {
  challengeId: 'c',
  challengeReason: 'r',
  allowedAttempts: 3,
  availableFactors: [{ method: 'EMAIL' as const, target: 'a***@b.com', tip: '' }],
};

function mfa() {
  return openMfaDialog({
    challenge,
    attemptsLeft: 3,
    tips: {},
    error: '',
    submitting: false,
    submit: async () => undefined,
    cancel: () => undefined,
  });
}

beforeEach(() => resetFeedbackStore());

describe('feedback store', () => {
  it('notifies subscribers with a new snapshot on each change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeFeedback(listener);
    const before = getFeedbackState();
    const id = showToast('Saved', 'success');
    expect(getFeedbackState()).not.toBe(before);
    expect(getFeedbackState().toast).toEqual({ id, message: 'Saved', severity: 'success' });
    dismissToast(id + 1);
    expect(getFeedbackState().toast).not.toBeNull();
    dismissToast(id);
    expect(getFeedbackState().toast).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    showToast('x');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('replaces the toast with the newest one', () => {
    showToast('first');
    const second = showToast('second');
    expect(getFeedbackState().toast).toMatchObject({ id: second, message: 'second', severity: 'error' });
  });

  it('queues MFA dialogs and updates or closes them by id', () => {
    const first = mfa();
    const second = mfa();
    expect(getFeedbackState().mfa.map((d) => d.id)).toEqual([first, second]);
    updateMfaDialog(first, { attemptsLeft: 1, tips: { EMAIL: 'wrong' } });
    expect(getFeedbackState().mfa[0]).toMatchObject({ attemptsLeft: 1, tips: { EMAIL: 'wrong' } });
    closeMfaDialog(first);
    expect(getFeedbackState().mfa.map((d) => d.id)).toEqual([second]);
  });

  it('opens and closes the contact-info dialog', () => {
    openContactInfoDialog();
    openContactInfoDialog();
    expect(getFeedbackState().contactInfoOpen).toBe(true);
    closeContactInfoDialog();
    expect(getFeedbackState().contactInfoOpen).toBe(false);
  });
});
