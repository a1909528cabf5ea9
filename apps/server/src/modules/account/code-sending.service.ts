import type { SendVerificationCodeBody, VerificationScene } from '@namebourse/contract';
import type { FastifyRequest } from 'fastify';
import type { App, Platform } from '../../platform/app-context.ts';
import { requireUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { isRegisteredEmail, normaliseEmail } from './account.service.ts';
import { spendCaptcha } from './captcha.service.ts';
import { issueVerificationCode, toE164 } from './verification.service.ts';

/**
 * A rate limit with a key chosen by the caller (an account, a target, a challenge), counted through
 * @fastify/rate-limit (shared via Redis when configured). Exceeding throws Request.TooManyRequests
 * (429) with retryAfterSeconds.
 */
export function keyedRateLimit(
  app: App,
  limit: { max: number; timeWindow: string | number },
  name: string,
): (request: FastifyRequest, key: string) => Promise<void> {
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    ...limit,
    skipOnError: true,
    keyGenerator: (request) => `${name}:${keys.get(request) ?? `ip:${request.ip}`}`,
  });
  return async (request, key) => {
    keys.set(request, key);
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw new AppError('Request.TooManyRequests', {
      status: 429,
      data: { retryAfterSeconds: Math.max(1, Math.ceil(result.ttl / 1000)) },
    });
  };
}

/**
 * The limits send-verification-code applies once a request has passed its captcha / sign-in checks
 * (so nobody can use up a victim's allowance without them): per target address and per account.
 */
export interface CodeSendLimits {
  perTarget(request: FastifyRequest, target: string): Promise<void>;
  perUser(request: FastifyRequest, userId: bigint): Promise<void>;
}

const NO_LIMITS: CodeSendLimits = { perTarget: async () => {}, perUser: async () => {} };

/**
 * Sends the code of an MFA scene (MFA_BY_SECURITY_EMAIL / MFA_BY_SECURITY_PHONE): for an open
 * challenge (`body.challengeId`) to that challenge's factor, or — MFA_BY_SECURITY_EMAIL from a
 * signed-in user with `email` — to a new secure email being set up. The security module knows
 * challenges and factors and provides this; it applies `limits` to the new address itself.
 */
export type MfaCodeSender = (
  request: FastifyRequest,
  body: SendVerificationCodeBody,
  limits: CodeSendLimits,
) => Promise<{ retryAfterSeconds: number }>;

const mfaCodeSenders = new WeakMap<Platform, MfaCodeSender>();

/** The security module provides the MFA-scene sender behind POST /account/send-verification-code. */
export function provideMfaCodeSender(app: App, sender: MfaCodeSender): void {
  mfaCodeSenders.set(app.platform, sender);
}

const EMAIL_SCENES = new Set<VerificationScene>(['REGISTER_BY_EMAIL', 'RETRIEVE_PASSWORD_BY_EMAIL']);
const NEW_PHONE_SCENES = new Set<VerificationScene>([
  'UPDATE_SECURITY_PHONE',
  'UPDATE_CONTACT_PHONE',
  'UPDATE_BILLING_PHONE',
]);

function missing(field: string, request: FastifyRequest): AppError {
  return new AppError('Request.Invalid', {
    data: { fields: { [field]: request.locale === 'zh-CN' ? '此项为必填项' : 'This field is required' } },
  });
}

/**
 * POST /account/send-verification-code (spec §5): e-mail scenes need a verified, unspent captcha
 * solution (spent here); new-phone scenes need a signed-in user and a valid mobile number; MFA
 * scenes go to the security module's sender. Find-password for an unknown address answers exactly
 * as for a known one and mails nobody. `limits` are applied only after those checks: per target,
 * and per account for a signed-in user's scenes.
 */
export async function sendCodeForForm(
  app: App,
  request: FastifyRequest,
  body: SendVerificationCodeBody,
  limits: CodeSendLimits = NO_LIMITS,
): Promise<{ retryAfterSeconds: number }> {
  const scene = body.sceneCode;
  if (EMAIL_SCENES.has(scene)) {
    if (!body.email) throw missing('email', request);
    if (!(await spendCaptcha(app, body.captchaVerifyParam))) throw new AppError('Verification.CaptchaRequired');
    const email = normaliseEmail(body.email);
    await limits.perTarget(request, email);
    const registered = await isRegisteredEmail(app, email);
    if (scene === 'REGISTER_BY_EMAIL' && registered) throw new AppError('Account.EmailRegistered');
    return issueVerificationCode(
      app,
      { scene, target: email, channel: 'email', locale: request.locale },
      { deliver: scene === 'REGISTER_BY_EMAIL' || registered },
    );
  }
  if (NEW_PHONE_SCENES.has(scene)) {
    const user = requireUser(request);
    if (!body.phone) throw missing('phone', request);
    const phone = toE164(body.phone, body.phoneCountryCode);
    await limits.perUser(request, user.id);
    await limits.perTarget(request, phone);
    return issueVerificationCode(app, { scene, target: phone, channel: 'sms', locale: request.locale });
  }
  const sender = mfaCodeSenders.get(app.platform);
  if (!sender) throw new AppError('Request.Invalid');
  // MFA scenes: a signed-in user's sending counts toward their account (a sign-in challenge's
  // sending is limited per challenge and account by the security module).
  if (request.user) await limits.perUser(request, request.user.id);
  return sender(request, body, limits);
}
