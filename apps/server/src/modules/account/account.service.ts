import { createHash, randomBytes, randomInt } from 'node:crypto';
import { ACCOUNT_LIMITS, type Agreement, type Locale, type LoginBody, type RegisterBody } from '@namebourse/contract';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import type { DbOrTx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { GuardedRequest } from '../../platform/mfa-guard.ts';
import type { RequestContext, ResponseChanges } from '../../platform/request-context.ts';
import {
  findUserByAccountNo,
  findUserByEmail,
  findUserById,
  findUsersByIds,
  insertPasswordReset,
  insertUserIfAbsent,
  searchUserRows,
  type UserRow,
  updatePasswordHash,
  updateUserNickname,
  usePasswordReset,
} from './account.repository.ts';
import { accountLocked, admitAttempt, forgetFailures, recordFailure, throttleKeys } from './login-throttle.service.ts';
import { keepOnlyCurrentSession, revokeAllSessions, type SessionStart, startSession } from './session.service.ts';
import { checkVerificationCode } from './verification.service.ts';

export type UserRole = UserRow['role'];

export { SESSION_COOKIES } from './session.service.ts';

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
      // A name, not a word to translate: the address's local part (the top bar shows it in either language).
      nickname: admin.nickname ?? (admin.email.split('@')[0] || 'admin'),
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

// ---- Register, sign in, find password, change password (spec §4, §5; API.md Account) ----

/** Agreements shown at sign-up (GET /account/agreements); accepting them is required. */
export const AGREEMENTS = [
  {
    code: 'service-agreement',
    version: '2025-09-01',
    url: '/help-center/docs/agreement/service%20agreement',
    title: { 'zh-CN': '服务协议', 'en-US': 'Service Agreement' },
  },
  {
    code: 'privacy-policy',
    version: '2025-09-01',
    url: '/help-center/docs/agreement/privacy',
    title: { 'zh-CN': '隐私政策', 'en-US': 'Privacy Policy' },
  },
  {
    code: 'terms-of-use',
    version: '2025-09-01',
    url: '/help-center/docs/agreement/terms',
    title: { 'zh-CN': '使用条款', 'en-US': 'Terms of Use' },
  },
] as const;

export function listAgreements(locale: Locale): Agreement[] {
  return AGREEMENTS.map((a) => ({ code: a.code, title: a.title[locale], version: a.version, url: a.url }));
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time on an unknown e-mail as on a wrong password; always false. */
async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** POST /account/register: emailed code, password rule, agreement; signs the new account in. */
/** What another area sets up for a new account (the profile area: its settings in the sign-up's language). */
type NewAccountHook = (userId: bigint, context: RequestContext) => Promise<void>;
const newAccountHooks = new WeakMap<App['platform'], NewAccountHook>();

/** The profile module registers what a new account starts with; nothing until it does. */
export function onAccountRegistered(app: App, hook: NewAccountHook): void {
  newAccountHooks.set(app.platform, hook);
}

export async function registerAccount(app: App, context: RequestContext, body: RegisterBody): Promise<SessionStart> {
  const { db, clock } = app.platform;
  if (body.agreementAccepted !== true) throw new AppError('Account.AgreementRequired');
  const email = normaliseEmail(body.email);
  if (await findUserByEmail(db, email)) throw new AppError('Account.EmailRegistered');
  await checkVerificationCode(app, { scene: 'REGISTER_BY_EMAIL', target: email, code: body.verifyCode });
  const nickname = body.nickname?.trim() || email.split('@')[0]!.slice(0, ACCOUNT_LIMITS.nicknameMaxLength);
  const user = await createUser(db, clock, { email, password: body.password, nickname, role: 'user' });
  await newAccountHooks.get(app.platform)?.(user.id, context);
  return startSession(app, context, user);
}

/**
 * POST /account/login: e-mail and password, throttled per address and per IP (login-throttle.service:
 * a captcha past a few failures, a growing wait, a lock after many failures with a solved captcha;
 * known and unknown addresses answer alike at every step); with sign-in MFA on, the security
 * module's verifier asks for (or checks) the second factor, bound to `guarded` (the login request).
 */
export async function login(
  app: App,
  context: RequestContext,
  body: LoginBody,
  guarded: GuardedRequest,
): Promise<SessionStart> {
  const email = normaliseEmail(body.email);
  const keys = throttleKeys(email, context.ip);
  const { proven } = await admitAttempt(app, keys, {
    captcha: true,
    captchaVerifyParam: body.captchaVerifyParam,
  });
  const user = await findUserByEmail(app.platform.db, email);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, body.password)
    : await burnPasswordCheck(body.password);
  if (!user || !passwordOk) {
    const locked = await recordFailure(app, keys, email, proven);
    if (locked) throw accountLocked(locked);
    throw new AppError('Account.InvalidCredentials');
  }
  await forgetFailures(app, email);
  // A restriction of sign-in refuses here, with its reason, before any second factor is asked for.
  await app.platform.restrictions.assertAllowed(user.id, 'signin');
  await app.platform.mfa.verifier?.require(guarded, { id: user.id }, 'LOGIN', body.mfaVerification);
  return startSession(app, context, user);
}

/** An account by id (for other modules: they read users through this service, never its repository). */
export async function getUserById(app: Pick<App, 'platform'>, id: bigint): Promise<UserRow | undefined> {
  return findUserById(app.platform.db, id);
}

/** Changes the nickname shown in the top bar and the account popup (edited on the profile page). */
export async function updateNickname(app: Pick<App, 'platform'>, id: bigint, nickname: string): Promise<void> {
  await updateUserNickname(app.platform.db, id, nickname, app.platform.clock.now());
}

/** Whether an e-mail belongs to an account (find-password sends codes only to those, silently). */
export async function isRegisteredEmail(app: App, email: string): Promise<boolean> {
  return (await findUserByEmail(app.platform.db, normaliseEmail(email))) !== undefined;
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Find password, step 1: the emailed code → a one-time reset token valid for 5 minutes. */
export async function retrievePasswordStep1(
  app: App,
  email: string,
  verifyCode: string,
): Promise<{ resetToken: string }> {
  const { db, clock } = app.platform;
  const target = normaliseEmail(email);
  await checkVerificationCode(app, { scene: 'RETRIEVE_PASSWORD_BY_EMAIL', target, code: verifyCode });
  const user = await findUserByEmail(db, target);
  // Unknown addresses get a code that is never mailed, so this is out of reach; answer like a wrong code.
  if (!user) throw new AppError('Verification.CodeInvalid', { data: { attemptsLeft: 0 } });
  const resetToken = randomBytes(32).toString('base64url');
  const now = clock.now();
  await insertPasswordReset(db, {
    tokenHash: tokenHash(resetToken),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ACCOUNT_LIMITS.resetTtlSeconds * 1000),
  });
  return { resetToken };
}

/** Find password, step 2: sets the new password and signs the account out everywhere. */
export async function retrievePasswordStep2(app: App, resetToken: string, password: string): Promise<void> {
  const { db, clock } = app.platform;
  const userId = await usePasswordReset(db, tokenHash(resetToken), clock.now());
  if (userId === undefined) throw new AppError('Account.ResetExpired');
  await updatePasswordHash(db, userId, await hashPassword(password), clock.now());
  await revokeAllSessions(app, userId, 'password-reset');
  // The owner proved the mailbox: the address's failures and lock go.
  const user = await findUserById(db, userId);
  if (user) await forgetFailures(app, user.email);
}

/**
 * POST /account-manage/change-password (MFA-guarded): other sessions end, this one gets fresh
 * tokens (answered as the response changes that carry them).
 */
export async function changePassword(
  app: App,
  context: RequestContext,
  actor: AuthUser,
  oldPassword: string,
  password: string,
): Promise<ResponseChanges | null> {
  const { db, clock } = app.platform;
  const user = await findUserById(db, actor.id);
  if (!user) throw new AppError('Account.Unauthorized');
  // A wrong current password counts toward the sign-in throttle; the session stands in for a captcha.
  const keys = throttleKeys(user.email, context.ip);
  await admitAttempt(app, keys, { captcha: false });
  if (!(await verifyPassword(user.passwordHash, oldPassword))) {
    const locked = await recordFailure(app, keys, user.email, true);
    if (locked) throw accountLocked(locked);
    throw new AppError('Account.PasswordIncorrect');
  }
  await updatePasswordHash(db, user.id, await hashPassword(password), clock.now());
  return keepOnlyCurrentSession(app, context, actor, 'password-changed');
}

// ---- Reading accounts for other modules (the operator console, seeders, ledger names) ----

/** An account by its account number ('NB…', any case). */
export async function getUserByAccountNo(app: Pick<App, 'platform'>, accountNo: string): Promise<UserRow | undefined> {
  const wanted = accountNo.trim().toUpperCase();
  if (!/^NB\d{8}$/.test(wanted)) return undefined;
  return findUserByAccountNo(app.platform.db, wanted);
}

/** An account by e-mail (normalised). */
export async function getUserByEmail(app: Pick<App, 'platform'>, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(app.platform.db, normaliseEmail(email));
}

/** Accounts by id, keyed by the id as a string (missing ids are absent). */
export async function getUsersByIds(app: Pick<App, 'platform'>, ids: bigint[]): Promise<Map<string, UserRow>> {
  const unique = [...new Set(ids.map(String))].map((id) => BigInt(id));
  const rows = await findUsersByIds(app.platform.db, unique);
  return new Map(rows.map((row) => [row.id.toString(), row]));
}

/** The operator's user lookup: by account number, or e-mail / nickname containing `q`; newest first. */
export function searchUsers(
  app: Pick<App, 'platform'>,
  q: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ items: UserRow[]; total: number }> {
  return searchUserRows(app.platform.db, (q ?? '').trim(), page.limit, page.offset);
}

/**
 * Makes sure an operator account with this role exists (the demo finance and support operators).
 * An existing account with that e-mail is left as it is.
 */
export async function ensureOperator(
  db: DbOrTx,
  clock: Clock,
  operator: { email: string; password: string; nickname: string; role: Exclude<UserRole, 'user'> },
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByEmail(db, normaliseEmail(operator.email));
  if (existing) return { user: existing, created: false };
  try {
    return { user: await createUser(db, clock, operator), created: true };
  } catch (err) {
    const raced = await findUserByEmail(db, normaliseEmail(operator.email));
    if (raced) return { user: raced, created: false };
    throw err;
  }
}
