import { domainReasonText } from '@namebourse/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../src/lib/format.ts';
import { api, byLabel, serverNow, type T } from './accounts.ts';
import { goto, horizontalOverflow, openContext, WIDTHS } from './browser.ts';
import {
  advance,
  bidOnLots,
  buyer,
  DAY,
  type DT,
  devPost,
  domainRow,
  domainTexts,
  expectNoPassedReclaimDates,
  operatorAddsLots,
  payWonLots,
  registrarAnswers,
  reopenAtWidth,
  rowAction,
  stopwatch,
  totp,
  transferRow,
} from './domains-journey.ts';
import {
  type Case,
  exact,
  htmlLang,
  pageShot,
  PAIRED_CASES,
  shown,
  texts,
  useBrowser,
  viewportShot,
} from './journey.ts';

/**
 * My domains and transfer out (issue 15), as a buyer goes through them with the business clock moving: three
 * won domains are delivered 27 days after payment; one is put in a new group, given a note and unlocked
 * (unlocking… → unlocked once the registrar answers); its transfer page says from when it may leave; 61 days on,
 * its transfer code is issued behind MFA and shown once, the transfer is pending under Results, then cancelled
 * (cancelled once the registry answers). The second is fast-transferred to a partner registrar (completed, gone
 * from My domains). A batch lock of all three reports one success and two failures with their reasons; the
 * registrar then fails the accepted one, which stays unlocked with a message saying why.
 * The whole path runs once per language (zh-CN at 390 px, en-US at 1440 px); the key pages are then looked at
 * in the other width.
 */

const PARTNER = 'Dynadot';
/** What the registrar simulator answers to the lock change it is told to fail. */
const REGISTRAR_FAILURE = 'registry timeout';

function lockSwitch(page: Page, dt: DT, domain: string) {
  return domainRow(page, domain).getByRole('switch', { name: dt('domains:lockAction.switch', { name: domain }) });
}

async function openTransferPage(page: Page, dt: DT, domain: string): Promise<void> {
  await goto(page, '/console/domain/list');
  await shown(domainRow(page, domain));
  await rowAction(page, dt, domain, dt('domains:actions.transferOut'));
  await page.waitForURL((url) => url.pathname === '/console/domain/transfer-out');
  expect(new URL(page.url()).searchParams.get('domain')).toBe(domain);
  await shown(page.getByRole('heading', { name: dt('transfers:domain.title', { domain }) }));
}

/** Gets the transfer code through the MFA dialog (authenticator); returns the code shown. */
async function getTransferCode(page: Page, c: Case, t: T, dt: DT, domain: string, secret: string): Promise<string> {
  const request = page.getByRole('button', { name: exact(dt('transfers:code.request')) });
  await expect.poll(() => request.isEnabled(), { timeout: 10_000 }).toBe(true);
  await request.click();
  const mfa = await shown(page.getByRole('dialog', { name: t('api:mfa.title') }));
  await mfa.getByLabel(t('api:mfa.method.AUTHENTICATOR')).fill(await totp(secret));
  await viewportShot(page, `domains-transfer-mfa-${c.label}`);
  await mfa.getByRole('button', { name: exact(t('api:mfa.submit')) }).click();
  const panel = await shown(page.getByRole('region', { name: dt('transfers:code.shownTitle', { domain }) }));
  await shown(panel.getByText(dt('transfers:code.shownOnce'), { exact: true }));
  const code = (await panel.getByTestId('transfer-code').innerText()).trim();
  expect(code).toMatch(/^\S{6,}$/);
  return code;
}

function transferStatus(page: Page, domain: string): Promise<string> {
  return transferRow(page, domain).getByTestId('transfer-status').innerText();
}

