import { createHmac, randomBytes } from 'node:crypto';
import {
  fieldMessage,
  type Locale,
  MFA_LIMITS,
  type MfaChallenge,
  type MfaMethod,
  type MfaVerification,
  type VerificationScene,
} from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import { AppError, isAppError } from '../../platform/errors.ts';
import type { GuardedRequest, MfaVerifier } from '../../platform/mfa-guard.ts';
import { type KeyedRateLimit, keyedRateLimit } from '../../platform/rate-limit.ts';
import type { RequestContext } from '../../platform/request-context.ts';
import { checkVerificationCode, issueVerificationCode, normaliseTarget } from '../account/verification.service.ts';
import { maskEmail, maskPhone } from './masking.ts';
import { SecretBox } from './secret-box.ts';
import {
  advanceTotpStep,
  expireOlderOpenChallenges,
  findChallenge,
  findUserMfa,
  insertChallenge,
  type MfaChallengeRow,
  recentMfaFailures,
  spendChallengeAttempt,
  transitionChallenge,
  type UserMfaRow,
} from './security.repository.ts';
import { verifyTotp } from './totp.ts';

/** A second factor the account has set up; `target` is the real address (never sent to clients). */
export interface MfaFactor {
  method: MfaMethod;
  target: string;
}

const FACTOR_SCENES: Record<'SMS' | 'EMAIL', VerificationScene> = {
  SMS: 'MFA_BY_SECURITY_PHONE',
  EMAIL: 'MFA_BY_SECURITY_EMAIL',
};

/**
 * Limits against guessing across challenges (on top of the 5 attempts of each challenge): wrong
 * codes are summed over the user's challenges whose last failure is recent; reaching the limit (or
 * running a challenge out of attempts) refuses new challenges and answers until `lockSeconds`
 * after the last failure. A user has at most `maxOpenChallenges` open at once (older ones expire).
 */
export const MFA_GUARD_LIMITS = {
  maxFailuresPerUser: 10,
  failureWindowSeconds: 15 * 60,
  lockSeconds: MFA_LIMITS.lockSeconds,
  maxOpenChallenges: 3,
  /** Finished or expired challenges are deleted by the sweeper after this long. */
  retentionSeconds: 24 * 60 * 60,
  /** MFA code sending (POST /account/mfa/send-code and send-verification-code with a challengeId). */
  sendPerChallenge: { max: 5, timeWindow: '10 minutes' },
  sendPerUser: { max: 10, timeWindow: '1 hour' },
} as const;

/** The box the TOTP secrets are stored in (user_mfa.totp_secret_enc), bound to the user id. */
export function totpBox(app: App): SecretBox {
  return new SecretBox(app.platform.config.appSecret, 'totp-secret');
}

export function hasAuthenticator(row: UserMfaRow | undefined): boolean {
  return Boolean(row?.totpSecretEnc && row.totpBoundAt);
}

export function hasSecurePhone(row: UserMfaRow | undefined): boolean {
  return Boolean(row?.securePhone && row.securePhoneVerifiedAt);
}

export function hasSecureEmail(row: UserMfaRow | undefined): boolean {
  return Boolean(row?.secureEmail && row.secureEmailVerifiedAt);
}

/** Authenticator, secure phone, secure email, in that order. */
export function factorsOf(row: UserMfaRow | undefined): MfaFactor[] {
  const factors: MfaFactor[] = [];
  if (hasAuthenticator(row)) factors.push({ method: 'AUTHENTICATOR', target: '' });
  if (hasSecurePhone(row)) factors.push({ method: 'SMS', target: row!.securePhone! });
  if (hasSecureEmail(row)) factors.push({ method: 'EMAIL', target: row!.secureEmail! });
  return factors;
}

/** A factor that may stand alone (spec §6: a secure email cannot be the only method). */
function isStrong(method: MfaMethod): boolean {
  return method !== 'EMAIL';
}

/** Whether sign-in asks for a second factor (the account module's login reads this). */
export async function isLoginMfaEnabled(app: App, userId: bigint): Promise<boolean> {
  const row = await findUserMfa(app.platform.db, userId);
  return Boolean(row?.loginMfaEnabled) && factorsOf(row).length > 0;
}

// ---- tips (per factor, localised) ----

type TipKey = 'enter' | 'wrong' | 'codeDead' | 'strongRequired';

