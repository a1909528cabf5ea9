import { z } from 'zod';

/** GET /api/account/check-login (spec §7): empty accountNo when signed out. */
export const LoginStateSchema = z.object({ accountNo: z.string(), nickname: z.string() });
export type LoginState = z.infer<typeof LoginStateSchema>;

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

/** Multi-factor challenge (spec §3) carried in the data of Account.Mfa.Required. */
export const MfaMethodSchema = z.enum(['EMAIL', 'SMS', 'AUTHENTICATOR']);
export type MfaMethod = z.infer<typeof MfaMethodSchema>;
export const MfaChallengeSchema = z.object({
  challengeId: z.string(),
  challengeReason: z.string(),
  allowedAttempts: z.number().int(),
  availableFactors: z.array(z.object({ method: MfaMethodSchema, target: z.string(), tip: z.string() })),
});
export type MfaChallenge = z.infer<typeof MfaChallengeSchema>;
export const MfaVerificationSchema = z.object({
  challengeId: z.string(),
  factors: z.array(z.object({ method: MfaMethodSchema, token: z.string() })),
});
export type MfaVerification = z.infer<typeof MfaVerificationSchema>;

/** GET /api/account/csrf: the token also set as the XSRF-TOKEN cookie. */
export const CsrfTokenSchema = z.object({ csrfToken: z.string() });
export type CsrfToken = z.infer<typeof CsrfTokenSchema>;
