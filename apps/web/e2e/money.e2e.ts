import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nicknameFor, passwordFor, registerThroughPage, submitSignIn, type T, uniqueEmail } from './accounts.ts';
import { goto, horizontalOverflow, openContext } from './browser.ts';
import { type Case, CASES, pageShot, PAIRED_CASES, shown, texts, useBrowser, withPage } from './journey.ts';

/**
 * Money journeys (issue 4): top up through the sandbox provider's hosted page and see the balance, a declined
 * top-up, the transaction export; a wire payee approved by an operator in /admin, an operator adjustment, and a
 * $50 settlement followed to success.
 */

const OPERATOR = { email: 'admin@namebourse.com', password: 'Admin@2026' };

/** A 1×1 PNG (a real image: the server checks the bytes, not only the name). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function registered(page: Page, c: Case, t: T, tag: string) {
  const account = {
    email: uniqueEmail(`${tag}-${c.label}`),
    password: passwordFor(tag),
    nickname: nicknameFor(c.lang, tag),
  };
  await registerThroughPage(page, t, account);
  const accountNo = await page.evaluate(async () => {
    const res = await fetch('/api/account/check-login', { credentials: 'include' });
    return ((await res.json()) as { data: { accountNo: string } }).data.accountNo;
  });
  return { ...account, accountNo };
}

async function topUp(page: Page, amount: string, method: RegExp) {
  await goto(page, '/console/fund/recharge');
  await shown(page.getByTestId('fund-page'));
  await page.getByTestId('recharge-amount').fill(amount);
  await page.getByRole('radio', { name: method }).check();
  await page.getByTestId('recharge-submit').click();
  await page.waitForURL(/\/pay\/sandbox\//);
  await shown(page.getByTestId('sandbox-page'));
}

describe('top-up, declined top-up and export', () => {
  const browser = useBrowser();

  for (const c of CASES) {
    it(`tops up $20 through the sandbox, sees a decline, exports the history (${c.label})`, async () => {
      const t = texts(c.lang);
      await withPage(browser(), c, async (page) => {
        await registered(page, c, t, 'fund');

        // $20 by card: the hosted page, the signed webhook (asynchronous), the result page and the balance.
        await topUp(page, '20', /Bank card|银行卡/);
        await pageShot(page, `money-sandbox-${c.label}`);
        await page.getByTestId('sandbox-test-cards').getByRole('button').first().click();
        await page.getByLabel(/Name on card|持卡人姓名/).fill('Alex Chen');
        await page.getByTestId('sandbox-pay').click();
        await page.waitForURL(/\/console\/fund\/recharge\/result/);
        await shown(page.locator('[data-testid="recharge-result"][data-status="success"]'));
        expect(await page.getByTestId('result-new-balance-amount').innerText()).toContain('20.00');
        await pageShot(page, `money-topup-success-${c.label}`);

        await goto(page, '/console/fund/recharge');
        await expect.poll(() => page.getByTestId('balance-available-amount').innerText()).toContain('20.00');
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `money-fund-${c.label}`);

        // A declined Alipay top-up: failed, and the balance unchanged.
        await topUp(page, '10', /Alipay|支付宝/);
        await page.getByTestId('sandbox-decline').click();
        await page.waitForURL(/\/console\/fund\/recharge\/result/);
        await shown(page.locator('[data-testid="recharge-result"][data-status="failed"]'));
        await shown(page.getByTestId('result-failure-reason'));
        await pageShot(page, `money-topup-declined-${c.label}`);
        await goto(page, '/console/fund/recharge');
        await expect.poll(() => page.getByTestId('balance-available-amount').innerText()).toContain('20.00');

        // The history lists the top-up and exports it as CSV.
        await goto(page, '/console/fund/recharge?tab=history');
        await shown(page.locator('[data-testid="history-row"][data-type="recharge"]').first());
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByTestId('history-export-csv').click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/\.csv$/);
        const csv = readFileSync((await download.path()) as string, 'utf8');
        expect(csv).toMatch(/20(\.00)?/);
        expect(csv.split('\n').length).toBeGreaterThanOrEqual(2);
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `money-history-${c.label}`);
      });
    });
  }
});

async function operatorPage(browser: Browser, c: Case, t: T): Promise<Page> {
  const context = await openContext(browser, c);
  const page = await context.newPage();
  await goto(page, '/account/login?redirect=%2Fadmin');
  const res = await submitSignIn(page, t, OPERATOR.email, OPERATOR.password);
  expect(res.status()).toBe(200);
  await page.waitForURL(/\/admin/);
  await shown(page.getByTestId('admin-console'));
  return page;
}

async function confirmIn(page: Page, dialogId: string, label: RegExp, reason?: string) {
  const dialog = await shown(page.getByTestId(dialogId));
  if (reason) await dialog.getByRole('textbox').first().fill(reason);
  await dialog.getByRole('button', { name: label }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('payee approved by an operator, then a $50 settlement followed to success', () => {
  const browser = useBrowser();

  // One case per language, one at each width.
  for (const c of PAIRED_CASES) {
    it(`adds a wire payee, gets it approved, settles $50 by wire (${c.label})`, async () => {
      const t = texts(c.lang);
      await withPage(browser(), c, async (page) => {
        const user = await registered(page, c, t, 'payee');

        // The wire payee with an agreement image.
        await goto(page, '/console/fund/payees');
        await page.getByTestId('payee-add-wire').click();
        const editor = await shown(page.getByTestId('payee-editor'));
        await editor.locator('input[name="name"]').fill('Chen Xiaoming');
        await editor.locator('input[name="bankName"]').fill('Bank of China Hong Kong');
        await editor.locator('input[name="accountNumber"]').fill('012345678901');
        await editor.locator('input[value="personal"]').check();
        await editor.locator('[name="address"]').first().fill('88 Queensway, Admiralty, Hong Kong');
        await editor.locator('input[name="idNumber"]').fill('A1234567');
        await editor.locator('input[name="signatory"]').fill('Chen Xiaoming');
        await editor.getByTestId('payee-file-input').setInputFiles({
          name: 'agreement.png',
          mimeType: 'image/png',
          buffer: PNG,
        });
        await shown(editor.locator('[data-testid="payee-upload"][data-status="done"]'));
        await pageShot(page, `money-payee-form-${c.label}`);
        await editor.getByTestId('payee-save').click();
        await editor.waitFor({ state: 'hidden' });
        await shown(
          page.locator('[data-testid="payee-card-wire"] [data-testid="payee-status"][data-status="pending_review"]'),
        );

        // The operator approves it and credits $60 of earnings (a documented adjustment).
        const operator = await operatorPage(browser(), c, t);
        try {
          await goto(operator, '/admin/payees');
          const item = await shown(operator.getByTestId('payee-item').filter({ hasText: user.email }));
          await pageShot(operator, `money-admin-payees-${c.label}`);
          await item.getByRole('button', { name: /^\s*(Approve|通过)\s*$/ }).click();
          await confirmIn(operator, 'payee-review-dialog', /^\s*(Approve|通过)\s*$/);
          await operator.getByTestId('payee-item').filter({ hasText: user.email }).waitFor({ state: 'detached' });

          await goto(operator, `/admin/users/${user.accountNo}`);
          const adjust = await shown(operator.getByTestId('admin-adjust'));
          await adjust.getByRole('button', { name: /^\s*(Earnings|可结算收益)\s*$/ }).click();
          await adjust.getByLabel(/Amount in USD|金额（美元）/).fill('60');
          await adjust.getByLabel(/^\s*(Reason|原因)(\s*\*)?\s*$/).fill('Sale proceeds paid outside the platform');
          await adjust.getByRole('button', { name: /Review adjustment|核对调账/ }).click();
          await confirmIn(operator, 'admin-adjust-dialog', /Book adjustment|确认调账/);
          await shown(operator.getByTestId('admin-adjust-done'));

          // The user applies for $50 by wire.
          await goto(page, '/console/fund/payees');
          await shown(
            page.locator('[data-testid="payee-card-wire"] [data-testid="payee-status"][data-status="approved"]'),
          );
          await goto(page, '/console/fund/settlements');
          await expect.poll(() => page.getByTestId('settle-earnings').innerText()).toContain('60.00');
          await page.getByTestId('settle-amount').fill('50');
          await page.locator('input[value="wire"]').check();
          await expect.poll(() => page.getByTestId('settle-net').innerText()).toContain('49.00');
          await page.getByTestId('settle-submit').click();
          await shown(page.locator('[data-testid="settlement-status"][data-status="in_review"]').first());
          await pageShot(page, `money-settlement-review-${c.label}`);

          // The operator approves it and marks it paid.
          await goto(operator, '/admin/settlements');
          let row = await shown(operator.getByTestId('settlement-item').filter({ hasText: user.accountNo }));
          await row.getByRole('button', { name: /^\s*(Approve|审核通过)\s*$/ }).click();
          await confirmIn(operator, 'settlement-review-dialog', /^\s*(Approve|审核通过)\s*$/);
          row = operator.getByTestId('settlement-item').filter({ hasText: user.accountNo });
          await shown(row.getByRole('button', { name: /Mark paid|标记已打款/ }));
          await row.getByRole('button', { name: /Mark paid|标记已打款/ }).click();
          // A wire is marked paid with the bank's reference of the transfer (shown to the user).
          await operator.getByTestId('settlement-review-dialog').getByRole('textbox').fill('FT2611270001');
          await confirmIn(operator, 'settlement-review-dialog', /Mark paid|标记已打款/);
        } finally {
          await operator.context().close();
        }

        // The user sees the settlement succeed, and a message about it.
        await goto(page, '/console/fund/settlements');
        await shown(page.locator('[data-testid="settlement-status"][data-status="success"]').first());
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `money-settlement-success-${c.label}`);
        await goto(page, '/console/message/list');
        await shown(page.getByTestId('message-item').first());
        await pageShot(page, `money-messages-${c.label}`);
      });
    });
  }
});
