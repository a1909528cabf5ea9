import { z } from 'zod';
import { LOCALES } from './platform.ts';
import {
  DIAL_CODE_PATTERN,
  isLatinText,
  isValidTimeZone,
  PHONE_INPUT_PATTERN,
  PROFILE_LIMITS,
  VERIFY_CODE_PATTERN,
} from './profile.values.ts';

export * from './profile.values.ts';

/** Field-message keys (errors.ts FIELD_MESSAGES) used as refinement messages; both sides localise them. */
const latin = { message: 'latinOnly' } as const;

const optionalVerifyCode = z
  .string()
  .trim()
  .refine((v) => v === '' || VERIFY_CODE_PATTERN.test(v), { message: 'verifyCodeInvalid' })
  .optional();

/**
 * Profile area (spec §3 Account, §5): contact information, billing address, profile (nickname) and
 * settings. Pure helpers (postal code, tax id, company name, time zone) are shared by the server
 * and the forms; phone numbers are checked by the server with libphonenumber-js.
 */

// ---- Postal codes ----

// ---- Tax ids ----

// ---- Time zones ----

// ---- Schemas ----

/** GET /api/account-manage/get-contact-info (API.md; `phoneVerified` is ours). */
export const ContactInfoSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  phoneCountryCode: z.string(),
  phoneVerified: z.boolean(),
  isComplete: z.boolean(),
});
export type ContactInfo = z.infer<typeof ContactInfoSchema>;

/** POST /api/account-manage/save-contact-info (API.md). A new phone needs `verifyCode` (scene UPDATE_CONTACT_PHONE). */
export const SaveContactInfoRequestSchema = z.object({
  firstName: z.string().trim().min(1).max(PROFILE_LIMITS.nameMax),
  lastName: z.string().trim().min(1).max(PROFILE_LIMITS.nameMax),
  company: z.string().trim().max(PROFILE_LIMITS.companyMax).refine(isLatinText, latin).optional(),
  phone: z
    .string()
    .trim()
    .min(1)
    .max(PROFILE_LIMITS.phoneMax)
    .refine((v) => PHONE_INPUT_PATTERN.test(v), { message: 'mobileInvalid' }),
  phoneCountryCode: z
    .string()
    .trim()
    .min(1)
    .refine((v) => DIAL_CODE_PATTERN.test(v.replace(/^\+/, '')), { message: 'choice' }),
  verifyCode: optionalVerifyCode,
});
export type SaveContactInfoRequest = z.infer<typeof SaveContactInfoRequestSchema>;

/** GET /api/account-manage/get-billing-info: '' for anything not filled in. */
export const BillingInfoSchema = z.object({
  country: z.string(),
  province: z.string(),
  city: z.string(),
  postalCode: z.string(),
  address: z.string(),
  taxId: z.string(),
  phone: z.string(),
  phoneCountryCode: z.string(),
  phoneVerified: z.boolean(),
});
export type BillingInfo = z.infer<typeof BillingInfoSchema>;

/**
 * POST /api/account-manage/save-billing-info. `country` is a region-data `c`; `province` a `c` of its
 * `s` (required when it has any). A new billing phone needs `verifyCode` (scene UPDATE_BILLING_PHONE).
 */
export const SaveBillingInfoRequestSchema = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/),
  province: z.string().trim().max(10).optional(),
  city: z.string().trim().min(1).max(PROFILE_LIMITS.cityMax),
  postalCode: z.string().trim().max(PROFILE_LIMITS.postalCodeMax).optional(),
  address: z.string().trim().min(PROFILE_LIMITS.addressMin).max(PROFILE_LIMITS.addressMax),
  taxId: z.string().trim().max(PROFILE_LIMITS.taxIdMax).optional(),
  phone: z
    .string()
    .trim()
    .max(PROFILE_LIMITS.phoneMax)
    .refine((v) => v === '' || PHONE_INPUT_PATTERN.test(v), { message: 'mobileInvalid' })
    .optional(),
  phoneCountryCode: z
    .string()
    .trim()
    .refine((v) => v === '' || DIAL_CODE_PATTERN.test(v.replace(/^\+/, '')), { message: 'choice' })
    .optional(),
  verifyCode: optionalVerifyCode,
});
export type SaveBillingInfoRequest = z.infer<typeof SaveBillingInfoRequestSchema>;

/** GET /api/account-manage/get-profile */
export const ProfileSchema = z.object({
  accountNo: z.string(),
  nickname: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** POST /api/account-manage/update-profile */
export const UpdateProfileRequestSchema = z.object({
  nickname: z.string().trim().min(PROFILE_LIMITS.nicknameMin).max(PROFILE_LIMITS.nicknameMax),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

/** The six e-mail switches (NOTIFICATION_KEYS; notifications.ts says which notices each one e-mails). */
export const NotificationPreferencesSchema = z.object({
  outbid: z.boolean(),
  auctionWon: z.boolean(),
  paymentDue: z.boolean(),
  delivery: z.boolean(),
  offers: z.boolean(),
  selling: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** GET /api/account-manage/get-settings, and the body of POST /api/account-manage/update-settings. */
export const SettingsSchema = z.object({
  language: z.enum(LOCALES),
  timeZone: z.string().trim().min(1).max(64).refine(isValidTimeZone, { message: 'timeZoneInvalid' }),
  notifications: NotificationPreferencesSchema,
  /** One e-mail a day (08:00 in `timeZone`) with the switched-on notices instead of one e-mail each. */
  digest: z.boolean(),
});
export type Settings = z.infer<typeof SettingsSchema>;
/** `digest` may be left out (clients of before issue 18): the stored choice is kept. */
export const UpdateSettingsRequestSchema = SettingsSchema.extend({ digest: z.boolean().optional() });
export type UpdateSettingsRequest = z.infer<typeof UpdateSettingsRequestSchema>;
