import { SUPPORT } from '@namebourse/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goto, horizontalOverflow, type Lang } from './browser.ts';
import { CASES, type Case, exact, pageShot, shown, texts, useBrowser, visibleText, withPage } from './journey.ts';

type T = ReturnType<typeof texts>;

const FEEDBACK_API = '**/api/general/service/feedback';

/** Field messages the form shows (the contract's FIELD_MESSAGES). */
const FIELD_TEXT: Record<Lang, { required: string; email: string; tooShort: string }> = {
  'zh-CN': { required: '此项为必填项', email: '请输入有效的邮箱地址', tooShort: '内容过短（至少 10 个字符）' },
  'en-US': {
    required: 'This field is required',
    email: 'Please enter a valid email address',
    tooShort: 'Too short (at least 10 characters)',
  },
};

/** What a person types; the Chinese journey types Chinese. */
const SAMPLE: Record<Lang, { name: string; email: string; content: string }> = {
  'zh-CN': {
    name: '王小明',
    email: 'xiaoming.wang@example.com',
    content: '请问竞得的域名多久可以转出到其他注册商？谢谢！',
  },
  'en-US': {
    name: 'Alex Chen',
    email: 'alex.chen@example.com',
    content: 'How long after winning can I transfer a domain to my own registrar?',
  },
};

function fields(page: Page, t: T) {
  const form = page.getByRole('form', { name: t('support:feedback.title') });
  return {
    form,
    name: form.getByRole('textbox', { name: t('support:feedback.name') }),
    email: form.getByRole('textbox', { name: t('support:feedback.email') }),
    category: form.getByRole('combobox', { name: t('support:feedback.category') }),
    content: form.getByRole('textbox', { name: t('support:feedback.message') }),
    submit: form.getByRole('button', { name: exact(t('support:feedback.submit')) }),
  };
}

/** The helper text under a field (MUI links it with aria-describedby). */
async function helperOf(page: Page, field: ReturnType<typeof fields>['name']): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    ids
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => visibleText(page.locator(`[id="${id}"]`))),
  );
  return texts.join(' ');
}

