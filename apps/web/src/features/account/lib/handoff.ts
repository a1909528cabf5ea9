import { initialRegister, initialReset, RESET_WINDOW_MS, type RegisterState, type ResetState } from './flow-machine.ts';
import { CODE_PATTERN, isEmail } from './forms.ts';

/** What /account/verify hands to the register page (router state): a verified e-mail and its code. */
export interface RegisterHandoff {
  email: string;
  verifyCode: string;
}

/** What /account/verify hands to the find-password page: the reset token from step 1 and when it was issued. */
export interface ResetHandoff {
  email: string;
  resetToken: string;
  issuedAt: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The register state to start from: at the password stage when a valid handoff arrives. */
export function registerStart(routerState: unknown): RegisterState {
  if (!isRecord(routerState)) return initialRegister();
  const { email, verifyCode } = routerState;
  if (typeof email !== 'string' || !isEmail(email)) return initialRegister();
  if (typeof verifyCode !== 'string' || !CODE_PATTERN.test(verifyCode)) return initialRegister(email);
  const base = initialRegister(email);
  return {
    stage: 'password',
    verifyCode,
    verification: { ...base.verification, step: 'code', email },
  };
}

/** The find-password state to start from: at step 2 when a still-valid reset token arrives. */
export function resetStart(routerState: unknown, now: number): ResetState {
  if (!isRecord(routerState)) return initialReset();
  const { email, resetToken, issuedAt } = routerState;
  const mail = typeof email === 'string' && isEmail(email) ? email : '';
  if (typeof resetToken !== 'string' || !resetToken || typeof issuedAt !== 'number') return initialReset(mail);
  const expiresAt = issuedAt + RESET_WINDOW_MS;
  if (expiresAt <= now) return { ...initialReset(mail), notice: 'expired' };
  const base = initialReset(mail);
  return { ...base, stage: 'reset', resetToken, expiresAt, verification: { ...base.verification, step: 'code' } };
}
