import { randomBytes } from 'node:crypto';
import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, goto, type Lang } from './browser.ts';
import { escapeRegExp, exact, shown, type texts, waitForPath } from './journey.ts';

/** Account helpers for the journeys: dev tools (outbox, clock), the e-mail verification steps, sign in and out. */

export type T = ReturnType<typeof texts>;

interface Envelope<D> {
  code: string;
  message?: string;
  data: D;
}

interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  code: string | null;
  createdAt: string;
}

async function devGet<D>(path: string): Promise<D> {
  const res = await fetch(`${baseUrl()}/api/dev/${path}`);
  const body = (await res.json()) as Envelope<D>;
  if (!res.ok || body.code !== '200') throw new Error(`GET /api/dev/${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** A fresh address per journey (the server limits codes per address, and each case registers its own account). */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${randomBytes(4).toString('hex')}@example.com`.toLowerCase();
}

/** A fresh mainland mobile number (E.164 without the '+86': 11 digits starting 139). */
export function uniquePhone(): string {
  return `139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
}

/** The messages sent to an address or +E164 number, newest first. */
export async function outbox(to: string): Promise<OutboxMessage[]> {
  return (await devGet<{ items: OutboxMessage[] }>(`outbox?to=${encodeURIComponent(to)}`)).items;
}

/** The code of the newest message to `to` (the send has completed when the response came back). */
export async function latestCode(to: string): Promise<string> {
  // Notices are e-mailed too: the newest mail that carries a code.
  const newest = (await outbox(to)).find((m) => m.code);
  if (!newest?.code) throw new Error(`No code in the outbox for ${to}`);
  return newest.code;
}

/** The server's business time (the manual clock: it starts at real time and moves only when told). */
export async function serverNow(): Promise<Date> {
  return new Date((await devGet<{ now: string }>('clock')).now);
}

/** A password the policy accepts (8–20 characters, three classes). */
export function passwordFor(tag: string): string {
  return `Nb-${tag}-${randomBytes(2).toString('hex')}9`;
}

/** A field by its label; MUI appends ' *' to required labels. */
export function byLabel(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^\\s*${escapeRegExp(label)}(\\s*\\*)?\\s*$`));
}

export function isApi(path: string) {
  return (res: Response) => new URL(res.url()).pathname === `/api${path}` && res.request().method() !== 'OPTIONS';
}

/** The 'send code' button of a form (its label changes while it counts down). */
export function codeButton(scope: Page | Locator, t: T): Locator {
  const send = escapeRegExp(t('api:code.send'));
  const resend = escapeRegExp(t('api:code.resendIn', { seconds: '§' })).replace('§', '\\d+');
  const sending = escapeRegExp(t('api:code.sending'));
  return scope.getByRole('button', { name: new RegExp(`^\\s*(${send}|${resend}|${sending})\\s*$`) });
}

/** The seconds a counting-down button shows (undefined when it is not counting down). */
export async function countdownOf(button: Locator, t: T): Promise<number | undefined> {
  const label = (await button.innerText()).trim();
  const pattern = new RegExp(`^${escapeRegExp(t('api:code.resendIn', { seconds: '§' })).replace('§', '(\\d+)')}$`);
  const match = pattern.exec(label);
  return match ? Number(match[1]) : undefined;
}

/** Ticks the ALTCHA checkbox and waits until the server accepted the solution (the code step shows). */
export async function passCaptcha(page: Page, t: T): Promise<void> {
  const box = await shown(page.getByTestId('captcha').locator('input[type="checkbox"]'));
  const [verified] = await Promise.all([
    page.waitForResponse(isApi('/account/verify-intelligent-captcha'), { timeout: 30_000 }),
    box.click({ force: true }),
  ]);
  expect(verified.status()).toBe(200);
  await shown(byLabel(page, t('account:fields.code')));
}

/**
 * The shared e-mail verification up to a sent code: e-mail → Continue → captcha → Send code.
 * Returns the send response.
 */
export async function verifyEmailUpToSend(page: Page, t: T, email: string): Promise<Response> {
  const emailField = await shown(byLabel(page, t('account:fields.email')));
  await emailField.fill(email);
  await page.getByRole('button', { name: exact(t('account:verify.next')) }).click();
  await shown(page.getByTestId('verify-email').getByText(email, { exact: true }));
  await passCaptcha(page, t);
  const [sent] = await Promise.all([
    page.waitForResponse(isApi('/account/send-verification-code')),
    codeButton(page, t).click(),
  ]);
  return sent;
}

/** Types the code from the outbox and continues. */
export async function enterEmailCode(page: Page, t: T, email: string): Promise<void> {
  await byLabel(page, t('account:fields.code')).fill(await latestCode(email));
  await page.getByRole('button', { name: exact(t('account:verify.next')) }).click();
}

/** The account button of the top bar ('Account menu for <nickname>'). */
export function accountButton(page: Page, t: T, nickname: string): Locator {
  return page.getByRole('banner').getByRole('button', { name: exact(t('shell:account.menu', { name: nickname })) });
}