const TIPS: Record<TipKey, Record<Locale, (method: MfaMethod, target: string) => string>> = {
  enter: {
    'en-US': (m, t) =>
      m === 'AUTHENTICATOR'
        ? 'Enter the 6-digit code from your authenticator app'
        : `Enter the verification code sent to ${t}`,
    'zh-CN': (m, t) => (m === 'AUTHENTICATOR' ? '请输入身份验证器中的 6 位验证码' : `请输入发送至 ${t} 的验证码`),
  },
  wrong: {
    'en-US': (m, t) =>
      m === 'AUTHENTICATOR'
        ? 'This authenticator code is not right. Enter the current one'
        : `The code sent to ${t} is not right. Check it and enter it again`,
    'zh-CN': (m, t) =>
      m === 'AUTHENTICATOR'
        ? '身份验证器验证码不正确，请输入当前显示的验证码'
        : `发送至 ${t} 的验证码不正确，请核对后重新输入`,
  },
  codeDead: {
    'en-US': () => 'This code can no longer be used. Please request a new one later',
    'zh-CN': () => '该验证码已失效，请稍后重新获取',
  },
  strongRequired: {
    'en-US': () => 'Enter the code from your authenticator app or secure phone',
    'zh-CN': () => '请输入身份验证器或安全手机的验证码',
  },
};

function maskedTarget(factor: MfaFactor, locale: Locale): string {
  if (factor.method === 'AUTHENTICATOR') return locale === 'zh-CN' ? '身份验证器应用' : 'Authenticator app';
  return factor.method === 'SMS' ? maskPhone(factor.target) : maskEmail(factor.target);
}

/** The challenge as the client sees it (the data of Account.Mfa.Required / .Retry). */
export function presentChallenge(
  row: MfaChallengeRow,
  factors: MfaFactor[],
  locale: Locale,
  tips: Partial<Record<MfaMethod, TipKey>> = {},
): MfaChallenge {
  return {
    challengeId: row.id,
    challengeReason: row.reason,
    allowedAttempts: row.attemptsLeft,
    availableFactors: factors.map((factor) => {
      const target = maskedTarget(factor, locale);
      return {
        method: factor.method,
        target,
        tip: TIPS[tips[factor.method] ?? 'enter'][locale](factor.method, target),
        // Which fields the page marks as wrong after a .Retry.
        failed: tips[factor.method] === 'wrong' || tips[factor.method] === 'codeDead',
      };
    }),
  };
}

// ---- the request fingerprint ----

/** Fields never part of the fingerprint (secrets and one-time codes), at any depth. */
const UNHASHED_FIELDS = new Set([
  'password',
  'oldpassword',
  'verifycode',
  'code',
  'secret',
  'token',
  'mfaverification',
]);

function unhashed(key: string): boolean {
  const k = key.toLowerCase();
  return UNHASHED_FIELDS.has(k) || k.includes('password');
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .filter((k) => !unhashed(k))
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * HMAC of method, route and payload without secrets (passwords, codes, secrets, tokens,
 * `mfaVerification`): a passed challenge authorises only that request. A LOGIN challenge is bound
 * to the user only (the password was checked before it was issued).
 */
export function requestHashOf(app: App, request: GuardedRequest, reason: string, userId: bigint): string {
  const hmac = createHmac('sha256', app.platform.config.appSecret);
  if (reason === 'LOGIN') return hmac.update(`mfa-login:v1\n${userId}`).digest('base64url');
  const raw = request.payload ?? {};
  return hmac
    .update(`mfa-request:v2\n${request.method}\n${request.route}\n`)
    .update(JSON.stringify(canonical(raw)))
    .digest('base64url');
}

/** The verification target of an MFA code: the address plus the challenge, so a code answers only its challenge. */
export function mfaCodeTarget(target: string, challengeId: string): string {
  return `${normaliseTarget(target)}#${challengeId}`;
}

// ---- challenges ----

function expired(row: MfaChallengeRow, now: Date): boolean {
  return row.expiresAt.getTime() <= now.getTime();
}

/**
 * Account.Mfa.Failed (with retryAfterSeconds) while the user is locked out of MFA: too many wrong
 * codes across their recent challenges, or a challenge run out of attempts, within the window;
 * the lock lasts `lockSeconds` from the last failure. Null when not locked.
 */
async function mfaLock(app: App, userId: bigint, now: Date): Promise<AppError | null> {
  const since = new Date(now.getTime() - MFA_GUARD_LIMITS.failureWindowSeconds * 1000);
  const recent = await recentMfaFailures(app.platform.db, userId, MFA_LIMITS.challengeAttempts, since);
  if (!recent.lastFailedAt) return null;
  if (recent.failures < MFA_GUARD_LIMITS.maxFailuresPerUser && !recent.exhausted) return null;
  const until = recent.lastFailedAt.getTime() + MFA_GUARD_LIMITS.lockSeconds * 1000;
  if (until <= now.getTime()) return null;
  return new AppError('Account.Mfa.Failed', {
    data: { retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) },
  });
}

