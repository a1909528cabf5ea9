import {
  AccountIdentitySchema,
  AgreementListSchema,
  CaptchaChallengeSchema,
  ChangePasswordBodySchema,
  CsrfTokenSchema,
  LoginBodySchema,
  LoginStateSchema,
  RegisterBodySchema,
  RetrievePasswordStep1BodySchema,
  RetrievePasswordStep1ResultSchema,
  RetrievePasswordStep2BodySchema,
  RevokeSessionBodySchema,
  SendVerificationCodeBodySchema,
  SendVerificationCodeResultSchema,
  SessionListSchema,
  VerifyCaptchaBodySchema,
  VerifyCaptchaResultSchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { guardedRequestOf } from '../../platform/mfa-guard.ts';
import { keyedRateLimit, routeRateLimit } from '../../platform/rate-limit.ts';
import { applyResponse, requestContext, withResponse } from '../../platform/request-context.ts';
import { issueCsrfToken } from '../../platform/security.ts';
import { presentSession } from './account.presenter.ts';
import {
  changePassword,
  listAgreements,
  login,
  registerAccount,
  retrievePasswordStep1,
  retrievePasswordStep2,
} from './account.service.ts';
import { createCaptchaChallenge, verifyCaptcha } from './captcha.service.ts';
import { type CodeSendLimits, sendCodeForForm } from './code-sending.service.ts';
import { canRefresh, endSession, listSessions, refreshSession, revokeSession } from './session.service.ts';

/** Limits of the sensitive account routes: per client IP (route config) and per account / target (in the handler). */
export const ACCOUNT_RATE_LIMITS = {
  /** Per account, sign-in is throttled by login-throttle.service (captcha, growing wait, lock), not here. */
  loginPerIp: { max: 30, timeWindow: '1 minute' },
  sendCodePerIp: { max: 30, timeWindow: '1 minute' },
  sendCodePerTarget: { max: 10, timeWindow: '1 hour' },
  /** Signed-in scenes (UPDATE_*_PHONE, MFA_*) per account. */
  sendCodePerUser: { max: 10, timeWindow: '1 hour' },
  captchaPerIp: { max: 60, timeWindow: '1 minute' },
  registerPerIp: { max: 20, timeWindow: '1 minute' },
  passwordPerIp: { max: 20, timeWindow: '1 minute' },
  refreshPerIp: { max: 120, timeWindow: '1 minute' },
} as const;

const NO_STORE = 'no-store';

/** Account routes of spec §7 and API.md (thin: schema in and out, the service does the work). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Counted inside sendCodeForForm, after the captcha / sign-in checks have passed.
  const perTarget = keyedRateLimit(app, ACCOUNT_RATE_LIMITS.sendCodePerTarget, 'send-code-target');
  const perUser = keyedRateLimit(app, ACCOUNT_RATE_LIMITS.sendCodePerUser, 'send-code-user');
  const sendLimits: CodeSendLimits = {
    perTarget: (target) => perTarget.hit(target),
    perUser: (userId) => perUser.hit(String(userId)),
  };

  app.get(
    '/account/csrf',
    {
      config: { access: 'public' },
      schema: {
        tags: ['account'],
        summary: 'Issue the XSRF-TOKEN cookie',
        description:
          'Sets the XSRF-TOKEN cookie (readable by the page, SameSite=Lax), bound to the session (signed out: to ' +
          'an HttpOnly pre-session cookie set with it). State-changing calls echo it in the X-XSRF-TOKEN header; ' +
          'without it, or with a token of another session, they are refused with 403 Csrf.Invalid. Sign-in and ' +
          'sign-out issue a new one.',
        response: { 200: okSchema(CsrfTokenSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', NO_STORE);
      return ok({ csrfToken: issueCsrfToken(reply) });
    },
  );

  app.get(
    '/account/check-login',
    {
      config: { access: 'public', errors: ['Account.Unauthorized'] },
      schema: {
        tags: ['account'],
        summary: 'Current login state',
        description:
          'Returns the signed-in account; an empty accountNo means signed out. Without a valid access token but ' +
          'with a refresh token it answers Account.Unauthorized, so the client refreshes the session and asks again.',
        response: { 200: okSchema(LoginStateSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      const user = request.user;
      if (!user && canRefresh(requestContext(request))) throw new AppError('Account.Unauthorized');
      return ok(user ? { accountNo: user.accountNo, nickname: user.nickname } : { accountNo: '', nickname: '' });
    },
  );

  app.get(
    '/account/logout',
    {
      // A GET that changes state: only same-origin (the X-XSRF-TOKEN header, or the browser's own
      // Sec-Fetch-Site / Origin), so another site cannot sign the user out with a link or an image.
      config: { access: 'public', csrf: true },
      schema: {
        tags: ['account'],
        summary: 'Sign out',
        description:
          'Ends this browser session (its refresh-token family is revoked), clears the session cookies and issues ' +
          'a new XSRF-TOKEN for the signed-out browser. Needs the X-XSRF-TOKEN header or a same-origin request ' +
          '(Sec-Fetch-Site / Origin); a cross-site request is refused with 403 Csrf.Invalid.',
        response: { 200: okSchema(z.null()) },
      },
    },
    async (request, reply) => {
      applyResponse(reply, await endSession(app, requestContext(request)));
      return ok(null);
    },
  );

  app.post(
    '/account/refresh-token',
    {
      config: {
        access: 'public',
        errors: ['Account.Unauthorized'],
        ...routeRateLimit(ACCOUNT_RATE_LIMITS.refreshPerIp),
      },
      schema: {
        tags: ['account'],
        summary: 'Rotate the session tokens',
        description:
          'Exchanges the refresh-token cookie for new cookies. A rotated or revoked token presented again ' +
          'revokes its whole session; refusals are Account.Unauthorized.',
        response: { 200: okSchema(AccountIdentitySchema) },
      },
    },
    async (request, reply) => {
      const { identity, response } = await withResponse(reply, refreshSession(app, requestContext(request)));
      applyResponse(reply, response);
      return ok(identity);
    },
  );

  app.get(
    '/account/captcha-challenge',
    {
      config: { access: 'public', ...routeRateLimit(ACCOUNT_RATE_LIMITS.captchaPerIp) },
      schema: {
        tags: ['account'],
        summary: 'A new ALTCHA proof-of-work challenge (v1 format)',
        response: { 200: okSchema(CaptchaChallengeSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', NO_STORE);
      return ok(await createCaptchaChallenge(app));
    },
  );

  app.post(
    '/account/verify-intelligent-captcha',
    {
      config: { access: 'public', ...routeRateLimit(ACCOUNT_RATE_LIMITS.captchaPerIp) },
      schema: {
        tags: ['account'],
        summary: 'Verify an ALTCHA solution',
        description: 'captchaVerifyParam is base64 of the ALTCHA payload JSON. A solution is accepted once.',
        body: VerifyCaptchaBodySchema,
        response: { 200: okSchema(VerifyCaptchaResultSchema) },
      },
    },
    async (request) => ok({ captchaResult: await verifyCaptcha(app, request.body.captchaVerifyParam) }),
  );

  app.post(
    '/account/send-verification-code',
    {
      config: {
        access: 'public',
        errors: [
          'Verification.CaptchaRequired',
          'Verification.MobileInvalid',
          'Verification.TooManyRequests',
          'Verification.AttemptsExceeded',
          'Account.EmailRegistered',
          'Account.Unauthorized',
          // MFA scenes: the challenge's state, or a secure email without a strong method beside it.
          'Account.Mfa.ChallengeExpired',
          'Account.Mfa.Failed',
          'Account.Mfa.MethodRequired',
        ],
        ...routeRateLimit(ACCOUNT_RATE_LIMITS.sendCodePerIp),
      },
      schema: {
        tags: ['account'],
        summary: 'Send a verification code',
        description:
          'E-mail scenes need a verified captcha (captchaVerifyParam); phone scenes need a signed-in user. ' +
          'A resend within 60 s answers Verification.TooManyRequests with retryAfterSeconds.',
        body: SendVerificationCodeBodySchema,
        response: { 200: okSchema(SendVerificationCodeResultSchema) },
      },
    },
    async (request) => ok(await sendCodeForForm(app, requestContext(request), request.body, sendLimits)),
  );

  app.get(
    '/account/agreements',
    {
      config: { access: 'public' },
      schema: {
        tags: ['account'],
        summary: 'Agreements to accept at sign-up',
        response: { 200: okSchema(AgreementListSchema) },
      },
    },
    async (request) => ok({ items: listAgreements(request.locale) }),
  );

  app.post(
    '/account/register',
    {
      config: {
        access: 'public',
        errors: [
          'Account.AgreementRequired',
          'Account.EmailRegistered',
          'Verification.CodeInvalid',
          'Verification.AttemptsExceeded',
        ],
        ...routeRateLimit(ACCOUNT_RATE_LIMITS.registerPerIp),
      },
      schema: {
        tags: ['account'],
        summary: 'Create an account (signed in on success)',
        body: RegisterBodySchema,
        response: { 200: okSchema(AccountIdentitySchema) },
      },
    },
    async (request, reply) => {
      const { identity, response } = await registerAccount(app, requestContext(request), request.body);
      applyResponse(reply, response);
      return ok(identity);
    },
  );

  app.post(
    '/account/login',
    {
      config: {
        access: 'public',
        errors: [
          'Account.InvalidCredentials',
          'Account.Locked',
          'Verification.CaptchaRequired',
          'Verification.CaptchaInvalid',
          // Sign-in MFA (the route is not MFA-guarded: the second factor is asked for after the password).
          'Account.Mfa.Required',
          'Account.Mfa.Required.Retry',
          'Account.Mfa.Failed',
          'Account.Mfa.ChallengeExpired',
          'Account.Restricted',
        ],
        ...routeRateLimit(ACCOUNT_RATE_LIMITS.loginPerIp),
      },
      schema: {
        tags: ['account'],
        summary: 'Sign in',
        description:
          'Failures are counted per e-mail (registered or not: the answers are the same) and per IP. After a few, ' +
          'each attempt needs a solved, verified captcha in captchaVerifyParam (Verification.CaptchaRequired / ' +
          'Verification.CaptchaInvalid), and each further failure makes the next attempt wait longer (429 ' +
          'Request.TooManyRequests with retryAfterSeconds and Retry-After). Many failures with a solved captcha ' +
          'lock the address (423 Account.Locked with lockedUntil) and e-mail its owner; a password reset lifts ' +
          'the lock. With sign-in MFA on it answers Account.Mfa.Required; retry with mfaVerification.',
        body: LoginBodySchema,
        response: { 200: okSchema(AccountIdentitySchema) },
      },
    },
    async (request, reply) => {
      const signIn = login(app, requestContext(request), request.body, guardedRequestOf(request));
      const { identity, response } = await withResponse(reply, signIn);
      applyResponse(reply, response);
      return ok(identity);
    },
  );

  app.post(
    '/account/retrieve-password-step1',
    {
      config: {
        access: 'public',
        errors: ['Verification.CodeInvalid', 'Verification.AttemptsExceeded'],
        ...routeRateLimit(ACCOUNT_RATE_LIMITS.passwordPerIp),
      },
      schema: {
        tags: ['account'],
        summary: 'Find password, step 1: the e-mailed code → a reset token (5 minutes)',
        body: RetrievePasswordStep1BodySchema,
        response: { 200: okSchema(RetrievePasswordStep1ResultSchema) },
      },
    },
    async (request) => ok(await retrievePasswordStep1(app, request.body.email, request.body.verifyCode)),
  );

  app.post(
    '/account/retrieve-password-step2',
    {
      config: {
        access: 'public',
        errors: ['Account.ResetExpired'],
        ...routeRateLimit(ACCOUNT_RATE_LIMITS.passwordPerIp),
      },
      schema: {
        tags: ['account'],
        summary: 'Find password, step 2: set the new password (signs out every session)',
        body: RetrievePasswordStep2BodySchema,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (request) => {
      await retrievePasswordStep2(app, request.body.resetToken, request.body.password);
      return ok(null);
    },
  );

  app.post(
    '/account-manage/change-password',
    {
      config: {
        access: 'user',
        mfa: 'CHANGE_PASSWORD',
        errors: ['Account.PasswordIncorrect', 'Account.Locked'],
        ...routeRateLimit(ACCOUNT_RATE_LIMITS.passwordPerIp),
      },
      schema: {
        tags: ['account'],
        summary: 'Change the password (MFA-guarded; other sessions are signed out)',
        body: ChangePasswordBodySchema,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { oldPassword, password } = request.body;
      applyResponse(
        reply,
        await withResponse(reply, changePassword(app, requestContext(request), user, oldPassword, password)),
      );
      return ok(null);
    },
  );

  app.get(
    '/account-manage/sessions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Active sessions (security centre)',
        response: { 200: okSchema(SessionListSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      const sessions = await listSessions(app, requireUser(request));
      return ok({ items: sessions.map(presentSession) });
    },
  );

  app.post(
    '/account-manage/revoke-session',
    {
      config: { access: { owner: 'session', id: 'sessionId' }, errors: ['Account.SessionNotFound'] },
      schema: {
        tags: ['account'],
        summary: 'Sign out one session',
        body: RevokeSessionBodySchema,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (request, reply) => {
      applyResponse(
        reply,
        await revokeSession(app, requestContext(request), requireUser(request), request.body.sessionId),
      );
      return ok(null);
    },
  );
};
