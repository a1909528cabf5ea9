import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accountButton,
  byLabel,
  codeButton,
  countdownOf,
  enterEmailCode,
  fillRegisterDetails,
  isApi,
  nicknameFor,
  passwordFor,
  signOut,
  submitSignIn,
  type T,
  uniqueEmail,
  verifyEmailUpToSend,
} from './accounts.ts';
import { goto, horizontalOverflow } from './browser.ts';
import {
  CASES,
  type Case,
  exact,
  pageShot,
  shown,
  texts,
  useBrowser,
  visibleText,
  waitForPath,
  withPage,
} from './journey.ts';

/**
 * Register → (code countdown, a refused early resend) → sign out → sign in with ?redirect= → find password →
 * sign in with the new password. One fresh account per case.
 */

async function expectCountingDown(page: Page, t: T, atMost: number) {
  const button = codeButton(page, t);
  await page.waitForFunction((el) => el instanceof HTMLButtonElement && el.disabled, await button.elementHandle());
  const seconds = await countdownOf(button, t);
  expect(seconds).toBeDefined();
  expect(seconds).toBeGreaterThan(atMost - 5);
  expect(seconds).toBeLessThanOrEqual(atMost);
  // It counts down (the label changes within a couple of seconds).
  await page.waitForFunction(
    ({ el, from }) => {
      const n = Number(/\d+/.exec(el?.textContent ?? '')?.[0]);
      return Number.isFinite(n) && n < from;
    },
    { el: await button.elementHandle(), from: seconds as number },
    { timeout: 5_000 },
  );
  expect(await button.isDisabled()).toBe(true);
}

async function register(page: Page, c: Case, t: T, account: { email: string; password: string; nickname: string }) {
  await goto(page, '/account/register');
  await shown(page.getByRole('heading', { name: exact(t('account:register.title')) }));
  expect(await horizontalOverflow(page)).toBe(0);
  await pageShot(page, `register-email-${c.label}`);

  // The first code: the button counts down 60 s and stays disabled.
  const sent = await verifyEmailUpToSend(page, t, account.email);
  expect(sent.status()).toBe(200);
  const first = (await sent.json()) as { data: { retryAfterSeconds: number } };
  expect(first.data.retryAfterSeconds).toBe(60);
  await shown(page.getByRole('status').filter({ hasText: account.email }));
  await expectCountingDown(page, t, 60);
  await pageShot(page, `register-code-sent-${c.label}`);

  // Changing the e-mail back and asking again before 60 s: the server refuses, the button counts down from its
  // retryAfterSeconds and the refusal is shown.
  await page.getByRole('button', { name: exact(t('account:verify.changeEmail')) }).click();
  const again = await verifyEmailUpToSend(page, t, account.email);
  expect(again.status()).toBe(429);
  const refused = (await again.json()) as { code: string; message: string; data: { retryAfterSeconds: number } };
  expect(refused.code).toBe('Verification.TooManyRequests');
  expect(refused.data.retryAfterSeconds).toBeGreaterThan(0);
  expect(refused.data.retryAfterSeconds).toBeLessThanOrEqual(60);
  await shown(page.getByRole('alert').filter({ hasText: refused.message }));
  await expectCountingDown(page, t, refused.data.retryAfterSeconds);
  await pageShot(page, `register-resend-refused-${c.label}`);

  // The first code is still good.
  await enterEmailCode(page, t, account.email);
  await shown(page.getByText(t('account:register.passwordSubtitle')));
  await fillRegisterDetails(page, t, account);
  await pageShot(page, `register-password-${c.label}`);
  const [res] = await Promise.all([
    page.waitForResponse(isApi('/account/register')),
    page.getByRole('button', { name: exact(t('account:register.submit')) }).click(),
  ]);
  expect(res.status()).toBe(200);
  await waitForPath(page, '/');
  await shown(page.getByText(t('account:register.welcome')));
  const menu = await shown(accountButton(page, t, account.nickname));
  if (!c.phone) expect(await visibleText(menu)).toContain(account.nickname);
  await pageShot(page, `register-done-${c.label}`);
}

