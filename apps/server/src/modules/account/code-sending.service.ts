import type { Locale, SendVerificationCodeBody, VerificationScene } from '@namebourse/contract';
import type { App, Platform } from '../../platform/app-context.ts';
import { requireUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/request-context.ts';
import { isRegisteredEmail, normaliseEmail } from './account.service.ts';
import { spendCaptcha } from './captcha.service.ts';
import { issueVerificationCode, toE164 } from './verification.service.ts';

/**
 * The limits send-verification-code applies once a request has passed its captcha / sign-in checks
 * (so nobody can use up a victim's allowance without them): per target address and per account.
 */
export interface CodeSendLimits {
  perTarget(target: string): Promise<void>;
  perUser(userId: bigint): Promise<void>;
}

const NO_LIMITS: CodeSendLimits = { perTarget: async () => {}, perUser: async () => {} };

/**
 * Sends the code of an MFA scene (MFA_BY_SECURITY_EMAIL / MFA_BY_SECURITY_PHONE): for an open
 * challenge (`body.challengeId`) to that challenge's factor, or — MFA_BY_SECURITY_EMAIL from a
 * signed-in user with `email` — to a new secure email being set up. The security module knows
 * challenges and factors and provides this; it applies `limits` to the new address itself.
 */
export type MfaCodeSender = (
  context: RequestContext,
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

function missing(field: string, locale: Locale): AppError {
  return new AppError('Request.Invalid', {
    data: { fields: { [field]: locale === 'zh-CN' ? '此项为必填项' : 'This field is required' } },
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
  context: RequestContext,
  body: SendVerificationCodeBody,
  limits: CodeSendLimits = NO_LIMITS,
): Promise<{ retryAfterSeconds: number }> {
  const scene = body.sceneCode;
  if (EMAIL_SCENES.has(scene)) {
    if (!body.email) throw missing('email', context.locale);
    if (!(await spendCaptcha(app, body.captchaVerifyParam))) throw new AppError('Verification.CaptchaRequired');
    const email = normaliseEmail(body.email);
    await limits.perTarget(email);
    const registered = await isRegisteredEmail(app, email);
    if (scene === 'REGISTER_BY_EMAIL' && registered) throw new AppError('Account.EmailRegistered');
    return issueVerificationCode(
      app,
      { scene, target: email, channel: 'email', locale: context.locale },
      { deliver: scene === 'REGISTER_BY_EMAIL' || registered },
    );
  }
  if (NEW_PHONE_SCENES.has(scene)) {
    const user = requireUser(context);
    if (!body.phone) throw missing('phone', context.locale);
    const phone = toE164(body.phone, body.phoneCountryCode);
    await limits.perUser(user.id);
    await limits.perTarget(phone);
    return issueVerificationCode(app, { scene, target: phone, channel: 'sms', locale: context.locale });
  }
  const sender = mfaCodeSenders.get(app.platform);
  if (!sender) throw new AppError('Request.Invalid');
  // MFA scenes: a signed-in user's sending counts toward their account (a sign-in challenge's
  // sending is limited per challenge and account by the security module).
  if (context.user) await limits.perUser(context.user.id);
  return sender(context, body, limits);
}
