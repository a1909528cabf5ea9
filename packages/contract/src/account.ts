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

/** Multi-factor challenge (spec §3) carried in the data of Account.Mfa.Required and Account.Mfa.Required.Retry. */
export const MFA_METHODS = ['EMAIL', 'SMS', 'AUTHENTICATOR'] as const;
export const MfaMethodSchema = z.enum(MFA_METHODS);
export type MfaMethod = z.infer<typeof MfaMethodSchema>;
export const MfaChallengeSchema = z.object({
  challengeId: z.string(),
  challengeReason: z.string(),
  allowedAttempts: z.number().int(),
  availableFactors: z.array(
    z.object({ method: MfaMethodSchema, target: z.string(), tip: z.string(), failed: z.boolean().optional() }),
  ),
});
export type MfaChallenge = z.infer<typeof MfaChallengeSchema>;
export const MfaVerificationSchema = z.object({
  challengeId: z.string().min(1).max(64),
  factors: z
    // Empty when the challenge was already answered through /account/mfa/verify.
    .array(z.object({ method: MfaMethodSchema, token: z.string().min(1).max(12) }))
    .max(3),
});
export type MfaVerification = z.infer<typeof MfaVerificationSchema>;

/** GET /api/account/csrf: the token also set as the XSRF-TOKEN cookie. */
export const CsrfTokenSchema = z.object({ csrfToken: z.string() });
export type CsrfToken = z.infer<typeof CsrfTokenSchema>;

// ---- Account area (API.md Account section; spec §3, §5, §9) ----

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

/** A new password (register, reset, change): per-field messages passwordRequired / passwordWeak. */
export const PasswordSchema = z.string().superRefine((value, ctx) => {
  const check = passwordStrength(value);
  if (!check.ok) ctx.addIssue({ code: 'custom', message: check.reason });
});

/** An existing password as typed at sign-in (no strength rule; bounded). */
export const CurrentPasswordSchema = z.string().min(1, 'passwordRequired').max(128);

export const EmailSchema = z.email().max(254);
export const VerifyCodeSchema = z.string().regex(/^\d{6}$/);
export const VerificationSceneSchema = z.enum(VERIFICATION_SCENES);

/** ALTCHA v1 challenge (GET /api/account/captcha-challenge). */
export const CaptchaChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  salt: z.string(),
  signature: z.string(),
  maxnumber: z.number().int(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

export const VerifyCaptchaBodySchema = z.object({ captchaVerifyParam: z.string().min(1).max(4096) });
export const VerifyCaptchaResultSchema = z.object({ captchaResult: z.boolean() });

export const SendVerificationCodeBodySchema = z.object({
  sceneCode: VerificationSceneSchema,
  email: EmailSchema.optional(),
  phone: z.string().max(32).optional(),
  /** Dial code ('86', '+86') or ISO country code ('CN'). */
  phoneCountryCode: z.string().max(8).optional(),
  captchaVerifyParam: z.string().max(4096).optional(),
  /** MFA scenes: the open challenge the code is for (the security module sends those codes). */
  challengeId: z.string().max(64).optional(),
});
export type SendVerificationCodeBody = z.infer<typeof SendVerificationCodeBodySchema>;
export const SendVerificationCodeResultSchema = z.object({ retryAfterSeconds: z.number().int().nonnegative() });

/** Signed-in identity answered by register / login (and check-login). */
export const AccountIdentitySchema = LoginStateSchema;
export type AccountIdentity = LoginState;

export const RegisterBodySchema = z.object({
  email: EmailSchema,
  verifyCode: VerifyCodeSchema,
  password: PasswordSchema,
  agreementAccepted: z.boolean(),
  nickname: z.string().trim().min(1).max(ACCOUNT_LIMITS.nicknameMaxLength).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: CurrentPasswordSchema,
  /** A solved, verified ALTCHA (as for code sending); required after a few failures (Verification.CaptchaRequired). */
  captchaVerifyParam: z.string().max(4096).optional(),
  mfaVerification: MfaVerificationSchema.optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const AgreementSchema = z.object({
  code: z.string(),
  title: z.string(),
  version: z.string(),
  url: z.string(),
});
export type Agreement = z.infer<typeof AgreementSchema>;
export const AgreementListSchema = z.object({ items: z.array(AgreementSchema) });

export const RetrievePasswordStep1BodySchema = z.object({ email: EmailSchema, verifyCode: VerifyCodeSchema });
export const RetrievePasswordStep1ResultSchema = z.object({ resetToken: z.string() });
export const RetrievePasswordStep2BodySchema = z.object({
  resetToken: z.string().min(1).max(128),
  password: PasswordSchema,
});

export const ChangePasswordBodySchema = z.object({
  oldPassword: CurrentPasswordSchema,
  password: PasswordSchema,
  mfaVerification: MfaVerificationSchema.optional(),
});

/** Security centre: an active session (a refresh-token family). */
export const SessionItemSchema = z.object({
  id: z.string(),
  deviceFingerprint: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  isCurrent: z.boolean(),
});
export type SessionItem = z.infer<typeof SessionItemSchema>;
export const SessionListSchema = z.object({ items: z.array(SessionItemSchema) });
export const RevokeSessionBodySchema = z.object({ sessionId: z.string().min(1).max(64) });
