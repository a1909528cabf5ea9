import { type FieldErrors, MFA_METHODS, type MfaChallenge, OPERATOR_ROLES, type Operator } from '@namebourse/contract';

/**
 * Checks of the few answers the request pipeline reads on every page (the MFA challenge, field errors, the
 * operator), written by hand to the contract's types: the contract's zod schemas would bring zod into every
 * page's first download. Forms and pages that validate input still use the schemas.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/** `MfaChallengeSchema`: challengeId, challengeReason, allowedAttempts and the factors with method, target, tip. */
export function isMfaChallenge(data: unknown): data is MfaChallenge {
  if (!isRecord(data)) return false;
  if (!isString(data.challengeId) || !isString(data.challengeReason) || !isInteger(data.allowedAttempts)) return false;
  if (!Array.isArray(data.availableFactors)) return false;
  return data.availableFactors.every(
    (factor: unknown) =>
      isRecord(factor) &&
      (MFA_METHODS as readonly unknown[]).includes(factor.method) &&
      isString(factor.target) &&
      isString(factor.tip) &&
      (factor.failed === undefined || typeof factor.failed === 'boolean'),
  );
}

/** `FieldErrorsSchema`: `{ fields: { [field]: message } }`. */
export function isFieldErrors(data: unknown): data is FieldErrors {
  return isRecord(data) && isRecord(data.fields) && Object.values(data.fields).every(isString);
}

/** `OperatorSchema`: accountNo, nickname, email and an operator role. */
export function isOperator(data: unknown): data is Operator {
  return (
    isRecord(data) &&
    isString(data.accountNo) &&
    isString(data.nickname) &&
    isString(data.email) &&
    (OPERATOR_ROLES as readonly unknown[]).includes(data.role)
  );
}
