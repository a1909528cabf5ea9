import { ERROR_CATALOGUE, fieldMessage } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../src/lib/format.ts';
import { api, nicknameFor, passwordFor, registerThroughPage, serverNow, uniqueEmail } from './accounts.ts';
import { baseUrl, goto, horizontalOverflow, openContext, WIDTHS } from './browser.ts';
import { publishTxt, removeTxt } from './dns.ts';
import { advance, DAY, devPost, reopenAtWidth, stopwatch } from './domains-journey.ts';
import { exact, htmlLang, pageShot, PAIRED_CASES, shown, texts, useBrowser, viewportShot } from './journey.ts';
import {
  fillSingle,
  fillTemplate,
  heldAndUnlocked,
  listingRow,
  listingTexts,
  marketCard,
  operatorOnReview,
  reviewItem,
  tomorrowEntry,
  visitor,
} from './listings-journey.ts';

/**
 * The seller centre (issue 16) as a seller and an operator go through it, with the business clock moving: a
 * fresh seller brings four domains in by transfer and unlocks them; lists one at a fixed price from the single
 * tab (a plain description: on sale at once, on /market and its public page, in the page's language); one with a
 * link in its description (waits for review); a domain held elsewhere after publishing the TXT record the page
 * asks for (waits for review); the downloaded Excel template filled in with two good rows and three bad ones
 * (the report says which and why). The operator approves the external one and rejects the linked one with a
 * reason, which the seller sees in the seller centre and in a message. A price-calendar entry for tomorrow lowers the fixed price once the
 * clock passes 00:00 (UTC+8) of that date: the public page and the market show the new price, and the seller is
 * told. Last, the TXT record disappears: two missed daily re-checks pause the external listing (off the market).
 * Once per language (zh-CN at 390 px, en-US at 1440 px); the key pages are then looked at in the other width.
 */

const TXT_NAME_PREFIX = '_namebourse.';

const COPY = {
  'zh-CN': {
    zh: '简短好记的品牌域名，适合科技初创公司。',
    en: 'A short, memorable brand name for a tech start-up.',
    linkZh: '详情见 www.example.org',
    linkEn: 'Details at www.example.org',
    reason: '描述中含有外部链接，请删除后重新提交',
  },
  'en-US': {
    zh: '简短好记的品牌域名，适合科技初创公司。',
    en: 'A short, memorable brand name for a tech start-up.',
    linkZh: '详情见 www.example.org',
    linkEn: 'Details at www.example.org',
    reason: 'The description links to another site: please remove the link and submit again',
  },
} as const;

/** `950.00`: the part of a price every money format of both languages contains. */
function centsText(cents: number): string {
  return (cents / 100).toFixed(2);
}

function money(cents: number, lang: string): string {
  return formatMoney(cents, lang);
}

