import type { LoginState } from './account.ts';
/** account: the constants and rules that need no schema (pages import them without zod; see account.ts). */

/** localStorage keys of the login state (spec §3: two keys, cleared on logout). */
export const USER_STORAGE_KEYS = { accountNo: 'nb.accountNo', nickname: 'nb.nickname' } as const;

export const VERIFICATION_SCENES = [
  'REGISTER_BY_EMAIL',
  'UPDATE_SECURITY_PHONE',
  'UPDATE_CONTACT_PHONE',
  'MFA_BY_SECURITY_EMAIL',
  'MFA_BY_SECURITY_PHONE',
  'RETRIEVE_PASSWORD_BY_EMAIL',
  'UPDATE_BILLING_PHONE',
] as const;

export type VerificationScene = (typeof VERIFICATION_SCENES)[number];

/** Multi-factor challenge (spec §3) carried in the data of Account.Mfa.Required and Account.Mfa.Required.Retry. */
export const MFA_METHODS = ['EMAIL', 'SMS', 'AUTHENTICATOR'] as const;

/** Business constants of the account area (spec §5, §9). */
export const ACCOUNT_LIMITS = {
  passwordMinLength: 8,
  passwordMaxLength: 20,
  /** At least this many of: uppercase, lowercase, digit, symbol. */
  passwordMinClasses: 3,
  /** Verification codes: 6 digits, valid 10 minutes, resend after 60 s, 5 attempts, 1 hour lock. */
  codeLength: 6,
  codeTtlSeconds: 10 * 60,
  codeResendSeconds: 60,
  codeMaxAttempts: 5,
  codeLockSeconds: 3600,
  /** Find password: step 2 within 5 minutes of step 1. */
  resetTtlSeconds: 5 * 60,
  nicknameMaxLength: 20,
} as const;

/**
 * Sign-in throttling (issue 12, ADR 0015). Failed sign-ins are counted per e-mail address
 * (registered or not: every step answers the same for both) and per client IP. Past a few failures
 * each attempt must carry a solved captcha, and each further failure doubles a wait before the next
 * attempt is heard; many failures with solved captchas lock the address and e-mail its owner.
 * Named here until the parameters store takes them over.
 */
export const LOGIN_THROTTLE = {
  /** Failures on one e-mail after which every attempt on it needs a solved captcha. */
  captchaAfterEmailFailures: 3,
  /** Failures from one IP after which every attempt from it needs a solved captcha (addresses are shared). */
  captchaAfterIpFailures: 10,
  /** From this many failures on an e-mail, each one makes the next attempt wait: 1 s, 2 s, 4 s … */
  delayAfterEmailFailures: 3,
  /** The same from one IP. */
  delayAfterIpFailures: 10,
  delayBaseSeconds: 1,
  /** The longest wait per e-mail (an attacker can slow its owner down by this much, never lock them out). */
  emailDelayMaxSeconds: 60,
  ipDelayMaxSeconds: 5 * 60,
  /** Failures with a solved captcha that lock the address for lockSeconds; the owner is e-mailed. */
  lockAfterProvenFailures: 10,
  lockSeconds: 15 * 60,
  /** Counters start again after this long without a failure. */
  windowSeconds: 60 * 60,
} as const;

export type PasswordCheck = { ok: true } | { ok: false; reason: 'passwordRequired' | 'passwordWeak' };

/**
 * The password rule (spec §5): 8–20 characters with at least three of uppercase, lowercase, digit
 * and symbol. Pure, shared by the server schema and the web form. `reason` is a FIELD_MESSAGES key.
 */
export function passwordStrength(password: string): PasswordCheck {
  if (password.length === 0) return { ok: false, reason: 'passwordRequired' };
  const length = [...password].length;
  if (length < ACCOUNT_LIMITS.passwordMinLength || length > ACCOUNT_LIMITS.passwordMaxLength)
    return { ok: false, reason: 'passwordWeak' };
  if (/\s/.test(password)) return { ok: false, reason: 'passwordWeak' };
  const classes = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  return classes >= ACCOUNT_LIMITS.passwordMinClasses ? { ok: true } : { ok: false, reason: 'passwordWeak' };
}

export type AccountIdentity = LoginState;
