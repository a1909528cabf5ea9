import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Accounts. The accounts issue extends this table (MFA, contact info, …). */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    accountNo: text('account_no').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull(),
    role: text('role', { enum: ['user', 'admin', 'finance', 'support'] })
      .notNull()
      .default('user'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('users_account_no_uq').on(t.accountNo), uniqueIndex('users_email_uq').on(t.email)],
);

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Refresh tokens, one row per issued token. A sign-in starts a family; each refresh rotates to a
 * new row in the same family. Presenting a rotated (or revoked) token again revokes the family.
 * The security centre lists active families as sessions (device fingerprint, user agent, IP).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    /** sha256 of the refresh token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: ['active', 'rotated', 'revoked'] }).notNull(),
    deviceFingerprint: text('device_fingerprint').notNull().default('unknown'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_family_idx').on(t.familyId),
    index('sessions_user_idx').on(t.userId, t.status),
  ],
);

/** One-time verification codes (spec §3 scenes): 6 digits, stored hashed, 10 minutes, limited attempts. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    scene: text('scene').notNull(),
    /** Lower-cased e-mail or E.164 phone. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attemptsLeft: integer('attempts_left').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    /** Dead: attempts ran out, or replaced by a newer code. */
    deadAt: ts('dead_at'),
  },
  (t) => [index('verification_codes_target_idx').on(t.scene, t.target, t.createdAt)],
);

/** Sending codes for a (scene, target) is locked until then after the attempts ran out (1 hour). */
export const verificationLocks = pgTable(
  'verification_locks',
  {
    scene: text('scene').notNull(),
    target: text('target').notNull(),
    lockedUntil: ts('locked_until').notNull(),
  },
  (t) => [uniqueIndex('verification_locks_uq').on(t.scene, t.target)],
);

/** ALTCHA solutions: each challenge is accepted once; a verified one may be spent once on code sending. */
export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    /** The challenge (hash) of the solved ALTCHA puzzle. */
    challenge: text('challenge').primaryKey(),
    status: text('status', { enum: ['verified', 'spent'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('captcha_solutions_expires_idx').on(t.expiresAt)],
);

/** Password reset after step 1 of find-password: valid 5 minutes, used once. */
export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/**
 * Sign-in throttling (ADR 0015): failed sign-ins counted per key, the same way for every key:
 * `email:<sha256 of the normalised address>` (registered or not, so the answers never tell which)
 * and `ip:<client address>`. The row says from when the next attempt is heard (a growing delay)
 * and until when the address is locked; it goes once `expiresAt` has passed (a quiet window).
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: text('key').primaryKey(),
    /** Failures within the window (from the first after a quiet period). */
    failures: integer('failures').notNull(),
    /** Failures that carried a solved captcha (or came from a signed-in session) since the last lock. */
    provenFailures: integer('proven_failures').notNull(),
    lastFailedAt: ts('last_failed_at').notNull(),
    /** No attempt is heard before then (429 with Retry-After). */
    retryAt: ts('retry_at'),
    /** Sign-in refused until then ('Your account has been locked'); e-mail keys only. */
    lockedUntil: ts('locked_until'),
    /** When the row may go: the quiet window after the last failure, or the lock's end if later. */
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('login_throttles_expires_idx').on(t.expiresAt)],
);
