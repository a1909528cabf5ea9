import type { SendVerificationCodeBody, VerificationScene } from '@namebourse/contract';
import type { FastifyRequest } from 'fastify';
import type { App, Platform } from '../../app.ts';
import { requireUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { isRegisteredEmail, normaliseEmail } from './account.service.ts';
import { spendCaptcha } from './captcha.service.ts';
import { issueVerificationCode, toE164 } from './verification.service.ts';

/**
 * Sends the code of an MFA scene (MFA_BY_SECURITY_EMAIL / MFA_BY_SECURITY_PHONE) for an open
 * challenge (`body.challengeId`): the security module knows the challenge's user and factors and
 * provides this; it calls sendVerificationCode itself.
 */
export type MfaCodeSender = (
  request: FastifyRequest,
  body: SendVerificationCodeBody,
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

/** The address a form's code goes to, as the dev outbox files it ('email' or E.164 phone). */
export function codeTargetOf(body: SendVerificationCodeBody): string | undefined {
  if (EMAIL_SCENES.has(body.sceneCode)) return body.email ? normaliseEmail(body.email) : undefined;
  if (NEW_PHONE_SCENES.has(body.sceneCode) && body.phone) {
    try {
      return toE164(body.phone, body.phoneCountryCode);
    } catch {
      return body.phone;
    }
  }
  return body.challengeId;
}

/**
 * POST /account/send-verification-code (spec §5): e-mail scenes need a verified, unspent captcha
 * solution (spent here); new-phone scenes need a signed-in user and a valid mobile number; MFA
 * scenes go to the security module's sender. Find-password for an unknown address answers exactly
 * as for a known one and mails nobody.
 */
export async function sendCodeForForm(
  app: App,
  request: FastifyRequest,
  body: SendVerificationCodeBody,
): Promise<{ retryAfterSeconds: number }> {
  const scene = body.sceneCode;
  if (EMAIL_SCENES.has(scene)) {
    if (!body.email) throw missing('email', request);
    if (!(await spendCaptcha(app, body.captchaVerifyParam))) throw new AppError('Verification.CaptchaRequired');
    const email = normaliseEmail(body.email);
    const registered = await isRegisteredEmail(app, email);
    if (scene === 'REGISTER_BY_EMAIL' && registered) throw new AppError('Account.EmailRegistered');
    return issueVerificationCode(
      app,
      { scene, target: email, channel: 'email', locale: request.locale },
      { deliver: scene === 'REGISTER_BY_EMAIL' || registered },
    );
  }
  if (NEW_PHONE_SCENES.has(scene)) {
    requireUser(request);
    if (!body.phone) throw missing('phone', request);
    const phone = toE164(body.phone, body.phoneCountryCode);
    return issueVerificationCode(app, { scene, target: phone, channel: 'sms', locale: request.locale });
  }
  const sender = mfaCodeSenders.get(app.platform);
  if (!sender) throw new AppError('Request.Invalid');
  return sender(request, body);
}
