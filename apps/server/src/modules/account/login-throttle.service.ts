import { createHash } from 'node:crypto';
import { LOGIN_THROTTLE, type Locale } from '@namebourse/contract';
import { renderTemplate } from '../../adapters/mail/templates.ts';
import type { App, Platform } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import { RefusalWithChanges } from '../../platform/request-context.ts';
import { findUserByEmail } from './account.repository.ts';
import { spendCaptcha } from './captcha.service.ts';
import {
  deleteThrottle,
  findThrottles,
  type LoginThrottleRow,
  lockThrottle,
  saveThrottle,
} from './login-throttle.repository.ts';

/**
 * Sign-in throttling (issue 12, ADR 0015). Failures are counted per e-mail address — registered or
 * not, so no answer, status or timing tells the two apart — and per client IP, in PostgreSQL (every
 * instance sees the same counts) on the business clock. Past a few failures each attempt needs a
 * solved captcha; each further failure makes the next attempt wait longer (429 with Retry-After,
 * never a sleep in the server); only many failures that carried a solved captcha lock the address,
 * and its owner is e-mailed. Nobody can lock an account with a script that cannot solve captchas.
 */

export interface ThrottleKeys {
  email: string;
  ip: string;
}

/** The counted keys of an attempt: a hash of the normalised e-mail (unknown ones are not stored in clear) and the IP. */
export function throttleKeys(normalisedEmail: string, ip: string): ThrottleKeys {
  return { email: `email:${createHash('sha256').update(normalisedEmail).digest('hex')}`, ip: `ip:${ip}` };
}

const WINDOW_MS = LOGIN_THROTTLE.windowSeconds * 1000;

function liveFailures(row: LoginThrottleRow | undefined, now: Date): number {
  if (!row || row.lastFailedAt.getTime() <= now.getTime() - WINDOW_MS) return 0;
  return row.failures;
}

function retryAfterSeconds(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/** 423 Account.Locked ('Your account has been locked') with the lock's end. */
export function accountLocked(lockedUntil: Date): AppError {
  return new AppError('Account.Locked', { data: { lockedUntil: lockedUntil.toISOString() } });
}

/**
 * Refuses an attempt the throttle does not hear yet, before any password is looked at: a locked
 * address (423 Account.Locked with lockedUntil), a running wait (429 Request.TooManyRequests with
 * retryAfterSeconds, and a Retry-After header for the route to set), or — `captcha: true` (sign-in) — a missing or spent captcha
 * once one is required (Verification.CaptchaRequired / Verification.CaptchaInvalid). Answers
 * whether the attempt proved itself with a captcha.
 */
export async function admitAttempt(
  app: App,
  keys: ThrottleKeys,
  options: { captcha: boolean; captchaVerifyParam?: string | undefined },
): Promise<{ proven: boolean }> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const rows = await findThrottles(db, [keys.email, keys.ip]);
  const emailRow = rows.find((row) => row.key === keys.email);
  const ipRow = rows.find((row) => row.key === keys.ip);
  if (emailRow?.lockedUntil && emailRow.lockedUntil > now) throw accountLocked(emailRow.lockedUntil);
  const waits = rows.map((row) => row.retryAt).filter((at): at is Date => at !== null && at > now);
  if (waits.length > 0) {
    const until = new Date(Math.max(...waits.map((at) => at.getTime())));
    const seconds = retryAfterSeconds(until, now);
    throw new RefusalWithChanges('Request.TooManyRequests', {
      status: 429,
      data: { retryAfterSeconds: seconds },
      response: { headers: { 'retry-after': String(seconds) } },
    });
  }
  if (!options.captcha) return { proven: false };
  const captchaRequired =
    liveFailures(emailRow, now) >= LOGIN_THROTTLE.captchaAfterEmailFailures ||
    liveFailures(ipRow, now) >= LOGIN_THROTTLE.captchaAfterIpFailures;
  if (!captchaRequired) return { proven: false };
  if (!options.captchaVerifyParam) throw new AppError('Verification.CaptchaRequired');
  if (!(await spendCaptcha(app, options.captchaVerifyParam))) throw new AppError('Verification.CaptchaInvalid');
  return { proven: true };
}

