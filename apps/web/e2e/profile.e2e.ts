import { FIELD_MESSAGES, fieldMessage } from '@namebourse/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  byLabel,
  codeButton,
  latestCode,
  nicknameFor,
  passwordFor,
  registerThroughPage,
  type T,
  uniqueEmail,
  uniquePhone,
} from './accounts.ts';
import { baseUrl, horizontalOverflow, type Lang } from './browser.ts';
import { CASES, type Case, escapeRegExp, exact, pageShot, shown, texts, useBrowser, withPage } from './journey.ts';

/** /console/user/info: contact information with a phone code, then the billing address with region pickers. */

interface Region {
  c: string;
  n: string;
  v: string;
  s: Region[];
}

const FIELD_TEXT: Record<Lang, { postal: string; taxId: string }> = {
  'zh-CN': {
    postal: fieldMessage('postalCodeFormat', 'zh-CN', { example: '518057' }),
    taxId: FIELD_MESSAGES.taxIdUscc['zh-CN'],
  },
  'en-US': {
    postal: fieldMessage('postalCodeFormat', 'en-US', { example: '518057' }),
    taxId: FIELD_MESSAGES.taxIdUscc['en-US'],
  },
};

const SAMPLE: Record<Lang, { first: string; last: string; city: string; address: string }> = {
  'zh-CN': { first: '小明', last: '王', city: '北京', address: '朝阳区建国路 88 号 SOHO 现代城 A 座 1201' },
  'en-US': { first: 'Alex', last: 'Chen', city: 'Beijing', address: 'Unit 1201, Tower A, 88 Jianguo Road, Chaoyang' },
};

let regions: Region[] = [];

function nameOf(region: Region, lang: Lang): string {
  return lang === 'zh-CN' ? region.v : region.n;
}

/** An Autocomplete picker (its list is labelled like the input, so by role). */
function picker(page: Page, label: string) {
  return page.getByRole('combobox', { name: new RegExp(`^\\s*${escapeRegExp(label)}(\\s*\\*)?\\s*$`) });
}

async function pick(page: Page, label: string, option: string) {
  const box = picker(page, label);
  await box.click();
  await box.fill(option);
  await page.getByRole('option', { name: exact(option) }).click();
  expect(await box.inputValue()).toBe(option);
}

async function fillContact(page: Page, c: Case, t: T) {
  const sample = SAMPLE[c.lang];
  const banner = await shown(page.getByTestId('incomplete-banner'));
  await shown(page.getByRole('tab', { name: t('profile:tabs.contact'), selected: true }));
  await pageShot(page, `profile-contact-incomplete-${c.label}`);
  await byLabel(page, t('profile:contact.firstName')).fill(sample.first);
  await byLabel(page, t('profile:contact.lastName')).fill(sample.last);
  expect(await picker(page, t('profile:phone.dialCode')).inputValue()).toBe('+86');
  const phone = uniquePhone();
  await byLabel(page, t('profile:contact.phone')).fill(phone);
  // A new number needs a code sent to it.
  const [sent] = await Promise.all([
    page.waitForResponse((res) => res.url().endsWith('/api/account/send-verification-code')),
    codeButton(page, t).click(),
  ]);
  expect(sent.status()).toBe(200);
  expect(await codeButton(page, t).isDisabled()).toBe(true);
  await byLabel(page, t('profile:phone.code')).fill(await latestCode(`+86${phone}`));
  await pageShot(page, `profile-contact-filled-${c.label}`);
  await page.getByRole('button', { name: exact(t('profile:actions.save')) }).click();
  await shown(page.getByText(t('profile:contact.saved'), { exact: true }).first());
  await banner.waitFor({ state: 'detached' });
  await shown(page.getByText(t('profile:status.complete'), { exact: true }));
}

async function fillBilling(page: Page, c: Case, t: T) {
  const sample = SAMPLE[c.lang];
  await page.getByRole('tab', { name: t('profile:tabs.billing') }).click();
  await page.waitForURL((url) => url.searchParams.get('tab') === 'billing');
  const china = regions.find((r) => r.c === 'CN') as Region;
  const flat = regions.find((r) => r.s.length === 0) as Region;
  const beijing = china.s.find((s) => s.n === 'Beijing') ?? (china.s[0] as Region);
  const country = await shown(picker(page, t('profile:billing.country')));
  expect(await country.inputValue()).toBe(nameOf(china, c.lang));

  // A country without provinces hides the province picker; China brings it back with its list.
  await pick(page, t('profile:billing.country'), nameOf(flat, c.lang));
  await picker(page, t('profile:billing.province')).waitFor({ state: 'detached' });
  await pick(page, t('profile:billing.country'), nameOf(china, c.lang));
  const province = await shown(picker(page, t('profile:billing.province')));
  await province.click();
  expect(await page.getByRole('option').count()).toBe(china.s.length);
  await page.keyboard.press('Escape');
  await pick(page, t('profile:billing.province'), nameOf(beijing, c.lang));

  await byLabel(page, t('profile:billing.city')).fill(sample.city);
  await byLabel(page, t('profile:billing.address')).fill(sample.address);
  await byLabel(page, t('profile:billing.postalCode')).fill('10000A');
  await byLabel(page, t('profile:billing.taxId')).fill('XYZ');
  await page.getByRole('button', { name: exact(t('profile:actions.save')) }).click();
  await shown(page.getByText(FIELD_TEXT[c.lang].postal, { exact: true }));
  await shown(page.getByText(FIELD_TEXT[c.lang].taxId, { exact: true }));
  expect(await horizontalOverflow(page)).toBe(0);
  await pageShot(page, `profile-billing-errors-${c.label}`);

  await byLabel(page, t('profile:billing.postalCode')).fill('100022');
  await byLabel(page, t('profile:billing.taxId')).fill('');
  const [saved] = await Promise.all([
    page.waitForResponse((res) => res.request().method() === 'POST' && /billing/i.test(res.url())),
    page.getByRole('button', { name: exact(t('profile:actions.save')) }).click(),
  ]);
  expect(saved.status()).toBe(200);
  await shown(page.getByText(t('profile:billing.saved'), { exact: true }).first());
  await pageShot(page, `profile-billing-saved-${c.label}`);
}

describe('contact information and billing address', () => {
  const browser = useBrowser();
  beforeAll(async () => {
    regions = (await (await fetch(`${baseUrl()}/region-data.json`)).json()) as Region[];
  });

  for (const c of CASES) {
    it(`contact with a phone code, billing with region pickers and field checks (${c.label})`, async () => {
      const t = texts(c.lang);
      const account = {
        email: uniqueEmail(`pro-${c.lang}-${c.width}`),
        password: passwordFor('p'),
        nickname: nicknameFor(c.lang, `p${c.width}`),
      };
      await withPage(browser(), c, async (page) => {
        await registerThroughPage(page, t, account, '/console/user/info');
        await fillContact(page, c, t);
        await fillBilling(page, c, t);
      });
    });
  }
});
