/**
 * The step machines of the account flows, kept pure so they can be tested without rendering.
 *
 * E-mail verification (shared by register, find password and /account/verify):
 *   email → captcha (ALTCHA, then verify-intelligent-captcha) → code (send + enter).
 * Register:      verify → password (password, confirmation, agreement) → done.
 * Find password: verify (then retrieve-password-step1) → reset (5 minutes) → done.
 */

export type VerificationStep = 'email' | 'captcha' | 'code';

export interface VerificationState {
  step: VerificationStep;
  email: string;
  /** The captchaVerifyParam that passed verify-intelligent-captcha; needed to send a code. */
  captchaParam: string | null;
  /** Bumped whenever a fresh captcha is needed, so the widget remounts with a new challenge. */
  captchaRound: number;
}

export type VerificationEvent =
  | { type: 'emailSubmitted'; email: string }
  | { type: 'editEmail' }
  | { type: 'captchaPassed'; param: string }
  /** The server refused the captcha param (used or expired): solve a new one. */
  | { type: 'captchaRejected' };

export function initialVerification(email = ''): VerificationState {
  return { step: 'email', email, captchaParam: null, captchaRound: 0 };
}

export function verificationReducer(state: VerificationState, event: VerificationEvent): VerificationState {
  switch (event.type) {
    case 'emailSubmitted': {
      const email = event.email.trim();
      if (!email) return state;
      return { step: 'captcha', email, captchaParam: null, captchaRound: state.captchaRound + 1 };
    }
    case 'editEmail':
      return { ...state, step: 'email', captchaParam: null };
    case 'captchaPassed':
      if (state.step !== 'captcha' || !event.param) return state;
      return { ...state, step: 'code', captchaParam: event.param };
    case 'captchaRejected':
      if (state.step === 'email') return state;
      return { ...state, step: 'captcha', captchaParam: null, captchaRound: state.captchaRound + 1 };
  }
}

// ---- Register ----

export type RegisterStage = 'verify' | 'password' | 'done';

export interface RegisterState {
  stage: RegisterStage;
  verification: VerificationState;
  verifyCode: string;
}

export type RegisterEvent =
  | { type: 'verification'; event: VerificationEvent }
  | { type: 'codeEntered'; code: string }
  | { type: 'back' }
  /** The server said the code is wrong or dead: enter (or request) another. */
  | { type: 'codeRejected' }
  /** 'E-mail already registered': back to the e-mail field. */
  | { type: 'emailRejected' }
  | { type: 'registered' };

export function initialRegister(email = ''): RegisterState {
  return { stage: 'verify', verification: initialVerification(email), verifyCode: '' };
}

export function registerReducer(state: RegisterState, event: RegisterEvent): RegisterState {
  switch (event.type) {
    case 'verification':
      if (state.stage !== 'verify') return state;
      return { ...state, verification: verificationReducer(state.verification, event.event) };
    case 'codeEntered':
      if (state.stage !== 'verify' || state.verification.step !== 'code' || !event.code) return state;
      return { ...state, stage: 'password', verifyCode: event.code };
    case 'back':
      if (state.stage !== 'password') return state;
      return { ...state, stage: 'verify' };
    case 'codeRejected':
      if (state.stage === 'done') return state;
      return { ...state, stage: 'verify', verifyCode: '', verification: { ...state.verification, step: 'code' } };
    case 'emailRejected':
      if (state.stage === 'done') return state;
      return {
        ...state,
        stage: 'verify',
        verifyCode: '',
        verification: verificationReducer(state.verification, { type: 'editEmail' }),
      };
    case 'registered':
      return state.stage === 'password' ? { ...state, stage: 'done' } : state;
  }
}

// ---- Find password ----

/** Spec §5 / §9: the new password must be set within 5 minutes. */
export const RESET_WINDOW_MS = 5 * 60 * 1000;

export type ResetStage = 'verify' | 'reset' | 'done';

export interface ResetState {
  stage: ResetStage;
  verification: VerificationState;
  resetToken: string | null;
  /** Epoch ms after which the reset token is dead. */
  expiresAt: number | null;
  /** Why the flow went back to step 1 (shown there). */
  notice: 'expired' | null;
}

export type ResetEvent =
  | { type: 'verification'; event: VerificationEvent }
  | { type: 'tokenIssued'; resetToken: string; now: number }
  | { type: 'expired' }
  | { type: 'codeRejected' }
  | { type: 'reset' };

export function initialReset(email = ''): ResetState {
  return { stage: 'verify', verification: initialVerification(email), resetToken: null, expiresAt: null, notice: null };
}

export function resetReducer(state: ResetState, event: ResetEvent): ResetState {
  switch (event.type) {
    case 'verification':
      if (state.stage !== 'verify') return state;
      return { ...state, notice: null, verification: verificationReducer(state.verification, event.event) };
    case 'tokenIssued':
      if (state.stage !== 'verify' || !event.resetToken) return state;
      return {
        ...state,
        stage: 'reset',
        resetToken: event.resetToken,
        expiresAt: event.now + RESET_WINDOW_MS,
        notice: null,
      };
    case 'expired':
      if (state.stage !== 'reset') return state;
      // The code was spent on the token: a new one needs a new captcha; the e-mail stays.
      return {
        stage: 'verify',
        verification: verificationReducer(state.verification, { type: 'captchaRejected' }),
        resetToken: null,
        expiresAt: null,
        notice: 'expired',
      };
    case 'codeRejected':
      if (state.stage !== 'verify') return state;
      return { ...state, verification: { ...state.verification, step: 'code' } };
    case 'reset':
      return state.stage === 'reset' ? { ...state, stage: 'done', resetToken: null, expiresAt: null } : state;
  }
}

/** Whole seconds left until `expiresAt` (0 when past or unset). */
export function secondsLeft(expiresAt: number | null, now: number): number {
  if (expiresAt === null) return 0;
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/** 'm:ss' for a countdown. */
export function formatMinutes(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
