import { ACCOUNT_LIMITS, EmailSchema, fieldMessage, type Locale } from '@namebourse/contract';
import { z } from 'zod';
import { confirmProblem, passwordProblem } from '../../../lib/password-rules.ts';

export function isEmail(value: string): boolean {
  return EmailSchema.safeParse(value.trim()).success;
}

/** An e-mail field: required, then the contract's address pattern ('Please enter a valid email address'). */
export function emailField(locale: Locale) {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (!value) ctx.addIssue({ code: 'custom', message: fieldMessage('required', locale) });
      else if (!isEmail(value)) ctx.addIssue({ code: 'custom', message: fieldMessage('email', locale) });
    });
}

export const CODE_PATTERN = new RegExp(`^\\d{${ACCOUNT_LIMITS.codeLength}}$`);

export function codeField(locale: Locale) {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (!value) ctx.addIssue({ code: 'custom', message: fieldMessage('required', locale) });
      else if (!CODE_PATTERN.test(value))
        ctx.addIssue({ code: 'custom', message: fieldMessage('verifyCodeInvalid', locale) });
    });
}

export function loginSchema(locale: Locale) {
  return z.object({
    email: emailField(locale),
    password: z.string().min(1, { error: fieldMessage('passwordRequired', locale) }),
  });
}
export type LoginForm = z.infer<ReturnType<typeof loginSchema>>;

export function emailSchema(locale: Locale) {
  return z.object({ email: emailField(locale) });
}

export function codeSchema(locale: Locale) {
  return z.object({ code: codeField(locale) });
}

/** New password + confirmation (spec §5 messages), shared by register and find password. */
function checkNewPassword(value: { password: string; confirm: string }, ctx: z.RefinementCtx, locale: Locale): void {
  const problem = passwordProblem(value.password);
  if (problem) {
    ctx.addIssue({
      code: 'custom',
      path: ['password'],
      message: fieldMessage(problem === 'required' ? 'passwordRequired' : 'passwordWeak', locale),
    });
  }
  const confirm = confirmProblem(value.password, value.confirm);
  if (confirm) {
    ctx.addIssue({
      code: 'custom',
      path: ['confirm'],
      message: fieldMessage(confirm === 'required' ? 'passwordRequired' : 'passwordMismatch', locale),
    });
  }
}

export function newPasswordSchema(locale: Locale) {
  return z
    .object({ password: z.string(), confirm: z.string() })
    .superRefine((value, ctx) => checkNewPassword(value, ctx, locale));
}
export type NewPasswordForm = z.infer<ReturnType<typeof newPasswordSchema>>;

export function registerDetailsSchema(locale: Locale, agreementMessage: string) {
  return z
    .object({ password: z.string(), confirm: z.string(), nickname: z.string(), agreement: z.boolean() })
    .superRefine((value, ctx) => {
      checkNewPassword(value, ctx, locale);
      if (value.nickname.trim().length > ACCOUNT_LIMITS.nicknameMaxLength) {
        ctx.addIssue({
          code: 'custom',
          path: ['nickname'],
          message: fieldMessage('tooLong', locale, { max: ACCOUNT_LIMITS.nicknameMaxLength }),
        });
      }
      if (!value.agreement) ctx.addIssue({ code: 'custom', path: ['agreement'], message: agreementMessage });
    });
}
export type RegisterDetailsForm = z.infer<ReturnType<typeof registerDetailsSchema>>;
