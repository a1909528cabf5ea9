import type { MfaChallenge, MfaMethod, MfaVerification } from '@namebourse/contract';
import { isMfaChallenge } from './answer-guards.ts';
import { API_CODES, ApiError, markHandledByPipeline } from './api-error.ts';
import { toApiError } from './api-exchange.ts';
import {
  closeMfaDialog,
  type MfaDialogState,
  type MfaFactorInput,
  openMfaDialog,
  updateMfaDialog,
} from './feedback-store.ts';

/**
 * The MFA step of the pipeline (spec §3, §8): the dialog opened on Account.Mfa.Required, and the retry of the
 * original request with `mfaVerification` until it succeeds, fails for good or the user closes the dialog.
 */

/** The challenge in the data of Account.Mfa.Required or Account.Mfa.Required.Retry; null when there is none. */
export function parseChallenge(data: unknown): MfaChallenge | null {
  return isMfaChallenge(data) ? data : null;
}

function tipsOf(factors: MfaChallenge['availableFactors']): Partial<Record<MfaMethod, string>> {
  const tips: Partial<Record<MfaMethod, string>> = {};
  for (const factor of factors) tips[factor.method] = factor.tip;
  return tips;
}

type ChallengePatch = Pick<MfaDialogState, 'attemptsLeft' | 'tips' | 'challenge'>;

/** What a challenge shows in the dialog: the challenge itself, the attempts left and the per-factor tips. */
function challengePatch(challenge: MfaChallenge): ChallengePatch {
  return { challenge, attemptsLeft: challenge.allowedAttempts, tips: tipsOf(challenge.availableFactors) };
}

/**
 * What an Account.Mfa.Required.Retry reply changes in the dialog: its data is the challenge again (contract
 * `MfaChallengeSchema`), with the attempts left and per-factor tips; nothing when the data is not one.
 */
function mfaRetryPatch(data: unknown): Partial<ChallengePatch> {
  const challenge = parseChallenge(data);
  return challenge ? challengePatch(challenge) : {};
}

/**
 * Opens the MFA dialog; settles with the result of `retry`, the original request sent again with
 * mfaVerification (a wrong code or a new challenge keeps the dialog open; closing it rejects with
 * Account.Mfa.Cancelled).
 */
export function runMfa(
  challenge: MfaChallenge,
  retry: (mfaVerification: MfaVerification) => Promise<unknown>,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let current = challenge;
    let settled = false;
    const finish = (id: number) => {
      settled = true;
      closeMfaDialog(id);
    };
    const id = openMfaDialog({
      ...challengePatch(challenge),
      error: '',
      submitting: false,
      submit: async (factors: MfaFactorInput[]) => {
        if (settled) return;
        updateMfaDialog(id, { submitting: true, error: '' });
        try {
          const result = await retry({ challengeId: current.challengeId, factors });
          finish(id);
          resolve(result);
        } catch (caught) {
          const error = toApiError(caught);
          if (error.code === API_CODES.mfaRetry) {
            const patch = mfaRetryPatch(error.data);
            if (patch.challenge) current = patch.challenge;
            updateMfaDialog(id, { ...patch, submitting: false, error: error.message });
            return;
          }
          const next = error.code === API_CODES.mfaRequired ? parseChallenge(error.data) : null;
          if (next) {
            // A new challenge (the old one expired): keep the dialog open with it.
            current = next;
            updateMfaDialog(id, { ...challengePatch(next), submitting: false, error: error.message });
            return;
          }
          finish(id);
          reject(error);
        }
      },
      cancel: () => {
        if (settled) return;
        finish(id);
        reject(markHandledByPipeline(new ApiError({ code: API_CODES.mfaCancelled, message: '', kind: 'cancelled' })));
      },
    });
  });
}