describe('seller centre: list, prove, import, review, price calendar, market', () => {
  const browser = useBrowser();

  for (const c of PAIRED_CASES) {
    it(`lists domains, has them reviewed and lowers a price by the calendar (${c.label})`, {
      timeout: 300_000,
    }, async () => {
      const t = texts(c.lang);
      const lt = listingTexts(c.lang);
      const copy = COPY[c.lang];
      const stamp = Date.now().toString(36);
      const name = (tag: string, tld = 'com') => `e2e${stamp}${tag}${c.width}.${tld}`;
      const fixed = name('f');
      const linked = name('l');
      const [good1, good2] = [name('a'), name('b')];
      const external = name('x', 'net');
      const cheap = name('c');
      const notHeld = name('n');
      const invalid = `-e2e${stamp}.com`;
      const priceCents = 120_000;
      const dropCents = 95_000;
      const externalCents = 68_000;
      const lap = stopwatch(c.label);

      let context = await openContext(browser(), c);
      let page = await context.newPage();
      try {
        // ---- a fresh seller with four domains held here, unlocked ----
        await registerThroughPage(page, t, {
          email: uniqueEmail(`sell-${c.label}`),
          password: passwordFor('sell'),
          nickname: nicknameFor(c.lang, 'sell'),
        });
        expect(await htmlLang(page)).toBe(c.lang);
        lap('registered');
        await heldAndUnlocked(page, [fixed, linked, good1, good2]);
        lap('four domains transferred in and unlocked');

        // ---- (1) a held domain at a fixed price, plain descriptions: on sale at once ----
        await goto(page, '/console/seller');
        await shown(page.getByRole('heading', { level: 1, name: lt('listings:seller.title') }));
        await shown(page.getByText(lt('listings:seller.empty.title'), { exact: true }));
        await pageShot(page, `listings-seller-empty-${c.label}`);
        // The empty state's own way on (the header has the same link).
        await page
          .getByTestId('seller-empty')
          .getByRole('link', { name: exact(lt('listings:seller.listDomains')) })
          .click();
        await page.waitForURL((url) => url.pathname === '/console/seller/new');
        await shown(page.getByRole('heading', { level: 1, name: lt('listings:create.title') }));
        await fillSingle(page, lt, {
          domain: fixed,
          price: String(priceCents / 100),
          descriptionZh: copy.zh,
          descriptionEn: copy.en,
        });
        const success = await shown(page.getByTestId('create-success'));
        await shown(success.getByText(lt('listings:create.success.onSale', { domain: fixed }), { exact: true }));
        await shown(success.getByText(lt('listings:status.on_sale'), { exact: true }));
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `listings-create-on-sale-${c.label}`);

        // ---- a held domain whose description has a link: waits for review ----
        await success.getByRole('button', { name: exact(lt('listings:create.success.another')) }).click();
        await fillSingle(page, lt, {
          domain: linked,
          price: '300',
          descriptionZh: copy.linkZh,
          descriptionEn: copy.linkEn,
        });
        await shown(
          page
            .getByTestId('create-success')
            .getByText(lt('listings:create.success.pending', { domain: linked }), { exact: true }),
        );
        lap('two held listed');

        // ---- (2) a domain held elsewhere: the TXT proof, then listed, waiting for review ----
        await page.getByRole('button', { name: exact(lt('listings:create.success.another')) }).click();
        await fillSingle(page, lt, { domain: external, price: String(externalCents / 100) });
        await shown(page.getByRole('alert').filter({ hasText: lt('listings:create.needsProof') }));
        const proof = await shown(
          page.getByRole('region', { name: lt('listings:ownership.title', { domain: external }) }),
        );
        const record = await api<{ recordName: string; recordValue: string }>(page, 'GET', `/ownership/${external}`);
        expect(record.code).toBe('200');
        expect(record.data.recordName).toBe(`${TXT_NAME_PREFIX}${external}`);
        const shownRecord = await proof.locator('code').allInnerTexts();
        expect(shownRecord.map((x) => x.trim())).toEqual([record.data.recordName, record.data.recordValue]);
        await shown(proof.getByText(lt('listings:ownership.pending'), { exact: true }));
        await viewportShot(page, `listings-ownership-pending-${c.label}`);
        await publishTxt(record.data.recordName, 'v=spf1 -all', record.data.recordValue);
        await proof.getByRole('button', { name: exact(lt('listings:ownership.check')) }).click();
        const verified = await shown(proof.getByTestId('ownership-result'));
        await expect
          .poll(() => verified.innerText(), { timeout: 15_000 })
          .toContain(lt('listings:ownership.verified', { at: '' }).trim());
        await pageShot(page, `listings-ownership-verified-${c.label}`);
        await proof.getByRole('button', { name: exact(lt('listings:ownership.submitAgain')) }).click();
        await shown(
          page
            .getByTestId('create-success')
            .getByText(lt('listings:create.success.pending', { domain: external }), { exact: true }),
        );
        await shown(
          page.getByTestId('create-success').getByText(lt('listings:status.pending_review'), { exact: true }),
        );
        lap('external proven and listed');

        // ---- (4) an Excel file: two good rows, three bad ones ----
        await page.getByRole('tab', { name: exact(lt('listings:create.tabs.excel')) }).click();
        const panel = await shown(page.getByTestId('create-excel'));
        // The template, downloaded and filled in: two good rows, three bad ones.
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          panel.getByRole('button', { name: exact(lt('listings:excel.template')) }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
        const file = await fillTemplate(await download.path(), c.lang === 'zh-CN' ? '域名' : 'Domain', [
          [good1, 120],
          [invalid, 50],
          [good2, 88.5],
          [cheap, 2],
          [notHeld, 40],
        ]);
        const [chooser] = await Promise.all([
          page.waitForEvent('filechooser'),
          panel.getByRole('button', { name: exact(lt('listings:excel.choose')) }).click(),
        ]);
        await chooser.setFiles({
          name: 'listings.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: file,
        });
        await shown(panel.getByTestId('excel-file').filter({ hasText: 'listings.xlsx' }));
        await panel.getByRole('button', { name: exact(lt('listings:excel.upload')) }).click();
        const report = await shown(page.getByTestId('import-report'));
        await shown(report.getByText(lt('listings:report.partly', { succeeded: 2, failed: 3 }), { exact: true }));
        const table = report.getByRole('table', { name: lt('listings:report.table') });
        const reportRow = (domain: string) => table.getByTestId('report-row').filter({ hasText: domain });
        for (const domain of [good1, good2]) {
          expect(await reportRow(domain).getAttribute('data-kind')).toBe('accepted');
          expect(await reportRow(domain).innerText()).toContain(lt('listings:status.on_sale'));
        }
        const refused: [string, string, number][] = [
          [invalid, ERROR_CATALOGUE['Commodity.DomainInvalid'][c.lang], 3],
          [cheap, fieldMessage('priceTooLow', c.lang), 5],
          [notHeld, ERROR_CATALOGUE['Listing.DomainNotHeld'][c.lang], 6],
        ];
        for (const [domain, why, row] of refused) {
          const line = reportRow(domain);
          expect(await line.getAttribute('data-kind')).toBe('refused');
          const cells = await line.getByRole('cell').allInnerTexts();
          expect(cells.map((x) => x.trim())).toEqual([String(row), domain, why]);
        }
        expect(await table.getByTestId('report-row').count()).toBe(5);
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `listings-excel-report-${c.label}`);
        lap('excel report');

        // ---- the seller centre: every listing and its status ----
        await goto(page, '/console/seller');
        const expected: [string, string][] = [
          [fixed, 'on_sale'],
          [linked, 'pending_review'],
          [external, 'pending_review'],
          [good1, 'on_sale'],
          [good2, 'on_sale'],
        ];
        for (const [domain, status] of expected) {
          const row = await shown(listingRow(page, domain));
          await shown(row.getByText(lt(`listings:status.${status}`), { exact: true }));
        }
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `listings-seller-${c.label}`);

        // ---- the market and the public page, as a visitor sees them ----
        const seen = await visitor(browser(), c);
        try {
          const anon = await seen.newPage();
          const card = await marketCard(anon, fixed);
          expect((await card.getByTestId('market-price').innerText()).trim()).toBe(money(priceCents, c.lang));
          expect((await card.getByTestId('market-item-description').innerText()).trim()).toBe(
            c.lang === 'zh-CN' ? copy.zh : copy.en,
          );
          // Not on sale yet: the two waiting for review.
          for (const domain of [linked, external]) {
            await goto(anon, `/market?q=${encodeURIComponent(domain)}`);
            await shown(anon.getByTestId('market-empty'));
          }
          await goto(anon, `/market/${fixed}`);
          await shown(anon.getByRole('heading', { level: 1, name: fixed }));
          expect((await anon.getByTestId('market-detail-price').innerText()).trim()).toBe(money(priceCents, c.lang));
          expect((await anon.getByTestId('market-detail-description').innerText()).trim()).toBe(
            c.lang === 'zh-CN' ? copy.zh : copy.en,
          );
          expect(await htmlLang(anon)).toBe(c.lang);
          expect(await horizontalOverflow(anon)).toBe(0);
          await pageShot(anon, `listings-public-${c.label}`);
        } finally {
          await seen.close();
        }
        lap('market and public page');

        // ---- (3) the operator approves the external one, rejects the linked one with a reason ----
        // The whole queue first (new listings and changes, oldest first; the demo data has both), then each domain.
        const operator = await operatorOnReview(browser(), c, t);
        try {
          const op = operator.page;
          expect(await horizontalOverflow(op)).toBe(0);
          await viewportShot(op, `listings-review-queue-${c.label}`);
          const toApprove = await reviewItem(op, external);
          await shown(toApprove.getByText(lt('listings:source.external'), { exact: true }));
          await pageShot(op, `listings-review-${c.label}`);
          await toApprove.getByRole('button', { name: exact(lt('admin:listings.action.approve')) }).click();
          const approve = await shown(
            op.getByRole('dialog', { name: exact(lt('admin:listings.confirm.approve.title')) }),
          );
          await approve.getByRole('button', { name: exact(lt('admin:listings.action.approve')) }).click();
          await approve.waitFor({ state: 'detached' });
          await shown(op.getByText(lt('admin:listings.done.approve', { domain: external }), { exact: true }));

          const toReject = await reviewItem(op, linked);
          await toReject.getByRole('button', { name: exact(lt('admin:listings.action.reject')) }).click();
          const reject = await shown(
            op.getByRole('dialog', { name: exact(lt('admin:listings.confirm.reject.title')) }),
          );
          await reject.getByRole('textbox', { name: lt('admin:listings.reason') }).fill(copy.reason);
          await viewportShot(op, `listings-review-reject-${c.label}`);
          await reject.getByRole('button', { name: exact(lt('admin:listings.action.reject')) }).click();
          await reject.waitFor({ state: 'detached' });
          await shown(op.getByText(lt('admin:listings.done.reject', { domain: linked }), { exact: true }));
        } finally {
          await operator.context.close();
        }
        lap('operator decided');

        // The seller sees both outcomes, the reason and the message.
        await goto(page, '/console/seller');
        await shown(listingRow(page, external).getByText(lt('listings:status.on_sale'), { exact: true }));
        const rejected = await shown(listingRow(page, linked));
        await shown(rejected.getByText(lt('listings:status.review_failed'), { exact: true }));
        expect((await rejected.getByTestId('review-reason').innerText()).trim()).toBe(
          lt('listings:seller.reviewReason', { reason: copy.reason }),
        );
        await pageShot(page, `listings-seller-reviewed-${c.label}`);
        await goto(page, '/console/message/list');
        await shown(page.getByTestId('message-item').filter({ hasText: linked }).filter({ hasText: copy.reason }));
        await shown(page.getByTestId('message-item').filter({ hasText: external }));
        await pageShot(page, `listings-messages-${c.label}`);
        lap('seller saw the review');

        // ---- (5) a price drop on the calendar, for tomorrow (UTC+8) ----
        await goto(page, '/console/seller');
        await listingRow(page, fixed)
          .getByRole('link', { name: exact(lt('listings:seller.editOf', { domain: fixed })) })
          .click();
        await page.waitForURL((url) => url.pathname.startsWith('/console/seller/') && !url.pathname.endsWith('/new'));
        const editPath = new URL(page.url()).pathname;
        const calendar = await shown(page.getByRole('region', { name: lt('listing-edit:calendar.title') }));
        await expect
          .poll(() => calendar.getByTestId('calendar-current').innerText(), { timeout: 10_000 })
          .toBe(money(priceCents, c.lang));
        const entry = await tomorrowEntry();
        await calendar.getByLabel(lt('listing-edit:calendar.date')).fill(entry.date);
        await calendar.getByLabel(lt('listing-edit:calendar.price')).fill(String(dropCents / 100));
        await calendar.getByRole('button', { name: exact(lt('listing-edit:calendar.add')) }).click();
        await shown(
          calendar
            .getByTestId('calendar-entry')
            .filter({ hasText: money(dropCents, c.lang) })
            .filter({ hasText: lt('listing-edit:calendar.state.upcoming') }),
        );
        await calendar.getByRole('button', { name: exact(lt('listing-edit:calendar.save')) }).click();
        await shown(calendar.getByText(lt('listing-edit:calendar.saved'), { exact: true }));
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `listings-calendar-saved-${c.label}`);

        // The public page announces it; the price holds until 00:00 (UTC+8) of that date.
        const before = await visitor(browser(), c);
        try {
          const anon = await before.newPage();
          await goto(anon, `/market/${fixed}`);
          expect((await anon.getByTestId('market-detail-price').innerText()).trim()).toBe(money(priceCents, c.lang));
          expect(await anon.getByTestId('market-next-price').innerText()).toContain(money(dropCents, c.lang));
          await pageShot(anon, `listings-public-next-price-${c.label}`);
        } finally {
          await before.close();
        }
        lap('calendar saved');

        // The clock passes 00:00 (UTC+8) of that date; the sweep applies the entry.
        const now = await serverNow();
        await advance(Math.ceil((entry.effectiveAt.getTime() - now.getTime()) / 1000) + 60);
        await devPost('sweep', {});
        const after = await visitor(browser(), c);
        try {
          const anon = await after.newPage();
          await goto(anon, `/market/${fixed}`);
          expect((await anon.getByTestId('market-detail-price').innerText()).trim()).toBe(money(dropCents, c.lang));
          expect(await anon.getByTestId('market-next-price').count()).toBe(0);
          await pageShot(anon, `listings-public-dropped-${c.label}`);
          const card = await marketCard(anon, fixed);
          expect((await card.getByTestId('market-price').innerText()).trim()).toBe(money(dropCents, c.lang));
          await pageShot(anon, `listings-market-dropped-${c.label}`);
        } finally {
          await after.close();
        }
        await goto(page, editPath);
        const reloaded = await shown(page.getByRole('region', { name: lt('listing-edit:calendar.title') }));
        await expect
          .poll(() => reloaded.getByTestId('calendar-current').innerText(), { timeout: 10_000 })
          .toBe(money(dropCents, c.lang));
        await shown(
          reloaded
            .getByTestId('calendar-entry')
            .filter({ hasText: money(dropCents, c.lang) })
            .filter({ hasText: lt('listing-edit:calendar.state.active') }),
        );
        // The seller is told the calendar entry took effect.
        await goto(page, '/console/message/list');
        await shown(
          page
            .getByTestId('message-item')
            .filter({ hasText: fixed })
            .filter({ hasText: centsText(dropCents) }),
        );
        lap('price dropped');

        // ---- the key pages at the other width ----
        const width = c.phone ? WIDTHS.desktop : WIDTHS.phone;
        const other = { lang: c.lang, width, label: `${c.lang}-${width}`, phone: !c.phone };
        context = await reopenAtWidth(browser(), context, other);
        page = await context.newPage();
        await goto(page, '/console/seller');
        await shown(listingRow(page, linked).getByTestId('review-reason'));
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `listings-seller-${other.label}`);
        await goto(page, editPath);
        await shown(page.getByRole('region', { name: lt('listing-edit:calendar.title') }));
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `listings-edit-${other.label}`);
        await goto(page, '/console/seller/new?tab=excel');
        await shown(page.getByTestId('create-excel'));
        expect(await horizontalOverflow(page)).toBe(0);
        await pageShot(page, `listings-create-excel-${other.label}`);
        const wide = await visitor(browser(), other);
        try {
          const anon = await wide.newPage();
          await goto(anon, `/market/${fixed}`);
          expect((await anon.getByTestId('market-detail-price').innerText()).trim()).toBe(money(dropCents, c.lang));
          expect(await horizontalOverflow(anon)).toBe(0);
          await pageShot(anon, `listings-public-${other.label}`);
          await marketCard(anon, external);
          expect(await horizontalOverflow(anon)).toBe(0);
          await pageShot(anon, `listings-market-${other.label}`);
          // The approved external listing: delivered by transfer from the other registrar.
          await goto(anon, `/market/${external}`);
          await shown(anon.getByText(lt('market:detail.heldElsewhere'), { exact: true }));
          expect((await anon.getByTestId('market-detail-price').innerText()).trim()).toBe(money(externalCents, c.lang));
          // The rejected one has no public page.
          expect((await fetch(`${baseUrl()}/market/${linked}`)).status).toBe(404);
        } finally {
          await wide.close();
        }
        lap('other width');

        // ---- the TXT record disappears: two missed daily re-checks pause the external listing ----
        await removeTxt(record.data.recordName);
        let paused = false;
        for (let day = 0; day < 3 && !paused; day++) {
          await advance(DAY + 60);
          await goto(page, '/console/seller');
          paused = (await (await shown(listingRow(page, external))).innerText()).includes(
            lt('listings:pauseReason.ownership'),
          );
        }
        expect(paused, 'paused for its ownership proof after two missed re-checks').toBe(true);
        await pageShot(page, `listings-seller-ownership-paused-${other.label}`);
        const gone = await visitor(browser(), c);
        try {
          const anon = await gone.newPage();
          await goto(anon, `/market?q=${encodeURIComponent(external)}`);
          await shown(anon.getByTestId('market-empty'));
          expect((await fetch(`${baseUrl()}/market/${external}`)).status).toBe(404);
          // The fixed one stays on sale.
          await marketCard(anon, fixed);
        } finally {
          await gone.close();
        }
        lap('ownership lapsed');
      } catch (error) {
        await pageShot(page, `listings-failed-${c.label}`).catch(() => undefined);
        throw error;
      } finally {
        await context.close();
      }
    });
  }
});
