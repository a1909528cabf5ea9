import { ACCOUNT_LIMITS, passwordStrength } from '@namebourse/contract';

/** Spec §5 / §9: 8–20 characters with at least three of uppercase, lowercase, digit and symbol. */
export const PASSWORD_MIN = ACCOUNT_LIMITS.passwordMinLength;
export const PASSWORD_MAX = ACCOUNT_LIMITS.passwordMaxLength;
export const PASSWORD_KINDS_REQUIRED = ACCOUNT_LIMITS.passwordMinClasses;

export const PASSWORD_KINDS = ['upper', 'lower', 'digit', 'symbol'] as const;
export type PasswordKind = (typeof PASSWORD_KINDS)[number];

export interface PasswordChecklist {
  /** 8–20 characters. */
  length: boolean;
  /** Which character kinds occur. */
  kinds: Record<PasswordKind, boolean>;
  /** How many kinds occur (0–4). */
  kindCount: number;
  /** At least three kinds. */
  variety: boolean;
  /** No spaces (the server refuses whitespace). */
  noSpaces: boolean;
  /** Every rule holds (the contract's `passwordStrength`, shared with the server). */
  valid: boolean;
  /** 0 (empty) … 4 (strong), for the strength bar. */
  strength: 0 | 1 | 2 | 3 | 4;
}

export function passwordChecklist(password: string): PasswordChecklist {
  const value = password ?? '';
  const chars = [...value];
  const kinds: Record<PasswordKind, boolean> = {
    upper: /[A-Z]/.test(value),
    lower: /[a-z]/.test(value),
    digit: /[0-9]/.test(value),
    // Anything that is not an ASCII letter, digit or space counts as a symbol (as on the server).
    symbol: /[^A-Za-z0-9\s]/.test(value),
  };
  const kindCount = PASSWORD_KINDS.filter((kind) => kinds[kind]).length;
  const length = chars.length >= PASSWORD_MIN && chars.length <= PASSWORD_MAX;
  const variety = kindCount >= PASSWORD_KINDS_REQUIRED;
  const noSpaces = !/\s/.test(value);
  const valid = passwordStrength(value).ok;
  let strength: PasswordChecklist['strength'] = 0;
  if (value.length > 0) {
    if (!length || !noSpaces) strength = 1;
    else if (kindCount < PASSWORD_KINDS_REQUIRED) strength = 2;
    else if (kindCount === PASSWORD_KINDS_REQUIRED && chars.length < 12) strength = 3;
    else strength = 4;
  }
  return { length, kinds, kindCount, variety, noSpaces, valid, strength };
}

export type PasswordProblem = 'required' | 'weak' | null;

/** The first problem of a new password (spec §5 messages: 'Password is required', the rule text). */
export function passwordProblem(password: string): PasswordProblem {
  const check = passwordStrength(password ?? '');
  if (check.ok) return null;
  return check.reason === 'passwordRequired' ? 'required' : 'weak';
}

/** The problem of the confirmation: required, or 'Passwords do not match'. */
export function confirmProblem(password: string, confirm: string): 'required' | 'mismatch' | null {
  if (!confirm) return 'required';
  return confirm === password ? null : 'mismatch';
}
