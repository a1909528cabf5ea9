import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './account.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** MFA methods of an account: authenticator (TOTP), secure phone, secure email. */
export const userMfa = pgTable('user_mfa', {
  userId: bigint('user_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** TOTP secret, encrypted with a key derived from APP_SECRET (AES-256-GCM), base64url. */
  totpSecretEnc: text('totp_secret_enc'),
  totpBoundAt: ts('totp_bound_at'),
  /** Last accepted TOTP time step: a code is accepted once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  securePhone: text('secure_phone'),
  securePhoneVerifiedAt: ts('secure_phone_verified_at'),
  secureEmail: text('secure_email'),
  secureEmailVerifiedAt: ts('secure_email_verified_at'),
  /** Sign-in asks for a second factor. */
  loginMfaEnabled: boolean('login_mfa_enabled').notNull().default(false),
  updatedAt: ts('updated_at').notNull(),
});

/** A multi-factor challenge (spec §3): answered with mfaVerification, limited attempts, short-lived. */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What it guards: LOGIN, CHANGE_PASSWORD, UPDATE_SECURE_PHONE, CREATE_AK, … */
    reason: text('reason').notNull(),
    attemptsLeft: integer('attempts_left').notNull(),
    status: text('status', { enum: ['open', 'passed', 'used', 'failed', 'expired'] }).notNull(),
    /** Fingerprint of the guarded request, so a passed challenge only authorises that request. */
    requestHash: text('request_hash'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    passedAt: ts('passed_at'),
    /** When a wrong code last cost this challenge an attempt (the per-user MFA lock counts from it). */
    lastFailedAt: ts('last_failed_at'),
  },
  (t) => [index('mfa_challenges_user_idx').on(t.userId, t.createdAt)],
);

/** API access keys: the secret is shown once and stored only as a hash. */
export const accessKeys = pgTable(
  'access_keys',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    keyId: text('key_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['enabled', 'disabled'] }).notNull(),
    /** IPv4/IPv6 addresses and CIDR ranges, at most 20; empty = any address. */
    ipWhiteList: jsonb('ip_white_list').$type<string[]>().notNull().default([]),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [uniqueIndex('access_keys_key_id_uq').on(t.keyId), index('access_keys_user_idx').on(t.userId)],
);
