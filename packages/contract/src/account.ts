import { z } from 'zod';
import { ACCOUNT_LIMITS, MFA_METHODS, passwordStrength, VERIFICATION_SCENES } from './account.values.ts';

export * from './account.values.ts';

/** GET /api/account/check-login (spec §7): empty accountNo when signed out. */
export const LoginStateSchema = z.object({ accountNo: z.string(), nickname: z.string() });
export type LoginState = z.infer<typeof LoginStateSchema>;

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