async function findPassword(page: Page, c: Case, t: T, email: string, password: string) {
  // From the sign-in page's 'Forgot password?' link, clicked once with the mouse (the e-mail field, focused on
  // load, must not validate on blur and push the link away between mousedown and mouseup).
  await page.getByRole('link', { name: exact(t('account:login.forgot')) }).click();
  await waitForPath(page, '/account/find-password');
  await shown(page.getByRole('heading', { name: exact(t('account:findPassword.title')) }));
  const sent = await verifyEmailUpToSend(page, t, email);
  expect(sent.status()).toBe(200);
  await enterEmailCode(page, t, email);

  // Step 2: a new password within the 5-minute window.
  const countdown = await shown(page.getByTestId('reset-countdown'));
  expect(await visibleText(countdown)).toContain(t('account:findPassword.window'));
  expect(await visibleText(countdown)).toMatch(/\b[45]:\d\d\b/);
  const form = page.getByRole('form', { name: t('account:findPassword.steps.reset') });
  await byLabel(form, t('account:fields.newPassword')).fill(password);
  await byLabel(form, t('account:fields.confirmPassword')).fill(password);
  await pageShot(page, `find-password-reset-${c.label}`);
  const [res] = await Promise.all([
    page.waitForResponse(isApi('/account/retrieve-password-step2')),
    form.getByRole('button', { name: exact(t('account:findPassword.submit')) }).click(),
  ]);
  expect(res.status()).toBe(200);
  const done = await shown(page.getByRole('status').filter({ hasText: t('account:findPassword.doneTitle') }));
  await pageShot(page, `find-password-done-${c.label}`);
  await done.getByRole('link', { name: exact(t('account:findPassword.toLogin')) }).click();
  await page.waitForURL((url) => url.pathname === '/account/login' && url.searchParams.get('email') === email);
  expect(await byLabel(page, t('account:fields.email')).inputValue()).toBe(email);
}

describe('register, sign out, sign in and find password', () => {
  const browser = useBrowser();

  for (const c of CASES) {
    it(`the whole journey with the code countdown (${c.label})`, async () => {
      const t = texts(c.lang);
      const account = {
        email: uniqueEmail(`acc-${c.lang}-${c.width}`),
        password: passwordFor('a'),
        nickname: nicknameFor(c.lang, String(c.width)),
      };
      await withPage(browser(), c, async (page) => {
        await register(page, c, t, account);

        // Sign out from the account popup (not a console page: the page reloads, signed out).
        await signOut(page, t, account.nickname);
        await shown(
          page
            .getByRole('banner')
            .getByRole('link', { name: exact(t('common:actions.login')) })
            .filter({ visible: true }),
        );

        // Sign in again; ?redirect= is honoured.
        await goto(page, `/account/login?redirect=${encodeURIComponent('/console/user/info?tab=profile')}`);
        const wrong = await submitSignIn(page, t, account.email, `${account.password}x`);
        expect(wrong.status()).toBe(401);
        await shown(page.getByTestId('login-error'));
        await pageShot(page, `login-wrong-password-${c.label}`);
        const ok = await submitSignIn(page, t, account.email, account.password);
        expect(ok.status()).toBe(200);
        await waitForPath(page, '/console/user/info?tab=profile');
        await shown(accountButton(page, t, account.nickname));

        // Sign out from a console page: to the sign-in page with the way back.
        await signOut(page, t, account.nickname);
        await waitForPath(page, `/account/login?redirect=${encodeURIComponent('/console/user/info?tab=profile')}`);

        // Find password, then sign in with the new one (the old one no longer works).
        const renewed = passwordFor('b');
        await findPassword(page, c, t, account.email, renewed);
        const old = await submitSignIn(page, t, account.email, account.password);
        expect(old.status()).toBe(401);
        const fresh = await submitSignIn(page, t, account.email, renewed);
        expect(fresh.status()).toBe(200);
        await waitForPath(page, '/');
        await shown(accountButton(page, t, account.nickname));
      });
    });
  }
});
