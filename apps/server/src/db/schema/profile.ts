import { bigint, boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Contact information and billing address (spec §3 Account). */
export const userProfiles = pgTable('user_profiles', {
  userId: bigint('user_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name'),
  lastName: text('last_name'),
  company: text('company'),
  /** Contact phone, national number as entered; with its dial code (region data `p`). */
  phone: text('phone'),
  phoneCountryCode: text('phone_country_code'),
  phoneVerifiedAt: ts('phone_verified_at'),
  billingCountry: text('billing_country'),
  billingProvince: text('billing_province'),
  billingCity: text('billing_city'),
  billingPostalCode: text('billing_postal_code'),
  billingAddress: text('billing_address'),
  billingTaxId: text('billing_tax_id'),
  billingPhone: text('billing_phone'),
  billingPhoneCountryCode: text('billing_phone_country_code'),
  billingPhoneVerifiedAt: ts('billing_phone_verified_at'),
  updatedAt: ts('updated_at').notNull(),
});

/** Settings (get-settings / update-settings): language, time zone, notification preferences. */
export const userSettings = pgTable('user_settings', {
  userId: bigint('user_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  language: text('language').notNull().default('zh-CN'),
  timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
  notifications: jsonb('notifications').$type<Record<string, boolean>>().notNull().default({}),
  /** One e-mail a day with the day's notices instead of one e-mail each (issue 18). */
  digest: boolean('digest').notNull().default(false),
  /** When the last digest went out. */
  digestSentAt: ts('digest_sent_at'),
  updatedAt: ts('updated_at').notNull(),
});
