import { z } from 'zod';
import { MfaVerificationSchema } from './account.ts';

// ---- Security area (spec §3, §6, §7; API.md Account section): MFA and API access keys ----

/** MFA challenges and TOTP (RFC 6238): 30 s step, ±1 step, 6 digits, SHA-1, a code accepted once. */
export const MFA_LIMITS = {
  challengeTtlSeconds: 10 * 60,
  challengeAttempts: 5,
  /** After a challenge fails (attempts exhausted), new challenges are refused for this long. */
  lockSeconds: 15 * 60,
  totpPeriodSeconds: 30,
  totpWindowSteps: 1,
  totpDigits: 6,
  totpIssuer: 'NameBourse',
} as const;

/** Reasons routes declare with `config: { mfa: reason }` (later modules add their own). */
export const MFA_REASONS = [
  'LOGIN',
  'CHANGE_PASSWORD',
  'UPDATE_SECURE_PHONE',
  'UPDATE_SECURE_EMAIL',
  'BIND_AUTHENTICATOR',
  'UNBIND_AUTHENTICATOR',
  'UPDATE_LOGIN_MFA',
  'CREATE_AK',
  'DELETE_AK',
  'UPDATE_AK_IP',
  'SAVE_PAYEE',
  'REVOKE_PAYEE',
  'APPLY_SETTLEMENT',
  'TRANSFER_OUT',
  'UPDATE_PARAMETER',
] as const;

/** POST /api/account/mfa/send-code: sends an MFA code to the secure email or phone of the challenge's account. */
export const MfaSendCodeBodySchema = z.object({
  challengeId: z.string().min(1).max(64),
  method: z.enum(['EMAIL', 'SMS']),
});
export type MfaSendCodeBody = z.infer<typeof MfaSendCodeBodySchema>;
export const MfaSendCodeResultSchema = z.object({ retryAfterSeconds: z.number().int().nonnegative() });

/** POST /api/account/mfa/verify (API.md): `{ challengeId, factors: [{ method, token }] }`. */
export const MfaVerifyBodySchema = MfaVerificationSchema;
/**
 * The account that passed: for a LOGIN challenge the sign-in is completed (session cookies set);
 * for other reasons the challenge is marked passed and the original request, retried with
 * `mfaVerification: { challengeId, … }`, goes through once.
 */
export const MfaVerifyResultSchema = z.object({
  accountNo: z.string(),
  nickname: z.string(),
  challengeReason: z.string(),
});
export type MfaVerifyResult = z.infer<typeof MfaVerifyResultSchema>;

/** GET /api/account-manage/get-authenticator-binding-info. */
export const AuthenticatorBindingInfoSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCodeDataUrl: z.string(),
});
export type AuthenticatorBindingInfo = z.infer<typeof AuthenticatorBindingInfoSchema>;

export const TotpCodeSchema = z.string().regex(/^\d{6}$/);

/** POST /api/account-manage/bind-authenticator (API.md: `{ secret, code }`). */
export const BindAuthenticatorBodySchema = z.object({
  secret: z
    .string()
    .min(16)
    .max(128)
    .regex(/^[A-Z2-7]+=*$/i),
  code: TotpCodeSchema,
  mfaVerification: MfaVerificationSchema.optional(),
});
export type BindAuthenticatorBody = z.infer<typeof BindAuthenticatorBodySchema>;

/** A body that only carries the optional MFA verification. */
export const MfaOnlyBodySchema = z.object({ mfaVerification: MfaVerificationSchema.optional() });

/** POST /api/account-manage/update-secure-mobile: the code (UPDATE_SECURITY_PHONE) was sent to the new phone. */
export const UpdateSecureMobileBodySchema = z.object({
  phone: z.string().min(4).max(32),
  /** Dial code ('86', '+86') or ISO country code ('CN'). */
  phoneCountryCode: z.string().min(1).max(8),
  verifyCode: z.string().regex(/^\d{6}$/),
  mfaVerification: MfaVerificationSchema.optional(),
});
export type UpdateSecureMobileBody = z.infer<typeof UpdateSecureMobileBodySchema>;

