import { randomInt } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import type { DbOrTx } from '../../db/open-database.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { type UserRow, findUserByEmail, insertUserIfAbsent } from './account.repository.ts';

export type UserRole = UserRow['role'];

/** Session cookie names (the accounts issue sets them; logout clears them now). Both HttpOnly. */
export const SESSION_COOKIES = { access: 'nb_at', refresh: 'nb_rt' } as const;

/** argon2id with the OWASP-recommended minimum (19 MiB, 2 passes, 1 lane). */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: 2 as Algorithm, // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** 'NB' followed by 8 digits, the first not 0. */
export function newAccountNo(): string {
  return `NB${randomInt(10_000_000, 100_000_000)}`;
}

export interface CreateUserInput {
  email: string;
  password: string;
  nickname: string;
  role?: UserRole;
}

/**
 * Creates an account with an argon2id password hash and a unique account number.
 * Throws `Account.EmailRegistered` when the email is taken.
 */
export async function createUser(db: DbOrTx, clock: Clock, input: CreateUserInput): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  for (let attempt = 0; attempt < 8; attempt++) {
    const row = await insertUserIfAbsent(db, {
      accountNo: newAccountNo(),
      email,
      passwordHash,
      nickname: input.nickname,
      role: input.role ?? 'user',
      createdAt: now,
      updatedAt: now,
    });
    if (row) return row;
    if (await findUserByEmail(db, email)) throw new AppError('Account.EmailRegistered');
    // Otherwise the random account number collided: draw another.
  }
  throw new Error('Could not allocate a unique account number');
}

/**
 * Makes sure the operator account exists (ADMIN_EMAIL / ADMIN_PASSWORD on a new database).
 * An existing account with that email is left as it is.
 */
export async function ensureAdmin(
  db: DbOrTx,
  clock: Clock,
  admin: { email: string; password: string; nickname?: string },
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByEmail(db, normaliseEmail(admin.email));
  if (existing) return { user: existing, created: false };
  try {
    const user = await createUser(db, clock, {
      email: admin.email,
      password: admin.password,
      nickname: admin.nickname ?? 'Operator',
      role: 'admin',
    });
    return { user, created: true };
  } catch (err) {
    // Another instance created it in the meantime.
    const raced = await findUserByEmail(db, normaliseEmail(admin.email));
    if (raced) return { user: raced, created: false };
    throw err;
  }
}