/** Creates a challenge and returns the Account.Mfa.Required error carrying it (or Account.Mfa.Failed while locked). */
async function newChallenge(
  app: App,
  request: GuardedRequest,
  userId: bigint,
  reason: string,
  factors: MfaFactor[],
): Promise<AppError> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const locked = await mfaLock(app, userId, now);
  if (locked) return locked;
  await expireOlderOpenChallenges(db, userId, MFA_GUARD_LIMITS.maxOpenChallenges - 1);
  const row = await insertChallenge(db, {
    id: randomBytes(18).toString('base64url'),
    userId,
    reason,
    attemptsLeft: MFA_LIMITS.challengeAttempts,
    status: 'open',
    requestHash: requestHashOf(app, request, reason, userId),
    createdAt: now,
    expiresAt: new Date(now.getTime() + MFA_LIMITS.challengeTtlSeconds * 1000),
  });
  return new AppError('Account.Mfa.Required', { data: presentChallenge(row, factors, request.locale) });
}

/**
 * Checks the submitted factors of an open challenge. Every submitted factor the account has must
 * verify, and at least one of them must be the authenticator or the secure phone when the account
 * has one. On success the challenge moves to `to`; a wrong code costs an attempt
 * (Account.Mfa.Required.Retry with per-factor tips), the last one fails the challenge (Account.Mfa.Failed).
 */
async function answerChallenge(
  app: App,
  locale: Locale,
  challenge: MfaChallengeRow,
  mfa: UserMfaRow | undefined,
  submitted: MfaVerification['factors'],
  to: 'passed' | 'used',
): Promise<void> {
  const { db, clock } = app.platform;
  const locked = await mfaLock(app, challenge.userId, clock.now());
  if (locked) throw locked;
  const factors = factorsOf(mfa);
  const byMethod = new Map<MfaMethod, string>();
  for (const f of submitted) if (!byMethod.has(f.method)) byMethod.set(f.method, f.token.trim());
  const answered = factors.filter((f) => byMethod.has(f.method) && byMethod.get(f.method) !== '');

  const needsStrong = factors.some((f) => isStrong(f.method));
  if (answered.length === 0 || (needsStrong && !answered.some((f) => isStrong(f.method)))) {
    // Nothing usable was submitted: no attempt is spent.
    const tips = Object.fromEntries(factors.filter((f) => isStrong(f.method)).map((f) => [f.method, 'strongRequired']));
    throw new AppError('Account.Mfa.Required.Retry', { data: presentChallenge(challenge, factors, locale, tips) });
  }

  const tips: Partial<Record<MfaMethod, TipKey>> = {};
  const now = clock.now();
  for (const factor of answered) {
    const token = byMethod.get(factor.method)!;
    if (factor.method === 'AUTHENTICATOR') {
      const secret = totpBox(app).open(mfa!.totpSecretEnc!, String(challenge.userId));
      const step = secret ? await verifyTotp(secret, token, now, mfa!.totpLastStep) : null;
      if (step === null || !(await advanceTotpStep(db, challenge.userId, step, now))) tips.AUTHENTICATOR = 'wrong';
    } else {
      try {
        await checkVerificationCode(app, {
          scene: FACTOR_SCENES[factor.method],
          target: mfaCodeTarget(factor.target, challenge.id),
          code: token,
        });
      } catch (err) {
        if (!isAppError(err)) throw err;
        if (err.code === 'Verification.CodeInvalid') tips[factor.method] = 'wrong';
        else if (err.code === 'Verification.AttemptsExceeded') tips[factor.method] = 'codeDead';
        else throw err;
      }
    }
  }

  if (Object.keys(tips).length === 0) {
    if (!(await transitionChallenge(db, challenge.id, 'open', to, now))) {
      throw new AppError('Account.Mfa.ChallengeExpired');
    }
    return;
  }
  const spent = await spendChallengeAttempt(db, challenge.id, now);
  if (!spent) throw new AppError('Account.Mfa.ChallengeExpired');
  if (spent.status === 'failed') throw new AppError('Account.Mfa.Failed');
  // Too many wrong codes across the user's challenges: this one ends too.
  const lockedNow = await mfaLock(app, challenge.userId, now);
  if (lockedNow) throw lockedNow;
  throw new AppError('Account.Mfa.Required.Retry', { data: presentChallenge(spent, factors, locale, tips) });
}

/**
 * The MFA verifier of the guard (platform/mfa-guard.ts). Accounts without a secure phone or an
 * authenticator pass (nothing to challenge with; spec §6), except at sign-in where any factor is
 * asked for; sign-in passes when login MFA is off.
 */
