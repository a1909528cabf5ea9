import type { AuthenticatorBindingInfo, SecurityInfo } from '@namebourse/contract';
import { MFA_LIMITS } from '@namebourse/contract';
import QRCode from 'qrcode';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import type { RequestContext, ResponseChanges } from '../../platform/request-context.ts';
// Read-only identity lookup (the account e-mail for the authenticator label).
import { getUserById } from '../account/account.service.ts';
import type { CodeSendLimits } from '../account/code-sending.service.ts';
import {
  checkVerificationCode,
  issueVerificationCode,
  normaliseTarget,
  toE164,
} from '../account/verification.service.ts';
import { maskEmail, maskPhone } from './masking.ts';
import { factorsOf, hasAuthenticator, hasSecureEmail, hasSecurePhone, totpBox } from './mfa.service.ts';
import { SecretBox } from './secret-box.ts';
import { findUserMfa, upsertUserMfa } from './security.repository.ts';
import { newTotpSecret, normaliseTotpSecret, totpUri, verifyTotp } from './totp.ts';

/**
 * The secret offered by get-authenticator-binding-info waits in an HttpOnly cookie, sealed
 * (AES-256-GCM, key from APP_SECRET) for this user with an expiry, so bind-authenticator accepts
 * only a secret this server issued to this account in the last 10 minutes.
 */
export const PENDING_TOTP_COOKIE = 'nb_totp_bind';
const PENDING_PATH = '/api/account-manage';
const PENDING_TTL_SECONDS = MFA_LIMITS.challengeTtlSeconds;

function pendingBox(app: App): SecretBox {
  return new SecretBox(app.platform.config.appSecret, 'totp-pending');
}

/**
 * GET /account-manage/get-authenticator-binding-info: a new secret each call, with its QR code, and
 * the cookie that holds it until bind-authenticator.
 */
export async function authenticatorBindingInfo(
  app: App,
  context: Pick<RequestContext, 'isHttps'>,
  user: { id: bigint },
): Promise<{ info: AuthenticatorBindingInfo; response: ResponseChanges }> {
  const account = await getUserById(app, user.id);
  if (!account) throw new AppError('Account.Unauthorized');
  const secret = newTotpSecret();
  const otpauthUrl = totpUri(secret, account.email);
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  const expiresAt = app.platform.clock.now().getTime() + PENDING_TTL_SECONDS * 1000;
  const pending = {
    name: PENDING_TOTP_COOKIE,
    value: pendingBox(app).seal(`${expiresAt}:${secret}`, String(user.id)),
    options: {
      path: PENDING_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: context.isHttps,
      maxAge: PENDING_TTL_SECONDS,
    },
  } as const;
  return { info: { secret, otpauthUrl, qrCodeDataUrl }, response: { cookies: [pending] } };
}

/**
 * POST /account-manage/bind-authenticator: the secret must be the one just offered to this account
 * (Account.Mfa.BindingExpired otherwise) and the code must match it (Verification.CodeInvalid).
 * Replaces an authenticator bound before; the accepted step is remembered (a code is used once).
 * Answers the pending secret's cookie cleared.
 */
export async function bindAuthenticator(
  app: App,
  context: Pick<RequestContext, 'cookies'>,
  user: { id: bigint },
  input: { secret: string; code: string },
): Promise<ResponseChanges> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const sealed = context.cookies[PENDING_TOTP_COOKIE];
  const opened = sealed ? pendingBox(app).open(sealed, String(user.id)) : null;
  const [expiresAt, pending] = opened ? [Number(opened.split(':')[0]), opened.split(':')[1]] : [0, undefined];
  const secret = normaliseTotpSecret(input.secret);
  if (!pending || expiresAt <= now.getTime() || pending !== secret) throw new AppError('Account.Mfa.BindingExpired');
  const step = await verifyTotp(secret, input.code, now, null);
  if (step === null) throw new AppError('Verification.CodeInvalid');
  await upsertUserMfa(
    db,
    user.id,
    { totpSecretEnc: totpBox(app).seal(secret, String(user.id)), totpBoundAt: now, totpLastStep: step },
    now,
  );
  return {
    cookies: [
      { name: PENDING_TOTP_COOKIE, value: null, options: { path: PENDING_PATH, httpOnly: true, sameSite: 'strict' } },
    ],
  };
}

/** A secure phone or an authenticator: what a secure email needs beside it (spec §6). */
function hasStrongMethod(row: Awaited<ReturnType<typeof findUserMfa>>): boolean {
  return hasAuthenticator(row) || hasSecurePhone(row);
}