/** Opens the account popup and logs out. */
export async function signOut(page: Page, t: T, nickname: string): Promise<void> {
  // The popup can close under a re-render of the page behind it (lists still loading): open it again then.
  let res: Response | undefined;
  for (let attempt = 0; attempt < 3 && !res; attempt++) {
    // On phones a toast ('Multi-factor sign-in is on') lies over the top bar and takes the clicks
    // meant for the account button: close the toasts first.
    for (const close of await page.locator('.MuiSnackbar-root button').all()) {
      await close.click({ timeout: 2_000 }).catch(() => undefined);
    }
    const item = page.getByRole('menuitem', { name: exact(t('shell:account.logout')) });
    if (!(await item.isVisible())) await accountButton(page, t, nickname).click();
    [res] = await Promise.all([
      page.waitForResponse(isApi('/account/logout'), { timeout: 10_000 }).catch(() => undefined),
      (await shown(item)).click().catch(() => undefined),
    ]);
  }
  expect(res?.status()).toBe(200);
  await accountButton(page, t, nickname).waitFor({ state: 'detached' });
}

/** Fills the sign-in form and submits it; resolves with the login response. */
export async function submitSignIn(page: Page, t: T, email: string, password: string): Promise<Response> {
  const form = await shown(page.getByRole('form', { name: t('account:login.title') }));
  await byLabel(form, t('account:fields.email')).fill(email);
  await byLabel(form, t('account:fields.password')).fill(password);
  const [res] = await Promise.all([
    page.waitForResponse(isApi('/account/login')),
    form.getByRole('button', { name: exact(t('account:login.submit')) }).click(),
  ]);
  return res;
}

/** Registers through /account/register (e-mail, captcha, code, password, agreement) and waits until signed in. */
export async function registerThroughPage(
  page: Page,
  t: T,
  account: { email: string; password: string; nickname: string },
  redirect = '/',
): Promise<void> {
  await goto(
    page,
    redirect === '/' ? '/account/register' : `/account/register?redirect=${encodeURIComponent(redirect)}`,
  );
  const sent = await verifyEmailUpToSend(page, t, account.email);
  expect(sent.status()).toBe(200);
  await enterEmailCode(page, t, account.email);
  await fillRegisterDetails(page, t, account);
  const [res] = await Promise.all([
    page.waitForResponse(isApi('/account/register')),
    page.getByRole('button', { name: exact(t('account:register.submit')) }).click(),
  ]);
  expect(res.status()).toBe(200);
  await waitForPath(page, redirect);
  await shown(accountButton(page, t, account.nickname));
}

/** The password step of registration. */
export async function fillRegisterDetails(
  page: Page,
  t: T,
  account: { password: string; nickname: string },
): Promise<void> {
  const form = await shown(page.getByRole('form', { name: t('account:register.title') }));
  await byLabel(form, t('account:fields.newPassword')).fill(account.password);
  await byLabel(form, t('account:fields.confirmPassword')).fill(account.password);
  await byLabel(form, t('account:fields.nickname')).fill(account.nickname);
  await form.getByRole('checkbox').check();
}

/** A nickname a person of that language might pick (≤ 20 characters). */
export function nicknameFor(lang: Lang, tag: string): string {
  return lang === 'zh-CN' ? `小明${tag}` : `Alex ${tag}`;
}

/** A call from the page, as the app makes it: cookies, the CSRF header, one refresh on an expired session. */
export async function api<D>(page: Page, method: string, path: string, body?: unknown): Promise<Envelope<D>> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const cookie = () =>
        decodeURIComponent(
          document.cookie
            .split('; ')
            .find((c) => c.startsWith('XSRF-TOKEN='))
            ?.slice('XSRF-TOKEN='.length) ?? '',
        );
      if (!cookie()) await fetch('/api/account/csrf', { credentials: 'include' });
      const call = () =>
        fetch(`/api${path}`, {
          method,
          credentials: 'include',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': cookie() },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      let res = await call();
      if (res.status === 401) {
        await fetch('/api/account/refresh-token', {
          method: 'POST',
          credentials: 'include',
          headers: { 'x-xsrf-token': cookie() },
        });
        res = await call();
      }
      return res.json();
    },
    { method, path, body },
  ) as Promise<Envelope<D>>;
}

/** Completes the contact information (a verified mobile number) through the API: bidding needs it. */
export async function completeContactInfo(page: Page, lastName: string): Promise<void> {
  const phone = uniquePhone();
  const sent = await api(page, 'POST', '/account/send-verification-code', {
    sceneCode: 'UPDATE_CONTACT_PHONE',
    phone,
    phoneCountryCode: '86',
  });
  expect(sent.code).toBe('200');
  const saved = await api<{ isComplete: boolean }>(page, 'POST', '/account-manage/save-contact-info', {
    firstName: 'San',
    lastName,
    company: '',
    phone,
    phoneCountryCode: '86',
    verifyCode: await latestCode(`+86${phone}`),
  });
  expect(saved.data.isComplete).toBe(true);
}
