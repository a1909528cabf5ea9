import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accountButton,
  isApi,
  nicknameFor,
  passwordFor,
  registerThroughPage,
  serverNow,
  signOut,
  submitSignIn,
  type T,
  uniqueEmail,
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
  viewportShot,
  visibleText,
  waitForPath,
  withPage,
} from './journey.ts';

/**
 * Security centre: bind an authenticator, turn on sign-in MFA, sign in through the MFA dialog (a wrong code
 * first); then the access-key page in its locked state.
 *
 * TOTP codes are computed at the server's manual clock, which does not move here: the server accepts the
 * steps either side of now and each step once, so binding uses the previous step, turning MFA on the current
 * one and the sign-in the next one.
 */
async function totp(secret: string, stepOffset: -1 | 0 | 1): Promise<string> {
  const epoch = Math.floor((await serverNow()).getTime() / 1000) + stepOffset * 30;
  return generate({ secret, epoch });
}

function mfaDialog(page: Page, t: T) {
  return page.getByRole('dialog', { name: t('api:mfa.title') });
}

async function bindAuthenticator(page: Page, c: Case, t: T): Promise<string> {
  const row = page.locator('#authenticator');
  await row.getByRole('button', { name: exact(t('security:authenticator.bind')) }).click();
  const dialog = await shown(page.getByRole('dialog', { name: t('security:authenticator.bindTitle') }));
  await shown(dialog.getByTestId('authenticator-qr'));
  const secret = (await visibleText(await shown(dialog.getByTestId('authenticator-secret')))).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await viewportShot(page, `security-bind-${c.label}`);
  await dialog.getByTestId('authenticator-code').fill(await totp(secret, -1));
  const [res] = await Promise.all([
    page.waitForResponse(isApi('/account-manage/bind-authenticator')),
    dialog.getByRole('button', { name: exact(t('security:authenticator.bind')) }).click(),
  ]);
  expect(res.status()).toBe(200);
  await dialog.waitFor({ state: 'detached' });
  await shown(page.getByText(t('security:authenticator.bound'), { exact: true }).first());
  await shown(row.getByText(t('security:status.bound'), { exact: true }));
  return secret;
}

async function turnOnLoginMfa(page: Page, t: T, secret: string) {
  const toggle = page.getByRole('switch', { name: t('security:loginMfa.title') });
  expect(await toggle.isChecked()).toBe(false);
  expect(await toggle.isEnabled()).toBe(true);
  await toggle.click();
  // A sensitive change: the MFA dialog asks for the authenticator.
  const dialog = await shown(mfaDialog(page, t));
  await dialog.getByLabel(t('api:mfa.method.AUTHENTICATOR')).fill(await totp(secret, 0));
  const [res] = await Promise.all([
    page.waitForResponse(isApi('/account-manage/update-login-mfa')),
    dialog.getByRole('button', { name: exact(t('api:mfa.submit')) }).click(),
  ]);
  expect(res.status()).toBe(200);
  await dialog.waitFor({ state: 'detached' });
  await shown(page.getByText(t('security:loginMfa.enabledToast'), { exact: true }).first());
  expect(await toggle.isChecked()).toBe(true);
}