/**
 * POST /account-manage/unbind-authenticator. Without a secure phone it is refused
 * (Account.Mfa.MethodRequired) when login MFA is on or a secure email would be left as the only
 * method (spec §6: a secure email cannot be the only method).
 */
export async function unbindAuthenticator(app: App, user: { id: bigint }): Promise<void> {
  const { db, clock } = app.platform;
  const row = await findUserMfa(db, user.id);
  if (!hasAuthenticator(row)) return;
  if (!hasSecurePhone(row) && (row?.loginMfaEnabled || hasSecureEmail(row))) {
    throw new AppError('Account.Mfa.MethodRequired');
  }
  await upsertUserMfa(db, user.id, { totpSecretEnc: null, totpBoundAt: null, totpLastStep: null }, clock.now());
}

/** POST /account-manage/update-secure-mobile: the code (UPDATE_SECURITY_PHONE) was sent to the new phone. */
export async function updateSecurePhone(
  app: App,
  user: { id: bigint },
  input: { phone: string; phoneCountryCode: string; verifyCode: string },
): Promise<void> {
  const phone = toE164(input.phone, input.phoneCountryCode);
  await checkVerificationCode(app, { scene: 'UPDATE_SECURITY_PHONE', target: phone, code: input.verifyCode });
  const now = app.platform.clock.now();
  await upsertUserMfa(app.platform.db, user.id, { securePhone: phone, securePhoneVerifiedAt: now }, now);
}

/**
 * POST /account/send-verification-code { sceneCode: MFA_BY_SECURITY_EMAIL, email } from a signed-in
 * user: the set-up code goes to the new address (target: that address). Needs a secure phone or an
 * authenticator first (Account.Mfa.MethodRequired); limited per account and per address.
 */
export async function sendSecureEmailSetUpCode(
  app: App,
  context: Pick<RequestContext, 'locale'>,
  user: { id: bigint },
  email: string,
  limits: CodeSendLimits,
): Promise<{ retryAfterSeconds: number }> {
  if (!hasStrongMethod(await findUserMfa(app.platform.db, user.id))) throw new AppError('Account.Mfa.MethodRequired');
  const target = normaliseTarget(email);
  await limits.perTarget(target);
  return issueVerificationCode(app, {
    scene: 'MFA_BY_SECURITY_EMAIL',
    target,
    channel: 'email',
    locale: context.locale,
  });
}

/**
 * POST /account-manage/update-secure-email: the code (MFA_BY_SECURITY_EMAIL) was sent to that
 * address. Refused without a secure phone or an authenticator (Account.Mfa.MethodRequired): a secure
 * email cannot be the only method.
 */
export async function updateSecureEmail(
  app: App,
  user: { id: bigint },
  input: { email: string; verifyCode: string },
): Promise<void> {
  if (!hasStrongMethod(await findUserMfa(app.platform.db, user.id))) throw new AppError('Account.Mfa.MethodRequired');
  const email = normaliseTarget(input.email);
  await checkVerificationCode(app, { scene: 'MFA_BY_SECURITY_EMAIL', target: email, code: input.verifyCode });
  const now = app.platform.clock.now();
  await upsertUserMfa(app.platform.db, user.id, { secureEmail: email, secureEmailVerifiedAt: now }, now);
}

/** GET /account-manage/get-security-info: which methods are set up, targets masked. */
export async function securityInfo(app: App, user: { id: bigint }): Promise<SecurityInfo> {
  const row = await findUserMfa(app.platform.db, user.id);
  const factors = factorsOf(row);
  const phone = factors.find((f) => f.method === 'SMS');
  const email = factors.find((f) => f.method === 'EMAIL');
  return {
    hasAuthenticator: hasAuthenticator(row),
    securePhone: phone ? maskPhone(phone.target) : null,
    secureEmail: email ? maskEmail(email.target) : null,
    loginMfaEnabled: Boolean(row?.loginMfaEnabled),
  };
}

/** POST /account-manage/update-login-mfa: enabling needs a secure phone or an authenticator. */
export async function updateLoginMfa(app: App, user: { id: bigint }, enabled: boolean): Promise<void> {
  const { db, clock } = app.platform;
  const row = await findUserMfa(db, user.id);
  if (enabled && !hasAuthenticator(row) && !hasSecurePhone(row)) throw new AppError('Account.Mfa.MethodRequired');
  await upsertUserMfa(db, user.id, { loginMfaEnabled: enabled }, clock.now());
}