async function chooseCategory(page: Page, t: T, category: string) {
  const f = fields(page, t);
  await f.category.click();
  await page.getByRole('option', { name: exact(t(`support:feedback.categories.${category}`)) }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  expect(await visibleText(f.category)).toBe(t(`support:feedback.categories.${category}`));
}

/** Contact details and the form as the page first shows them. */
async function expectContactPage(page: Page, c: Case, t: T) {
  const main = page.getByRole('main');
  await shown(main.getByRole('heading', { level: 1, name: exact(t('support:contact.title')) }));
  const hours = await shown(main.getByRole('heading', { name: exact(t('support:contact.hoursTitle')) }));
  expect(await hours.isVisible()).toBe(true);
  await shown(
    main.getByText(t('support:contact.hoursValue', { open: SUPPORT.hours.open, close: SUPPORT.hours.close }), {
      exact: true,
    }),
  );
  await shown(main.getByText(t('support:contact.hoursNote')));
  for (const mailbox of ['service@namebourse.com', 'business@namebourse.com']) {
    const link = await shown(main.getByRole('link', { name: mailbox }));
    expect(await link.getAttribute('href')).toBe(`mailto:${mailbox}`);
  }
  await shown(main.getByRole('heading', { name: exact(t('support:contact.serviceTitle')) }));
  await shown(main.getByRole('heading', { name: exact(t('support:contact.businessTitle')) }));

  const f = fields(page, t);
  await shown(f.form);
  await shown(main.getByRole('heading', { name: exact(t('support:feedback.title')) }));
  for (const field of [f.name, f.email, f.category, f.content]) await shown(field);
  expect(await f.name.getAttribute('placeholder')).toBe(t('support:feedback.namePlaceholder'));
  expect(await f.content.getAttribute('placeholder')).toBe(t('support:feedback.messagePlaceholder'));
  expect(await helperOf(page, f.content)).toContain(t('support:feedback.messageHint', { min: 10 }));
  expect(await helperOf(page, f.content)).toContain(t('support:feedback.counter', { length: 0, max: 2000 }));
  expect(await horizontalOverflow(page)).toBe(0);
  await pageShot(page, `contact-${c.label}`);
}

/** Submitting the empty form, then a half-valid one, shows localised messages under the fields. */
async function expectFieldErrors(page: Page, c: Case, t: T) {
  const f = fields(page, t);
  const messages = FIELD_TEXT[c.lang];
  let posted = 0;
  const countPosts = (request: { url: () => string; method: () => string }) => {
    if (request.method() === 'POST' && request.url().includes('/api/general/service/feedback')) posted++;
  };
  page.on('request', countPosts);

  await f.submit.click();
  for (const field of [f.name, f.email, f.category, f.content]) {
    await page.waitForFunction((el) => el?.getAttribute('aria-invalid') === 'true', await field.elementHandle());
  }
  expect(await helperOf(page, f.name)).toBe(messages.required);
  expect(await helperOf(page, f.email)).toBe(messages.required);
  expect(await helperOf(page, f.content)).toContain(messages.required);
  expect(await page.getByText(messages.required, { exact: true }).count()).toBe(4);
  // The first field with an error takes the focus.
  expect(await f.name.evaluate((el) => el === document.activeElement)).toBe(true);
  await pageShot(page, `contact-errors-${c.label}`);

  await f.name.fill(SAMPLE[c.lang].name);
  await f.email.fill('not-an-email');
  await f.content.fill('too short');
  await f.submit.click();
  await shown(page.getByText(messages.email, { exact: true }));
  await shown(page.getByText(messages.tooShort, { exact: true }));
  expect(await f.name.getAttribute('aria-invalid')).toBe('false');
  expect(await helperOf(page, f.email)).toBe(messages.email);
  expect(await helperOf(page, f.content)).toContain(messages.tooShort);
  expect(await helperOf(page, f.content)).toContain(t('support:feedback.counter', { length: 9, max: 2000 }));
  expect(posted).toBe(0);
  page.off('request', countPosts);
}

async function fillValid(page: Page, c: Case, t: T) {
  const f = fields(page, t);
  const sample = SAMPLE[c.lang];
  await f.name.fill(`  ${sample.name} `);
  await f.email.fill(sample.email);
  await chooseCategory(page, t, 'domain');
  await f.content.fill(sample.content);
  expect(await helperOf(page, f.content)).toContain(
    t('support:feedback.counter', { length: sample.content.length, max: 2000 }),
  );
}

describe('contact us and the feedback form', () => {
  const browser = useBrowser();

  for (const c of CASES) {
    // Two real submissions in all (the server allows 5 per 10 minutes from one address); the other two cases
    // meet a refusing server instead.
    const real = (c.lang === 'zh-CN') === c.phone;

    it(`contact details, field errors and ${real ? 'a successful submission' : 'a refusal that keeps the text'} (${c.label})`, async () => {
      const t = texts(c.lang);
      const sample = SAMPLE[c.lang];
      await withPage(browser(), c, async (page) => {
        await goto(page, '/contact-us');
        await expectContactPage(page, c, t);
        await expectFieldErrors(page, c, t);
        await fillValid(page, c, t);
        const f = fields(page, t);

        if (real) {
          const [response] = await Promise.all([
            page.waitForResponse((res) => res.url().endsWith('/api/general/service/feedback')),
            f.submit.click(),
          ]);
          expect(response.status()).toBe(200);
          const body = (await response.json()) as { code: string; data: { feedbackId: string } };
          expect(body.code).toBe('200');
          expect(body.data.feedbackId).toMatch(/^FB\d{14}$/);
          // The values went trimmed, as typed.
          expect(response.request().postDataJSON()).toEqual({
            name: sample.name,
            email: sample.email,
            category: 'domain',
            content: sample.content,
          });
          expect(await response.request().headerValue('idempotency-key')).toBeTruthy();

          const success = await shown(page.getByRole('status').filter({ hasText: t('support:feedback.successTitle') }));
          await shown(success.getByRole('heading', { name: exact(t('support:feedback.successTitle')) }));
          expect(await visibleText(success)).toContain(t('support:feedback.successBody'));
          expect(await visibleText(success)).toContain(t('support:feedback.reference'));
          expect(await visibleText(success.getByTestId('feedback-id'))).toBe(body.data.feedbackId);
          expect(await f.form.count()).toBe(0);
          await pageShot(page, `contact-success-${c.label}`);

          // 'Send another message' brings back an empty form.
          await success.getByRole('button', { name: exact(t('support:feedback.sendAnother')) }).click();
          await shown(f.form);
          expect(await f.name.inputValue()).toBe('');
          expect(await f.content.inputValue()).toBe('');
        } else {
          const refusal = c.lang === 'zh-CN' ? '该邮箱暂时无法接收回复' : 'This mailbox cannot receive replies';
          let sent: unknown;
          await page.route(FEEDBACK_API, async (route) => {
            sent = route.request().postDataJSON();
            await route.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({
                code: 'Request.Invalid',
                message:
                  c.lang === 'zh-CN'
                    ? '请求参数有误，请检查后重试'
                    : 'Some fields are invalid. Please check and try again',
                data: { fields: { email: refusal } },
                traceId: 'e2e-trace-refused',
              }),
            });
          });
          await f.submit.click();
          const alert = await shown(page.getByRole('alert').filter({ hasText: t('support:feedback.errorTitle') }));
          expect(await visibleText(alert)).toContain(
            c.lang === 'zh-CN' ? '请求参数有误，请检查后重试' : 'Some fields are invalid. Please check and try again',
          );
          await shown(page.getByText(refusal, { exact: true }));
          expect(await helperOf(page, f.email)).toBe(refusal);
          expect(await f.email.getAttribute('aria-invalid')).toBe('true');
          expect(await f.email.evaluate((el) => el === document.activeElement)).toBe(true);
          expect(sent).toEqual({ name: sample.name, email: sample.email, category: 'domain', content: sample.content });

          // Everything typed is still there.
          expect(await f.name.inputValue()).toBe(`  ${sample.name} `);
          expect(await f.email.inputValue()).toBe(sample.email);
          expect(await visibleText(f.category)).toBe(t('support:feedback.categories.domain'));
          expect(await f.content.inputValue()).toBe(sample.content);

          // The trace id can be revealed for support.
          await alert.getByRole('button', { name: exact(t('api:errorView.showDetails')) }).click();
          await shown(alert.getByText('e2e-trace-refused'));
          await pageShot(page, `contact-refused-${c.label}`);
        }
      });
    });
  }
});
