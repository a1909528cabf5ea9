import {
  AccessKeyListSchema,
  AccessKeySchema,
  AuthenticatorBindingInfoSchema,
  BindAuthenticatorBodySchema,
  CanCreateAkSchema,
  CreatedAccessKeySchema,
  DeleteAkBodySchema,
  MfaOnlyBodySchema,
  MfaSendCodeBodySchema,
  MfaSendCodeResultSchema,
  MfaVerifyBodySchema,
  MfaVerifyResultSchema,
  SecurityInfoSchema,
  UpdateAkIpWhiteListBodySchema,
  UpdateAkStatusBodySchema,
  UpdateLoginMfaBodySchema,
  UpdateSecureEmailBodySchema,
  UpdateSecureMobileBodySchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { routeRateLimit } from '../../platform/rate-limit.ts';
import { applyResponse, requestContext } from '../../platform/request-context.ts';
import { startSession } from '../account/session.service.ts';
import {
  checkCanCreateAk,
  createAccessKey,
  deleteAccessKey,
  listAccessKeys,
  updateAccessKeyIpWhiteList,
  updateAccessKeyStatus,
} from './access-keys.service.ts';
import { sendMfaCode, submitMfaVerification } from './mfa.service.ts';
import { presentAccessKey } from './security.presenter.ts';
import {
  authenticatorBindingInfo,
  bindAuthenticator,
  securityInfo,
  unbindAuthenticator,
  updateLoginMfa,
  updateSecureEmail,
  updateSecurePhone,
} from './security.service.ts';

/** Per client IP: MFA code sending and answering. */
export const MFA_SEND_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;
export const MFA_VERIFY_RATE_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;

const tags = ['security'];
const nothing = okSchema(z.null());

/** Security-centre routes (registered under /api): MFA challenges, methods, access keys. */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  // Security settings and keys are managed in the browser only: an API key cannot change them.
  app.addHook('onRequest', async (request) => {
    if (request.user?.via === 'api-key') throw new AppError('Account.Forbidden');
  });

  // ---- MFA challenges ----

  app.post(
    '/account/mfa/send-code',
    {
      schema: {
        tags,
        summary: 'Send an MFA code for a challenge',
        description:
          'Sends a code to the secure email (scene MFA_BY_SECURITY_EMAIL) or secure phone (MFA_BY_SECURITY_PHONE) ' +
          'of the challenge’s account. Verification.TooManyRequests carries retryAfterSeconds.',
        body: MfaSendCodeBodySchema,
        response: { 200: okSchema(MfaSendCodeResultSchema) },
      },
      config: {
        access: 'public',
        errors: [
          'Account.Mfa.ChallengeExpired',
          'Account.Mfa.Failed',
          'Account.Unauthorized',
          'Account.Forbidden',
          'Verification.TooManyRequests',
          'Verification.AttemptsExceeded',
        ],
        ...routeRateLimit(MFA_SEND_RATE_LIMIT),
      },
    },
    async (request) => ok(await sendMfaCode(app, requestContext(request), request.body)),
  );

  app.post(
    '/account/mfa/verify',
    {
      schema: {
        tags,
        summary: 'Answer an MFA challenge',
        description:
          'For a LOGIN challenge this completes the sign-in (session cookies). For any other reason the challenge ' +
          'is marked passed and the original request, retried with mfaVerification { challengeId }, goes through once. ' +
          'A wrong code answers Account.Mfa.Required.Retry (attempts left, per-factor tips); the last one Account.Mfa.Failed.',
        body: MfaVerifyBodySchema,
        response: { 200: okSchema(MfaVerifyResultSchema) },
      },
      config: {
        access: 'public',
        errors: [
          'Account.Mfa.Required.Retry',
          'Account.Mfa.Failed',
          'Account.Mfa.ChallengeExpired',
          'Account.Unauthorized',
          'Account.Forbidden',
          'Account.Restricted',
        ],
        ...routeRateLimit(MFA_VERIFY_RATE_LIMIT),
      },
    },
    async (request, reply) => {
      const passed = await submitMfaVerification(app, request.user, request.body, request.locale);
      if (passed.reason === 'LOGIN') {
        const { identity, response } = await startSession(app, requestContext(request), { id: passed.userId });
        applyResponse(reply, response);
        return ok({ ...identity, challengeReason: passed.reason });
      }
      const user = requireUser(request);
      return ok({ accountNo: user.accountNo, nickname: user.nickname, challengeReason: passed.reason });
    },
  );

  // ---- MFA methods ----

  app.get(
    '/account-manage/get-security-info',
    {
      schema: {
        tags,
        summary: 'MFA methods of the account',
        response: { 200: okSchema(SecurityInfoSchema) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await securityInfo(app, requireUser(request))),
  );

  app.get(
    '/account-manage/get-authenticator-binding-info',
    {
      schema: {
        tags,
        summary: 'A new authenticator secret and its QR code',
        description:
          'A new secret on every call (issuer NameBourse, label the account e-mail), valid 10 minutes for binding.',
        response: { 200: okSchema(AuthenticatorBindingInfoSchema) },
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { info, response } = await authenticatorBindingInfo(app, requestContext(request), requireUser(request));
      applyResponse(reply, response);
      return ok(info);
    },
  );

  app.post(
    '/account-manage/bind-authenticator',
    {
      schema: {
        tags,
        summary: 'Bind the authenticator',
        description: 'The secret just offered and a current code from the app. MFA reason BIND_AUTHENTICATOR.',
        body: BindAuthenticatorBodySchema,
        response: { 200: nothing },
      },
      config: {
        access: 'user',
        mfa: 'BIND_AUTHENTICATOR',
        errors: ['Account.Mfa.BindingExpired', 'Verification.CodeInvalid'],
      },
    },
    async (request, reply) => {
      applyResponse(reply, await bindAuthenticator(app, requestContext(request), requireUser(request), request.body));
      return ok(null);
    },
  );

  app.post(
    '/account-manage/unbind-authenticator',
    {
      schema: {
        tags,
        summary: 'Unbind the authenticator',
        description:
          'MFA reason UNBIND_AUTHENTICATOR. Without a secure phone it is refused (Account.Mfa.MethodRequired) while ' +
          'login MFA is on or a secure email would be left alone.',
        body: MfaOnlyBodySchema,
        response: { 200: nothing },
      },
      config: { access: 'user', mfa: 'UNBIND_AUTHENTICATOR', errors: ['Account.Mfa.MethodRequired'] },
    },
    async (request) => {
      await unbindAuthenticator(app, requireUser(request));
      return ok(null);
    },
  );

  app.post(
    '/account-manage/update-secure-mobile',
    {
      schema: {
        tags,
        summary: 'Set the secure phone',
        description:
          'The code (scene UPDATE_SECURITY_PHONE) was sent to the new phone. MFA reason UPDATE_SECURE_PHONE.',
        body: UpdateSecureMobileBodySchema,
        response: { 200: nothing },
      },
      config: {
        access: 'user',
        mfa: 'UPDATE_SECURE_PHONE',
        errors: ['Verification.MobileInvalid', 'Verification.CodeInvalid', 'Verification.AttemptsExceeded'],
      },
    },
    async (request) => {
      await updateSecurePhone(app, requireUser(request), request.body);
      return ok(null);
    },
  );

  app.post(
    '/account-manage/update-secure-email',
    {
      schema: {
        tags,
        summary: 'Set the secure email',
        description:
          'The code (scene MFA_BY_SECURITY_EMAIL, sent by send-verification-code with { sceneCode, email }) was sent ' +
          'to that address. Needs a secure phone or an authenticator first (Account.Mfa.MethodRequired). ' +
          'MFA reason UPDATE_SECURE_EMAIL.',
        body: UpdateSecureEmailBodySchema,
        response: { 200: nothing },
      },
      config: {
        access: 'user',
        mfa: 'UPDATE_SECURE_EMAIL',
        errors: ['Account.Mfa.MethodRequired', 'Verification.CodeInvalid', 'Verification.AttemptsExceeded'],
      },
    },
    async (request) => {
      await updateSecureEmail(app, requireUser(request), request.body);
      return ok(null);
    },
  );

  app.post(
    '/account-manage/update-login-mfa',
    {
      schema: {
        tags,
        summary: 'Turn sign-in MFA on or off',
        description:
          'Enabling needs a secure phone or an authenticator (Account.Mfa.MethodRequired). MFA reason UPDATE_LOGIN_MFA.',
        body: UpdateLoginMfaBodySchema,
        response: { 200: nothing },
      },
      config: { access: 'user', mfa: 'UPDATE_LOGIN_MFA', errors: ['Account.Mfa.MethodRequired'] },
    },
    async (request) => {
      await updateLoginMfa(app, requireUser(request), request.body.enabled);
      return ok(null);
    },
  );

  // ---- API access keys ----

  app.get(
    '/account-manage/check-can-create-ak',
    {
      schema: {
        tags,
        summary: 'Whether API access is unlocked',
        description:
          'Spending in the last 24 months and the available balance against the two parameters (spec §6); ' +
          'when locked the page offers contact-us for a trial.',
        response: { 200: okSchema(CanCreateAkSchema) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await checkCanCreateAk(app, requireUser(request))),
  );

  app.post(
    '/account-manage/create-ak',
    {
      schema: {
        tags,
        summary: 'Create an access key',
        description: 'The secret is returned only here and stored as a hash. MFA reason CREATE_AK.',
        body: MfaOnlyBodySchema,
        response: { 200: okSchema(CreatedAccessKeySchema) },
      },
      config: { access: 'user', mfa: 'CREATE_AK', errors: ['Account.ApiAccessLocked', 'Account.AccessKeyLimit'] },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await createAccessKey(app, requireUser(request)));
    },
  );

  app.get(
    '/account-manage/get-ak',
    {
      schema: { tags, summary: 'The account’s access keys', response: { 200: okSchema(AccessKeyListSchema) } },
      config: { access: 'user' },
    },
    async (request) => ok({ items: (await listAccessKeys(app, requireUser(request))).map(presentAccessKey) }),
  );

  app.post(
    '/account-manage/delete-ak',
    {
      schema: {
        tags,
        summary: 'Delete an access key',
        description: 'MFA reason DELETE_AK.',
        body: DeleteAkBodySchema,
        response: { 200: nothing },
      },
      config: { access: { owner: 'access-key', id: 'keyId' }, mfa: 'DELETE_AK', errors: ['Account.AccessKeyNotFound'] },
    },
    async (request) => {
      await deleteAccessKey(app, requireUser(request), request.body.keyId);
      return ok(null);
    },
  );

  app.post(
    '/account-manage/update-ak-status',
    {
      schema: {
        tags,
        summary: 'Enable or disable an access key',
        body: UpdateAkStatusBodySchema,
        response: { 200: okSchema(AccessKeySchema) },
      },
      config: { access: { owner: 'access-key', id: 'keyId' }, errors: ['Account.AccessKeyNotFound'] },
    },
    async (request) => {
      const row = await updateAccessKeyStatus(app, requireUser(request), request.body.keyId, request.body.status);
      return ok(presentAccessKey(row));
    },
  );

  app.post(
    '/account-manage/update-ak-ip-whitelist',
    {
      schema: {
        tags,
        summary: 'Set the IP allow-list of an access key',
        description:
          'Up to 20 IPv4 / IPv6 addresses or CIDR ranges; empty allows any address. MFA reason UPDATE_AK_IP.',
        body: UpdateAkIpWhiteListBodySchema,
        response: { 200: okSchema(AccessKeySchema) },
      },
      config: {
        access: { owner: 'access-key', id: 'keyId' },
        mfa: 'UPDATE_AK_IP',
        errors: ['Account.AccessKeyNotFound'],
      },
    },
    async (request) => {
      const { keyId, ipWhiteList } = request.body;
      const row = await updateAccessKeyIpWhiteList(app, requireUser(request), keyId, ipWhiteList, request.locale);
      return ok(presentAccessKey(row));
    },
  );
};
