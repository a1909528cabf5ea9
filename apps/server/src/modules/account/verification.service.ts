import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_LIMITS, type Locale, type VerificationScene } from '@namebourse/contract';
import { renderTemplate } from '../../adapters/mail/templates.ts';
import { renderSms } from '../../adapters/sms/templates.ts';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import { parsePhone } from '../../platform/phone.ts';
import {
  deleteCode,
  findLatestCode,
  findLiveCode,
  findLock,
  insertCode,
  killLiveCodes,
  lockTarget,
  updateCode,
  upsertLock,
} from './verification.repository.ts';

/** Verification-code rules (spec §9): the attempt limit is the server's constant, reported as attemptsLeft. */
export const VERIFICATION_RULES = {
  ttlSeconds: ACCOUNT_LIMITS.codeTtlSeconds,
  resendSeconds: ACCOUNT_LIMITS.codeResendSeconds,
  maxAttempts: ACCOUNT_LIMITS.codeMaxAttempts,
  lockSeconds: ACCOUNT_LIMITS.codeLockSeconds,
} as const;

export type VerificationChannel = 'email' | 'sms';

export interface SendVerificationCodeInput {
  scene: VerificationScene;
  /** An e-mail address or an E.164 phone. */
  target: string;
  channel: VerificationChannel;
  locale: Locale;
}

export interface CheckVerificationCodeInput {
  scene: VerificationScene;
  target: string;
  code: string;
}

/** E-mails are compared lower-cased; phones are E.164 already. */
export function normaliseTarget(target: string): string {
  const t = target.trim();
  return t.includes('@') ? t.toLowerCase() : t;
}