describe('my domains: group, note, lock, transfer code, cancel, fast transfer, batch lock', () => {
  const browser = useBrowser();

  for (const c of PAIRED_CASES) {
    it(`receives three domains and manages and transfers them (${c.label})`, { timeout: 300_000 }, async () => {
      const t = texts(c.lang);
      const dt = domainTexts(c.lang);
      const stamp = Date.now().toString(36);
      const [kept, fast, locked] = ['k', 'f', 'l'].map((x) => `e2e${stamp}${x}${c.width}.com`) as [
        string,
        string,
        string,
      ];
      const names = [kept, fast, locked];
      const group = c.lang === 'zh-CN' ? '核心品牌' : 'Core brands';
      const note = c.lang === 'zh-CN' ? '明年续费前评估' : 'Review before renewal';

      const lap = stopwatch(c.label);
      const auctionIds = await operatorAddsLots(browser(), c, t, names);
      // The simulator's default redeems about one domain in ten: these stay with the buyer.
      for (const domain of names) await devPost('registrar', { domain, redeemed: false });

      let context = await openContext(browser(), c);
      let page = await context.newPage();
      try {
        const { secret } = await buyer(page, c, t, 'dom', 200);
        lap('operator + registered buyer');
        expect(await htmlLang(page)).toBe(c.lang);

        // Wins the three lots at the start price and pays for them; 27 days later they are delivered.
        await bidOnLots(page, auctionIds);
        await advance(15 * 60);
        await payWonLots(page, names);
        lap('won and paid');
        await devPost('sweep', {});
        await advance(27 * DAY + 60);
        const deliveredAt = await serverNow();
        await goto(page, '/console/domain/list');
        await shown(page.getByRole('heading', { level: 1, name: dt('domains:title') }));
        for (const domain of names) await shown(domainRow(page, domain));
        expect(await horizontalOverflow(page)).toBe(0);

        // Transfer out only 60 days after delivery: the row says from when.
        const detail = await api<{ transferOutAllowedFrom: string }>(page, 'GET', `/domains/${kept}`);
        expect(detail.code).toBe('200');
        const allowedFrom = new Date(detail.data.transferOutAllowedFrom);
        expect(Math.abs(allowedFrom.getTime() - deliveredAt.getTime() - 60 * DAY * 1000)).toBeLessThan(DAY * 1000);
        const fromDate = formatDate(allowedFrom, c.lang);
        await shown(
          domainRow(page, kept).getByText(dt('domains:transferOut.from', { date: fromDate }), { exact: true }),
        );
        await pageShot(page, `domains-list-delivered-${c.label}`);
        lap('delivered');

        // A new group, and the domain moved into it.
        await page.getByRole('button', { name: exact(dt('domains:groups.manage')) }).click();
        const groups = await shown(page.getByRole('dialog', { name: exact(dt('domains:groups.title')) }));
        await groups.getByRole('button', { name: exact(dt('domains:groups.new')) }).click();
        const editor = await shown(page.getByRole('dialog', { name: exact(dt('domains:groups.createTitle')) }));
        await byLabel(editor, dt('domains:groups.name')).fill(group);
        await editor.getByRole('button', { name: exact(dt('domains:groups.create')) }).click();
        await editor.waitFor({ state: 'detached' });
        await shown(groups.getByRole('button', { name: dt('domains:groups.show', { name: group, count: 0 }) }));
        await viewportShot(page, `domains-groups-${c.label}`);
        await groups.getByRole('button', { name: exact(dt('domains:actions.close')) }).click();
        await groups.waitFor({ state: 'detached' });

        await rowAction(page, dt, kept, dt('domains:actions.group'));
        const assign = await shown(
          page.getByRole('dialog', { name: exact(dt('domains:assign.title', { name: kept })) }),
        );
        await assign.getByRole('combobox').click();
        await (await shown(page.getByRole('option', { name: exact(group) }))).click();
        await assign.getByRole('button', { name: exact(dt('domains:actions.save')) }).click();
        await assign.waitFor({ state: 'detached' });
        await expect.poll(() => domainRow(page, kept).innerText(), { timeout: 10_000 }).toContain(group);

        // A note on it.
        await rowAction(page, dt, kept, dt('domains:actions.notes'));
        const notes = await shown(page.getByRole('dialog', { name: exact(dt('domains:notes.title', { name: kept })) }));
        await notes.getByRole('textbox', { name: dt('domains:notes.label') }).fill(note);
        await viewportShot(page, `domains-notes-${c.label}`);
        await notes.getByRole('button', { name: exact(dt('domains:actions.save')) }).click();
        await notes.waitFor({ state: 'detached' });
        await shown(domainRow(page, kept).getByText(note, { exact: true }));
        lap('group and note');

        // Unlocks it and the second one: unlocking… until the registrar answers, then unlocked.
        for (const domain of [kept, fast]) {
          const toggle = lockSwitch(page, dt, domain);
          expect(await toggle.isChecked()).toBe(true);
          await toggle.click();
          await shown(domainRow(page, domain).getByText(dt('domains:lock.opening'), { exact: true }));
        }
        await pageShot(page, `domains-unlocking-${c.label}`);
        await registrarAnswers();
        await goto(page, '/console/domain/list');
        for (const domain of [kept, fast]) {
          await shown(domainRow(page, domain).getByText(dt('domains:lock.open'), { exact: true }));
          expect(await lockSwitch(page, dt, domain).isChecked()).toBe(false);
        }
        await shown(domainRow(page, locked).getByText(dt('domains:lock.closed'), { exact: true }));

        // Its transfer page: not yet — 'transfer out is possible from <date>', and no code to get.
        await openTransferPage(page, dt, kept);
        const blocked = await shown(page.getByTestId('transfer-code-blocked'));
        // The number of days is the transfer-out wait parameter, asked beside the domain: polled, not read once.
        await expect
          .poll(async () => (await blocked.innerText()).trim(), { timeout: 10_000 })
          .toBe(dt('transfers:block.wait_period', { date: fromDate, days: 60 }));
        expect(await page.getByTestId('transfer-allowed-from').innerText()).toBe(fromDate);
        expect(await page.getByRole('button', { name: exact(dt('transfers:code.request')) }).isDisabled()).toBe(true);
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `domains-transfer-wait-${c.label}`);
        lap('unlocked, transfer page');

        // 61 days on (the buyer comes back every three weeks, which keeps the session alive).
        for (let step = 0; step < 3; step++) {
          await advance(20.5 * DAY);
          await goto(page, `/console/domain/transfer-out?domain=${kept}`);
          await shown(page.getByTestId('transfer-domain'));
        }
        await expect
          .poll(() => page.getByTestId('transfer-allowed-from').innerText(), { timeout: 10_000 })
          .toBe(dt('transfers:domain.allowedNow'));

        // The transfer code, behind MFA, shown once; the transfer out is pending under Results.
        const code = await getTransferCode(page, c, t, dt, kept, secret);
        await pageShot(page, `domains-transfer-code-${c.label}`);
        lap('61 days, code');
        await expect.poll(() => transferStatus(page, kept), { timeout: 15_000 }).toBe(dt('transfers:statuses.pending'));
        await goto(page, `/console/domain/transfer-out?domain=${kept}`);
        await shown(page.getByTestId('transfer-code-current'));
        expect(await page.getByTestId('transfer-code-panel').count()).toBe(0);
        expect(await page.locator('body').innerText()).not.toContain(code);
        await shown(page.getByRole('button', { name: exact(dt('transfers:code.reRequest')) }));

        // Cancelled: asked of the registry, cancelled once it answers.
        const cancel = page.getByTestId('transfer-cancel');
        await cancel.getByRole('button', { name: exact(dt('transfers:cancel.button')) }).click();
        const confirm = await shown(
          page.getByRole('dialog', { name: exact(dt('transfers:cancel.confirmTitle', { domain: kept })) }),
        );
        await confirm.getByRole('button', { name: exact(dt('transfers:cancel.confirm')) }).click();
        await shown(cancel.getByText(dt('transfers:cancel.requested'), { exact: true }));
        await registrarAnswers();
        await goto(page, `/console/domain/transfer-out?domain=${kept}#results`);
        await expect
          .poll(() => transferStatus(page, kept), { timeout: 15_000 })
          .toBe(dt('transfers:statuses.cancelled'));
        await pageShot(page, `domains-transfer-cancelled-${c.label}`);
        lap('cancelled');

        // The second domain: its code, then a fast transfer to a partner registrar.
        await openTransferPage(page, dt, fast);
        await getTransferCode(page, c, t, dt, fast, secret);
        const fastForm = page.getByTestId('transfer-fast');
        const partner = fastForm.getByRole('combobox');
        await expect
          .poll(async () => (await partner.getAttribute('aria-disabled')) !== 'true', { timeout: 10_000 })
          .toBe(true);
        await partner.click();
        await (await shown(page.getByRole('option', { name: exact(PARTNER) }))).click();
        await fastForm.getByRole('button', { name: exact(dt('transfers:fast.submit')) }).click();
        await shown(fastForm.getByText(dt('transfers:fast.accepted', { registrar: PARTNER }), { exact: true }));
        await pageShot(page, `domains-transfer-fast-${c.label}`);
        lap('fast transfer');

        // A batch lock of all three: the one transferring out and the one locked already are refused at once,
        // each with its reason; the unlocked one is accepted, but the registrar will fail it (asynchronously).
        await devPost('registrar', { domain: kept, failOperations: REGISTRAR_FAILURE });
        await goto(page, '/console/domain/list');
        for (const domain of names) {
          await (
            await shown(page.getByRole('checkbox', { name: exact(dt('domains:select.one', { name: domain })) }))
          ).check();
        }
        const bar = await shown(page.getByRole('region', { name: dt('domains:batch.label') }));
        await shown(bar.getByText(dt('domains:batch.selected', { count: 3 }), { exact: true }));
        await bar.getByRole('button', { name: exact(dt('domains:batch.action.lock')) }).click();
        const batch = await shown(
          page.getByRole('dialog', { name: exact(dt('domains:batch.title.lock', { count: 3 })) }),
        );
        await batch.getByRole('button', { name: exact(dt('domains:batch.confirm.lock')) }).click();
        await shown(batch.getByText(dt('domains:batch.summary', { succeeded: 1, failed: 2 })));
        const failures = batch.getByRole('list', { name: dt('domains:batch.failures') });
        const failed = (domain: string) => failures.getByRole('listitem').filter({ hasText: domain }).innerText();
        expect(await failed(locked)).toContain(domainReasonText('already', c.lang));
        expect([domainReasonText('in_progress', c.lang), domainReasonText('transferring_out', c.lang)]).toContain(
          (await failed(fast)).replace(fast, '').trim(),
        );
        expect(await failures.getByRole('listitem').count()).toBe(2);
        await viewportShot(page, `domains-batch-report-${c.label}`);
        lap('batch');
        await batch.getByRole('button', { name: exact(dt('domains:actions.close')) }).click();
        await batch.waitFor({ state: 'detached' });
        await shown(domainRow(page, kept).getByText(dt('domains:lock.closing'), { exact: true }));

        // The registrars answer: the fast transfer is completed (gone from My domains); the lock change
        // failed, so the domain is unlocked as before and a message says why.
        await registrarAnswers();
        await devPost('registrar', { domain: kept, failOperations: null });
        await goto(page, '/console/domain/list');
        await shown(domainRow(page, kept).getByText(dt('domains:lock.open'), { exact: true }));
        await shown(domainRow(page, locked).getByText(dt('domains:lock.closed'), { exact: true }));
        await domainRow(page, fast).waitFor({ state: 'detached' });
        await pageShot(page, `domains-list-after-${c.label}`);
        await goto(page, '/console/domain/transfer-out#results');
        await expect
          .poll(() => transferStatus(page, fast), { timeout: 15_000 })
          .toBe(dt('transfers:statuses.completed'));
        expect(await transferRow(page, fast).innerText()).toContain(PARTNER);
        expect(await transferStatus(page, kept)).toBe(dt('transfers:statuses.cancelled'));
        await pageShot(page, `domains-transfer-results-${c.label}`);
        await goto(page, '/console/message/list');
        const lockFailed = await shown(
          page
            .getByTestId('message-item')
            .filter({ hasText: dt('domains:lockAction.failed') })
            .filter({ hasText: kept }),
        );
        expect(await lockFailed.innerText()).toContain(REGISTRAR_FAILURE);
        lap('results');

        // The same pages at the other width (the same session, moved to a new window).
        const width = c.phone ? WIDTHS.desktop : WIDTHS.phone;
        const label = `${c.lang}-${width}`;
        context = await reopenAtWidth(browser(), context, { lang: c.lang, width });
        page = await context.newPage();
        await goto(page, '/console/domain/list');
        await shown(domainRow(page, kept).getByText(group));
        await shown(domainRow(page, kept).getByText(note, { exact: true }));
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `domains-list-after-${label}`);
        // A date the previous holder could reclaim it until is not shown once it has passed.
        await expectNoPassedReclaimDates(page, dt, c.lang);
        await goto(page, `/console/domain/transfer-out?domain=${kept}`);
        await expect
          .poll(() => transferStatus(page, fast), { timeout: 15_000 })
          .toBe(dt('transfers:statuses.completed'));
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `domains-transfer-results-${label}`);
        lap('other width');
      } catch (error) {
        await pageShot(page, `domains-failed-${c.label}`).catch(() => undefined);
        throw error;
      } finally {
        await context.close();
      }
    });
  }
});