async function signInWithMfa(page: Page, c: Case, t: T, email: string, password: string, secret: string) {
  const first = await submitSignIn(page, t, email, password);
  expect(((await first.json()) as { code: string }).code).toBe('Account.Mfa.Required');
  const dialog = await shown(mfaDialog(page, t));
  const field = dialog.getByLabel(t('api:mfa.method.AUTHENTICATOR'));
  await shown(field);
  expect(await visibleText(dialog.getByTestId('mfa-attempts'))).toBe(t('api:mfa.attemptsLeft', { attempts: 5 }));
  await viewportShot(page, `mfa-dialog-${c.label}`);

  // A wrong code costs an attempt.
  const right = await totp(secret, 1);
  const wrong = right === '000000' ? '111111' : '000000';
  await field.fill(wrong);
  const [retry] = await Promise.all([
    // The dialog answers the challenge by retrying the sign-in with the factors.
    page.waitForResponse((res) => isApi('/account/login')(res) || isApi('/account/mfa/verify')(res)),
    dialog.getByRole('button', { name: exact(t('api:mfa.submit')) }).click(),
  ]);
  expect(((await retry.json()) as { code: string }).code).toBe('Account.Mfa.Required.Retry');
  await shown(dialog.getByTestId('mfa-error'));
  await page.waitForFunction(({ el, want }) => el?.textContent === want, {
    el: await dialog.getByTestId('mfa-attempts').elementHandle(),
    want: t('api:mfa.attemptsLeft', { attempts: 4 }),
  });
  await viewportShot(page, `mfa-dialog-wrong-code-${c.label}`);

  // The right one signs in.
  await field.fill(right);
  const [login] = await Promise.all([
    page.waitForResponse((res) => isApi('/account/login')(res) && res.status() === 200),
    dialog.getByRole('button', { name: exact(t('api:mfa.submit')) }).click(),
  ]);
  expect(login.status()).toBe(200);
  await dialog.waitFor({ state: 'detached' });
}

async function expectAccessKeysLocked(page: Page, c: Case, t: T) {
  await goto(page, '/console/user/api-keys');
  const locked = await shown(page.getByTestId('ak-locked'));
  await shown(locked.getByRole('heading', { name: exact(t('security:ak.locked.title')) }));
  for (const key of ['spent', 'available']) {
    const requirement = await shown(locked.getByTestId(`ak-requirement-${key}`));
    const shownText = await visibleText(requirement);
    expect(shownText).toContain(t(`security:ak.locked.${key}`));
    expect(shownText).toContain(t('security:ak.locked.notMet'));
  }
  await shown(locked.getByTestId('ak-locked-reason'));
  const contact = await shown(locked.getByRole('link', { name: exact(t('security:ak.locked.contact')) }));
  expect(await contact.getAttribute('href')).toBe('/contact-us');
  // No way to create a key while locked.
  expect(await page.getByRole('button', { name: /create|创建/i }).count()).toBe(0);
  expect(await horizontalOverflow(page)).toBe(0);
  await pageShot(page, `api-keys-locked-${c.label}`);
  await contact.click();
  await waitForPath(page, '/contact-us');
}

describe('security centre: authenticator, sign-in MFA, locked access keys', () => {
  const browser = useBrowser();

  for (const c of CASES) {
    it(`bind, turn on MFA, sign in with a wrong then the right code; locked API access (${c.label})`, async () => {
      const t = texts(c.lang);
      const account = {
        email: uniqueEmail(`sec-${c.lang}-${c.width}`),
        password: passwordFor('s'),
        nickname: nicknameFor(c.lang, `s${c.width}`),
      };
      await withPage(browser(), c, async (page) => {
        await registerThroughPage(page, t, account, '/console/user/security');
        await shown(page.locator('#authenticator'));
        // Without a phone or an authenticator, sign-in MFA cannot be turned on and says why.
        expect(await page.getByRole('switch', { name: t('security:loginMfa.title') }).isDisabled()).toBe(true);
        await shown(page.getByText(t('security:loginMfa.rule')));
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `security-centre-${c.label}`);

        const secret = await bindAuthenticator(page, c, t);
        await turnOnLoginMfa(page, t, secret);
        await pageShot(page, `security-mfa-on-${c.label}`);

        await signOut(page, t, account.nickname);
        await waitForPath(page, `/account/login?redirect=${encodeURIComponent('/console/user/security')}`);
        await signInWithMfa(page, c, t, account.email, account.password, secret);
        await waitForPath(page, '/console/user/security');
        await shown(accountButton(page, t, account.nickname));

        await expectAccessKeysLocked(page, c, t);
      });
    });
  }
});