/** The wait after the `failures`-th failure: none below `from`, then base, 2×base, 4×base … up to `max`. */
export function delaySeconds(failures: number, from: number, max: number): number {
  if (failures < from) return 0;
  return Math.min(max, LOGIN_THROTTLE.delayBaseSeconds * 2 ** (failures - from));
}

function countFailure(row: LoginThrottleRow, now: Date, proven: boolean, kind: 'email' | 'ip'): LoginThrottleRow {
  const fresh = row.lastFailedAt.getTime() <= now.getTime() - WINDOW_MS;
  const failures = (fresh ? 0 : row.failures) + 1;
  let provenFailures = (fresh ? 0 : row.provenFailures) + (proven ? 1 : 0);
  const wait =
    kind === 'email'
      ? delaySeconds(failures, LOGIN_THROTTLE.delayAfterEmailFailures, LOGIN_THROTTLE.emailDelayMaxSeconds)
      : delaySeconds(failures, LOGIN_THROTTLE.delayAfterIpFailures, LOGIN_THROTTLE.ipDelayMaxSeconds);
  let lockedUntil = row.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
  if (kind === 'email' && provenFailures >= LOGIN_THROTTLE.lockAfterProvenFailures) {
    lockedUntil = new Date(now.getTime() + LOGIN_THROTTLE.lockSeconds * 1000);
    provenFailures = 0;
  }
  const windowEnd = now.getTime() + WINDOW_MS;
  return {
    key: row.key,
    failures,
    provenFailures,
    lastFailedAt: now,
    retryAt: wait > 0 ? new Date(now.getTime() + wait * 1000) : null,
    lockedUntil,
    expiresAt: new Date(Math.max(windowEnd, lockedUntil?.getTime() ?? 0)),
  };
}

/**
 * Counts a failed attempt on both keys in one transaction (rows locked e-mail first, then IP).
 * Returns the lock's end when this failure locked the address; the owner, if any, is e-mailed.
 */
export async function recordFailure(
  app: App,
  keys: ThrottleKeys,
  normalisedEmail: string,
  proven: boolean,
): Promise<Date | null> {
  const { db, clock } = app.platform;
  const lockedNow = await db.transaction(async (tx) => {
    const now = clock.now();
    const before = await lockThrottle(tx, keys.email, now);
    const email = countFailure(before, now, proven, 'email');
    await saveThrottle(tx, email);
    await saveThrottle(tx, countFailure(await lockThrottle(tx, keys.ip, now), now, proven, 'ip'));
    const justLocked = email.lockedUntil !== null && email.lockedUntil.getTime() !== before.lockedUntil?.getTime();
    return justLocked ? email.lockedUntil : null;
  });
  // Mailed in the background: a known and an unknown address answer in the same time.
  if (lockedNow) void notifyOwner(app, normalisedEmail, lockedNow);
  return lockedNow;
}

/** A correct password (or a password reset) forgets the e-mail's failures and lifts its lock. */
export async function forgetFailures(app: App, normalisedEmail: string): Promise<void> {
  await deleteThrottle(app.platform.db, throttleKeys(normalisedEmail, '').email);
}

// ---- The owner's e-mail, in their language ----

type LocaleOf = (userId: bigint) => Promise<Locale>;
const localeProviders = new WeakMap<Platform, LocaleOf>();

/** The profile module tells which language a user reads (their settings); zh-CN until it does. */
export function provideUserLocale(app: App, localeOf: LocaleOf): void {
  localeProviders.set(app.platform, localeOf);
}

async function notifyOwner(app: App, normalisedEmail: string, lockedUntil: Date): Promise<void> {
  const { db, config, mailer } = app.platform;
  try {
    const user = await findUserByEmail(db, normalisedEmail);
    if (!user) return;
    const locale = (await localeProviders.get(app.platform)?.(user.id)) ?? 'zh-CN';
    const mail = renderTemplate(
      'account-locked',
      locale,
      { lockedUntil, minutes: LOGIN_THROTTLE.lockSeconds / 60, failures: LOGIN_THROTTLE.lockAfterProvenFailures },
      { siteUrl: config.publicUrl },
    );
    await mailer.send({ to: user.email, subject: mail.subject, text: mail.text, html: mail.html });
  } catch (err) {
    app.log.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, 'lock notice not sent');
  }
}
