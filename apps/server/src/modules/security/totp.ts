import { MFA_LIMITS } from '@namebourse/contract';
import { generateSecret, generateURI, verify } from 'otplib';

/** TOTP (RFC 6238) as the authenticator apps use it: SHA-1, 6 digits, 30 s step. */
export const TOTP_OPTIONS = {
  algorithm: 'sha1',
  digits: MFA_LIMITS.totpDigits,
  period: MFA_LIMITS.totpPeriodSeconds,
} as const;

/** A new random secret: 20 bytes, Base32 (32 characters). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** Upper case, no spaces or padding: the form secrets are stored and compared in. */
export function normaliseTotpSecret(secret: string): string {
  return secret.replace(/[\s=]/g, '').toUpperCase();
}

/** The otpauth:// URI for the QR code: issuer NameBourse, label the account e-mail. */
export function totpUri(secret: string, label: string): string {
  return generateURI({ issuer: MFA_LIMITS.totpIssuer, label, secret, ...TOTP_OPTIONS });
}

export function timeStepOf(epochSeconds: number): number {
  return Math.floor(epochSeconds / MFA_LIMITS.totpPeriodSeconds);
}

/**
 * Checks a code at `now` within ±1 step. A code of a step at or before `afterStep` is refused
 * (a code is accepted once). Returns the matched time step, or null.
 */
export async function verifyTotp(
  secret: string,
  token: string,
  now: Date,
  afterStep: number | null | undefined,
): Promise<number | null> {
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = await verify({
      secret,
      token,
      ...TOTP_OPTIONS,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: MFA_LIMITS.totpWindowSteps * MFA_LIMITS.totpPeriodSeconds,
      ...(afterStep !== null && afterStep !== undefined ? { afterTimeStep: afterStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A malformed secret or token: not a match.
    return null;
  }
}