export function createMfaVerifier(app: App): MfaVerifier {
  return {
    async require(request, user, reason, verification) {
      const { db, clock } = app.platform;
      const mfa = await findUserMfa(db, user.id);
      const factors = factorsOf(mfa);
      if (reason === 'LOGIN') {
        if (!mfa?.loginMfaEnabled || factors.length === 0) return;
      } else if (!factors.some((f) => isStrong(f.method))) {
        return;
      }
      if (!verification) throw await newChallenge(app, request, user.id, reason, factors);

      const challenge = await findChallenge(db, verification.challengeId);
      const now = clock.now();
      if (!challenge || challenge.userId !== user.id || challenge.reason !== reason) {
        throw await newChallenge(app, request, user.id, reason, factors);
      }
      if (challenge.status === 'failed') throw new AppError('Account.Mfa.Failed');
      if (
        expired(challenge, now) ||
        (challenge.status !== 'open' && challenge.status !== 'passed') ||
        challenge.requestHash !== requestHashOf(app, request, reason, user.id)
      ) {
        throw await newChallenge(app, request, user.id, reason, factors);
      }
      if (challenge.status === 'passed') {
        // Answered through POST /account/mfa/verify: the retried request goes through once.
        if (await transitionChallenge(db, challenge.id, 'passed', 'used', now)) return;
        throw await newChallenge(app, request, user.id, reason, factors);
      }
      await answerChallenge(app, request.locale, challenge, mfa, verification.factors, 'used');
    },
  };
}

/** An open, unexpired challenge, and the account's MFA row; Account.Mfa.ChallengeExpired / .Failed otherwise. */
async function openChallenge(
  app: App,
  challengeId: string,
  actor: { id: bigint } | null,
): Promise<{ challenge: MfaChallengeRow; mfa: UserMfaRow | undefined }> {
  const { db, clock } = app.platform;
  const challenge = await findChallenge(db, challengeId);
  if (!challenge) throw new AppError('Account.Mfa.ChallengeExpired');
  if (challenge.reason !== 'LOGIN') {
    if (!actor) throw new AppError('Account.Unauthorized');
    if (actor.id !== challenge.userId) throw new AppError('Account.Mfa.ChallengeExpired');
  }
  if (challenge.status === 'failed') throw new AppError('Account.Mfa.Failed');
  if (challenge.status !== 'open' || expired(challenge, clock.now()))
    throw new AppError('Account.Mfa.ChallengeExpired');
  return { challenge, mfa: await findUserMfa(db, challenge.userId) };
}

const sendLimits = new WeakMap<App['platform'], { perChallenge: KeyedRateLimit; perUser: KeyedRateLimit }>();

/** The MFA code-sending limits of this app (per challenge and per challenged account), created once. */
function mfaSendLimits(app: App): { perChallenge: KeyedRateLimit; perUser: KeyedRateLimit } {
  let limits = sendLimits.get(app.platform);
  if (!limits) {
    limits = {
      perChallenge: keyedRateLimit(app, MFA_GUARD_LIMITS.sendPerChallenge, 'mfa-send-challenge'),
      perUser: keyedRateLimit(app, MFA_GUARD_LIMITS.sendPerUser, 'mfa-send-user'),
    };
    sendLimits.set(app.platform, limits);
  }
  return limits;
}

/**
 * POST /account/mfa/send-code: sends an MFA code to the secure email or phone of the challenge's
 * account, bound to that challenge (mfaCodeTarget). Limited per challenge and per account
 * (Request.TooManyRequests, 429); Verification.TooManyRequests with retryAfterSeconds passes through.
 */
export async function sendMfaCode(
  app: App,
  context: Pick<RequestContext, 'locale' | 'user'>,
  input: { challengeId: string; method: 'EMAIL' | 'SMS' },
): Promise<{ retryAfterSeconds: number }> {
  const locale = context.locale;
  const { challenge, mfa } = await openChallenge(app, input.challengeId, context.user);
  const factor = factorsOf(mfa).find((f) => f.method === input.method);
  if (!factor) throw new AppError('Request.Invalid', { data: { fields: { method: fieldMessage('choice', locale) } } });
  const limits = mfaSendLimits(app);
  await limits.perChallenge.hit(challenge.id);
  await limits.perUser.hit(String(challenge.userId));
  return issueVerificationCode(
    app,
    {
      scene: FACTOR_SCENES[input.method],
      target: mfaCodeTarget(factor.target, challenge.id),
      channel: input.method === 'SMS' ? 'sms' : 'email',
      locale,
    },
    { to: factor.target },
  );
}

/**
 * POST /account/mfa/verify: answers a challenge. A LOGIN challenge is used up here (the caller
 * then starts the session); any other is marked passed so the retried request goes through once.
 */
export async function submitMfaVerification(
  app: App,
  actor: { id: bigint } | null,
  input: MfaVerification,
  locale: Locale,
): Promise<{ userId: bigint; reason: string }> {
  const { challenge, mfa } = await openChallenge(app, input.challengeId, actor);
  await answerChallenge(app, locale, challenge, mfa, input.factors, challenge.reason === 'LOGIN' ? 'used' : 'passed');
  return { userId: challenge.userId, reason: challenge.reason };
}
