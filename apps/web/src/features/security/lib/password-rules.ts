/** Spec §5: 8–20 characters with at least three of uppercase, lowercase, digit and symbol. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

export type PasswordClass = 'upper' | 'lower' | 'digit' | 'symbol';

export interface PasswordCheck {
  lengthOk: boolean;
  classes: Record<PasswordClass, boolean>;
  classCount: number;
  valid: boolean;
}

export function checkPassword(value: string): PasswordCheck {
  const length = [...value].length;
  const classes = {
    upper: /[A-Z]/.test(value),
    lower: /[a-z]/.test(value),
    digit: /\d/.test(value),
    symbol: /[^A-Za-z0-9\s]/.test(value),
  };
  const classCount = Object.values(classes).filter(Boolean).length;
  const lengthOk = length >= PASSWORD_MIN && length <= PASSWORD_MAX && !/\s/.test(value);
  return { lengthOk, classes, classCount, valid: lengthOk && classCount >= 3 };
}