function codeHash(secret: string, scene: string, target: string, code: string): string {
  return createHmac('sha256', secret).update(`verification-code:v1\n${scene}\n${target}\n${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

function attemptsExceeded(lockedUntil: Date, now: Date): AppError {
  return new AppError('Verification.AttemptsExceeded', {
    data: { lockedUntil: lockedUntil.toISOString(), retryAfterSeconds: secondsUntil(lockedUntil, now) },
  });
}

/**
 * Issues a code: refuses while (scene, target) is locked (Verification.AttemptsExceeded) or within
 * 60 s of the previous code (Verification.TooManyRequests with retryAfterSeconds); kills the older
 * codes, stores the new one hashed, then delivers it unless `deliver` is false (find-password for an
 * unknown address behaves the same way without mailing anyone).
 */
export async function issueVerificationCode(
  app: App,
  input: SendVerificationCodeInput,
  options: {
    deliver?: boolean;
    /** The address to deliver to when `target` is not one (an MFA code's target carries its challenge). */
    to?: string;
  } = {},
): Promise<{ retryAfterSeconds: number }> {
  const { db, clock, config } = app.platform;
  const target = normaliseTarget(input.target);
  const code = String(randomInt(0, 1_000_000)).padStart(ACCOUNT_LIMITS.codeLength, '0');

  const outcome = await db.transaction(async (tx) => {
    await lockTarget(tx, input.scene, target);
    const now = clock.now();
    const lockedUntil = await findLock(tx, input.scene, target);
    if (lockedUntil && lockedUntil > now) return { error: attemptsExceeded(lockedUntil, now) };
    const latest = await findLatestCode(tx, input.scene, target);
    if (latest) {
      const resendAt = new Date(latest.createdAt.getTime() + VERIFICATION_RULES.resendSeconds * 1000);
      if (resendAt > now) {
        return {
          error: new AppError('Verification.TooManyRequests', {
            data: { retryAfterSeconds: secondsUntil(resendAt, now) },
          }),
        };
      }
    }
    await killLiveCodes(tx, input.scene, target, now);
    const row = await insertCode(tx, {
      scene: input.scene,
      target,
      codeHash: codeHash(config.appSecret, input.scene, target, code),
      attemptsLeft: VERIFICATION_RULES.maxAttempts,
      createdAt: now,
      expiresAt: new Date(now.getTime() + VERIFICATION_RULES.ttlSeconds * 1000),
    });
    return { id: row.id };
  });
  if ('error' in outcome) throw outcome.error;

  if (options.deliver !== false) {
    const minutes = VERIFICATION_RULES.ttlSeconds / 60;
    const to = options.to ? normaliseTarget(options.to) : target;
    try {
      if (input.channel === 'email') {
        const mail = renderTemplate(
          'verification-code',
          input.locale,
          { code, minutes, scene: input.scene },
          { siteUrl: config.publicUrl },
        );
        await app.platform.mailer.send({ to, subject: mail.subject, text: mail.text, html: mail.html, code });
      } else {
        await app.platform.sms.send({
          to,
          text: renderSms('verification-code', input.locale, { code, minutes }),
          code,
        });
      }
    } catch (err) {
      // Not delivered: forget the code so the user may ask again at once.
      await deleteCode(db, outcome.id);
      throw err;
    }
  }
  return { retryAfterSeconds: VERIFICATION_RULES.resendSeconds };
}

/**
 * Sends a 6-digit code for a scene to an e-mail address or an E.164 phone (spec §3, §9). The code
 * is stored hashed, expires after 10 minutes, replaces the previous code of that scene and target,
 * and the next one may be sent after 60 s.
 */
export function sendVerificationCode(
  app: App,
  input: SendVerificationCodeInput,
): Promise<{ retryAfterSeconds: number }> {
  return issueVerificationCode(app, input);
}

/**
 * Checks and consumes the code of (scene, target). A wrong code costs an attempt
 * (Verification.CodeInvalid with attemptsLeft); the last attempt kills the code and locks sending
 * for an hour (Verification.AttemptsExceeded); no code or an expired one is CodeInvalid with
 * attemptsLeft 0.
 */
export async function checkVerificationCode(app: App, input: CheckVerificationCodeInput): Promise<void> {
  const { db, clock, config } = app.platform;
  const target = normaliseTarget(input.target);
  const error = await db.transaction(async (tx): Promise<AppError | null> => {
    await lockTarget(tx, input.scene, target);
    const now = clock.now();
    const lockedUntil = await findLock(tx, input.scene, target);
    if (lockedUntil && lockedUntil > now) return attemptsExceeded(lockedUntil, now);
    const row = await findLiveCode(tx, input.scene, target);
    if (!row || row.expiresAt <= now || row.attemptsLeft <= 0) {
      return new AppError('Verification.CodeInvalid', { data: { attemptsLeft: 0 } });
    }
    if (sameHash(row.codeHash, codeHash(config.appSecret, input.scene, target, input.code.trim()))) {
      await updateCode(tx, row.id, { consumedAt: now });
      return null;
    }
    const attemptsLeft = row.attemptsLeft - 1;
    if (attemptsLeft > 0) {
      await updateCode(tx, row.id, { attemptsLeft });
      return new AppError('Verification.CodeInvalid', { data: { attemptsLeft } });
    }
    const until = new Date(now.getTime() + VERIFICATION_RULES.lockSeconds * 1000);
    await updateCode(tx, row.id, { attemptsLeft: 0, deadAt: now });
    await upsertLock(tx, input.scene, target, until);
    return attemptsExceeded(until, now);
  });
  if (error) throw error;
}

/**
 * A phone number as typed with its country (a dial code such as '86' / '+86', or an ISO code such
 * as 'CN') → E.164, or Verification.MobileInvalid. The dial codes are libphonenumber's, the same
 * the region data (`p`) is built from.
 */
export function toE164(phone: string, phoneCountryCode: string | undefined): string {
  const parsed = parsePhone(phoneCountryCode, phone, { mobileOnly: true });
  if (!parsed) throw new AppError('Verification.MobileInvalid');
  return parsed.e164;
}
