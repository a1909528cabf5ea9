import { UpdateAkIpWhiteListBodySchema } from '@namebourse/contract';
import { z } from 'zod';
import { passwordChecklist } from '../../../lib/password-rules.ts';

/**
 * Form schemas of the security centre. Messages are keys of the 'security' namespace (the form
 * translates them), so the schemas stay language-free.
 */
export const CODE_PATTERN = /^\d{6}$/;

const code = z.string().trim().regex(CODE_PATTERN, 'form.codeInvalid');

export const bindAuthenticatorSchema = z.object({ code });
export type BindAuthenticatorForm = z.infer<typeof bindAuthenticatorSchema>;

export const securePhoneSchema = z.object({
  phoneCountryCode: z.string().trim().min(1, 'form.dialCodeRequired'),
  phone: z
    .string()
    .trim()
    .min(1, 'form.phoneRequired')
    .regex(/^\d{4,15}$/, 'form.phoneInvalid'),
  verifyCode: code,
});
export type SecurePhoneForm = z.infer<typeof securePhoneSchema>;

export const secureEmailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'form.emailRequired')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'form.emailInvalid'),
  verifyCode: code,
});
export type SecureEmailForm = z.infer<typeof secureEmailSchema>;

export const changePasswordSchema = z
  .object({
    oldPassword: z.string().min(1, 'form.passwordRequired'),
    password: z
      .string()
      .min(1, 'form.passwordRequired')
      .refine((value) => passwordChecklist(value).valid, 'form.passwordWeak'),
    confirmPassword: z.string().min(1, 'form.passwordRequired'),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'form.passwordMismatch',
  })
  .refine((values) => !values.oldPassword || values.password !== values.oldPassword, {
    path: ['password'],
    message: 'form.passwordSame',
  });
export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;

/**
 * The access key's allow-list dialog: the list as the contract sends it, and the entry being typed, which must
 * be added (or cleared) before saving.
 */
export const allowListSchema = z.object({
  ipWhiteList: UpdateAkIpWhiteListBodySchema.shape.ipWhiteList,
  input: z.string().refine((value) => !value.trim(), 'ak.allowList.pending'),
});
export type AllowListForm = z.infer<typeof allowListSchema>;