/** POST /api/account-manage/update-secure-email: the code (MFA_BY_SECURITY_EMAIL) was sent to that address. */
export const UpdateSecureEmailBodySchema = z.object({
  email: z.email().max(254),
  verifyCode: z.string().regex(/^\d{6}$/),
  mfaVerification: MfaVerificationSchema.optional(),
});
export type UpdateSecureEmailBody = z.infer<typeof UpdateSecureEmailBodySchema>;

/** GET /api/account-manage/get-security-info: targets are masked. */
export const SecurityInfoSchema = z.object({
  hasAuthenticator: z.boolean(),
  securePhone: z.string().nullable(),
  secureEmail: z.string().nullable(),
  loginMfaEnabled: z.boolean(),
});
export type SecurityInfo = z.infer<typeof SecurityInfoSchema>;

/** POST /api/account-manage/update-login-mfa. Enabling needs a secure phone or an authenticator. */
export const UpdateLoginMfaBodySchema = z.object({
  enabled: z.boolean(),
  mfaVerification: MfaVerificationSchema.optional(),
});

// ---- API access keys (spec §6 API access rule, §9 allow-list ≤ 20) ----

/**
 * API access switches on when the account has spent at least `requiredSpentCents` in the last
 * `spendingWindowMonths` months and its available balance is at least `requiredAvailableCents`
 * (spec §6: both are parameters). Otherwise access is locked and the page offers contact-us for a trial.
 */
export const API_ACCESS = {
  requiredSpentCents: 100_000,
  requiredAvailableCents: 10_000,
  spendingWindowMonths: 24,
  maxKeysPerAccount: 5,
  maxIpWhiteList: 20,
  /** Requests per key and minute. */
  rateLimitPerMinute: 600,
  /** Where the locked page sends the user to ask for a trial. */
  contactUsPath: '/contact-us',
} as const;

export const ApiAccessReasonSchema = z.enum(['OK', 'SPENDING_TOO_LOW', 'BALANCE_TOO_LOW', 'KEY_LIMIT_REACHED']);
export type ApiAccessReason = z.infer<typeof ApiAccessReasonSchema>;

/** GET /api/account-manage/check-can-create-ak. */
export const CanCreateAkSchema = z.object({
  canCreate: z.boolean(),
  reason: ApiAccessReasonSchema,
  spentCents: z.number().int(),
  availableCents: z.number().int(),
  requiredSpentCents: z.number().int(),
  requiredAvailableCents: z.number().int(),
  spendingWindowMonths: z.number().int(),
  keyCount: z.number().int(),
  maxKeys: z.number().int(),
  contactUsPath: z.string(),
});
export type CanCreateAk = z.infer<typeof CanCreateAkSchema>;

export const AccessKeyStatusSchema = z.enum(['enabled', 'disabled']);
export type AccessKeyStatus = z.infer<typeof AccessKeyStatusSchema>;
export const AccessKeyIdSchema = z.string().regex(/^AK[A-Z0-9]{20}$/);

/** POST /api/account-manage/create-ak: the secret is shown only here, once. */
export const CreatedAccessKeySchema = z.object({ keyId: z.string(), secret: z.string() });
export type CreatedAccessKey = z.infer<typeof CreatedAccessKeySchema>;

export const AccessKeySchema = z.object({
  keyId: z.string(),
  status: AccessKeyStatusSchema,
  ipWhiteList: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AccessKey = z.infer<typeof AccessKeySchema>;
export const AccessKeyListSchema = z.object({ items: z.array(AccessKeySchema) });

export const DeleteAkBodySchema = z.object({
  keyId: AccessKeyIdSchema,
  mfaVerification: MfaVerificationSchema.optional(),
});
export const UpdateAkStatusBodySchema = z.object({ keyId: AccessKeyIdSchema, status: AccessKeyStatusSchema });
/** Entries: IPv4 / IPv6 addresses or CIDR ranges (checked with ipaddr.js on the server). */
export const UpdateAkIpWhiteListBodySchema = z.object({
  keyId: AccessKeyIdSchema,
  ipWhiteList: z.array(z.string().trim().min(2).max(64)).max(API_ACCESS.maxIpWhiteList),
  mfaVerification: MfaVerificationSchema.optional(),
});
