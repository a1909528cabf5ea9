import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../src/lib/format.ts';
import { isApi, serverNow } from './accounts.ts';
import { goto, horizontalOverflow, type Lang, openContext, WIDTHS } from './browser.ts';
import { devPost, operatorAddsLots, reopenAtWidth, stopwatch } from './domains-journey.ts';
import { exact, pageShot, PAIRED_CASES, shown, texts, useBrowser } from './journey.ts';
import {
  bid,
  bidder,
  chooseLanguage,
  chooseTimeZone,
  emailSwitch,
  isLeading,
  languageField,
  lotState,
  noticeMails,
  notificationTexts,
  offsetLabel,
  openSettings,
  saveSettings,
  setSwitch,
  timeZoneValue,
  unsubscribeLine,
  wallClock,
} from './notifications-journey.ts';

/**
 * E-mail notices that honour the user's settings (issue 18): bidder A sets a time zone and switches the Outbid
 * e-mails off in the settings form; B outbids A: after a sweep the notice is in A's message centre (its time in
 * A's zone) but no e-mail goes out. A switches them on, bids again and is outbid again: one e-mail arrives, in
 * A's language, its time written on A's zone's clock and the zone named. The e-mail's unsubscribe link, opened
 * signed out in a fresh browser, says what it switches off; confirmed, A's settings show Outbid off and the next
 * outbid sends no e-mail. Once per language (zh-CN at 390 px in Asia/Tokyo, en-US at 1440 px in
 * America/New_York); the settings form and the unsubscribe page are also looked at in the other width.
 * The sweeper is run through the dev tools; the business clock is the manual one (it stands still), so the
 * notice's time is the server's time read when the bid was placed.
 */

const ZONE: Record<Lang, string> = { 'zh-CN': 'Asia/Tokyo', 'en-US': 'America/New_York' };
/** The outbid notice's title as the server writes it (messages.templates.ts), in the centre and the subject. */
const OUTBID_TITLE: Record<Lang, string> = { 'zh-CN': '您的出价已被超过', 'en-US': 'You have been outbid' };
const OTHER_KEYS = ['auctionWon', 'paymentDue', 'delivery', 'offers', 'selling'] as const;

/** `e***@example.com`: how the unsubscribe page names the address. */
function masked(email: string): string {
  return `${email.slice(0, 1)}***${email.slice(email.lastIndexOf('@'))}`;
}

async function sweep(): Promise<void> {
  await devPost('sweep', {});
}

describe('notifications: the outbid e-mail follows its switch, the time zone and the unsubscribe link', () => {
  const browser = useBrowser();

  for (const c of PAIRED_CASES) {
    it(`e-mails an outbid notice only when switched on, in the user's zone, and unsubscribes (${c.label})`, async () => {
      const t = texts(c.lang);
      const nt = notificationTexts(c.lang);
      const zone = ZONE[c.lang];
      const other = { lang: c.lang, width: c.phone ? WIDTHS.desktop : WIDTHS.phone };
      const otherLabel = `${c.lang}-${other.width}`;
      const lap = stopwatch(c.label);
      const domain = `e2enotice${Date.now().toString(36)}${c.width}.com`;
      const [auctionId] = await operatorAddsLots(browser(), c, t, [domain]);
      lap('lot added');

      let contextA: BrowserContext = await openContext(browser(), c);
      const contextB = await openContext(browser(), c);
      let a: Page = await contextA.newPage();
      const b = await contextB.newPage();
      const opened: BrowserContext[] = [];
      try {
        const { email } = await bidder(a, c, t, 'ntfA', 200);
        await bidder(b, c, t, 'ntfB', 200);
        lap('two bidders');

        // A's settings: the form speaks the language A uses, A picks a zone and switches the Outbid e-mails off.
        await openSettings(a, t);
        expect
          .soft(
            await languageField(a, t).innerText(),
            'the settings form of a user who never saved settings shows the language they use the site in',
          )
          .toContain(t(`profile:settings.languages.${c.lang}`));
        if (!(await languageField(a, t).innerText()).includes(t(`profile:settings.languages.${c.lang}`))) {
          await chooseLanguage(a, t, c.lang);
        }
        await chooseTimeZone(a, t, zone);
        await setSwitch(a, t, 'outbid', false);
        for (const key of OTHER_KEYS) expect(await emailSwitch(a, t, key).isChecked()).toBe(true);
        await pageShot(a, `notifications-settings-off-${c.label}`);
        expect(await horizontalOverflow(a)).toBe(0);
        await saveSettings(a, t);
        lap('outbid e-mails off');

        // A leads at $10; B bids $15: A is outbid.
        await goto(a, `/sale/${auctionId}`);
        await bid(a, t, 10);
        await goto(b, `/sale/${auctionId}`);
        await bid(b, t, 15);
        const firstOutbidAt = await serverNow();
        expect(await isLeading(a, auctionId as string)).toBe(false);
        await sweep();

        // The notice is in A's message centre, its time on A's zone's clock …
        await goto(a, '/console/message/list');
        const notice = await shown(a.getByTestId('message-item').filter({ hasText: domain }).first());
        const noticeText = await notice.innerText();
        expect(noticeText).toContain(OUTBID_TITLE[c.lang]);
        expect(noticeText).toContain(formatDateTime(firstOutbidAt, c.lang, zone));
        await pageShot(a, `notifications-centre-${c.label}`);
        // … and no e-mail went out.
        expect((await noticeMails(email)).filter((m) => m.subject?.includes(OUTBID_TITLE[c.lang]))).toEqual([]);
        lap('outbid with the switch off');

        // A switches the Outbid e-mails back on (the saved zone and the switch are what the form shows now).
        await openSettings(a, t);
        expect(await emailSwitch(a, t, 'outbid').isChecked()).toBe(false);
        await setSwitch(a, t, 'outbid', true);
        await saveSettings(a, t);

        // A takes the lead at $16; B bids $20: A is outbid again, and this time it is e-mailed.
        await goto(a, `/sale/${auctionId}`);
        await bid(a, t, 16);
        await expect.poll(() => isLeading(a, auctionId as string)).toBe(true);
        await goto(b, `/sale/${auctionId}`);
        await bid(b, t, 20);
        const outbidAt = await serverNow();
        const { currentPriceCents, isLeading: leads } = await lotState(a, auctionId as string);
        expect(leads).toBe(false);
        await sweep();
        await expect
          .poll(async () => (await noticeMails(email)).filter((m) => m.subject?.includes(OUTBID_TITLE[c.lang])), {
            timeout: 20_000,
          })
          .toHaveLength(1);
        const [mail] = (await noticeMails(email)).filter((m) => m.subject?.includes(OUTBID_TITLE[c.lang]));
        if (!mail) throw new Error('no outbid e-mail');
        // In A's language, about this lot at its price now (the first outbid was never e-mailed).
        expect(mail.subject).toBe(`${OUTBID_TITLE[c.lang]} - NameBourse`);
        expect(mail.body).toContain(domain);
        expect(mail.body).toContain(`$${(currentPriceCents / 100).toFixed(2)}`);
        // The time on A's zone's clock, the zone named with its offset (not the server's UTC, nor Shanghai's).
        const zoneLabel = `${zone} (${offsetLabel(outbidAt, zone)})`;
        expect(mail.body).toContain(zoneLabel);
        expect(mail.body).toContain(wallClock(outbidAt, zone));
        expect(mail.body).not.toContain(wallClock(outbidAt, 'UTC'));
        expect(mail.body).not.toContain(wallClock(outbidAt, 'Asia/Shanghai'));
        lap('outbid e-mailed');

        // The mail's unsubscribe link names the Outbid e-mails; opened signed out, in a fresh browser.
        const unsubscribe = unsubscribeLine(mail.body);
        expect(unsubscribe.words).toContain(nt('notifications:categories.outbid.title'));
        expect(unsubscribe.url.pathname).toBe('/notifications/unsubscribe');
        const link = `${unsubscribe.url.pathname}${unsubscribe.url.search}`;
        const name = nt('notifications:categories.outbid.title');
        for (const view of [other, c]) {
          const context = await openContext(browser(), view);
          opened.push(context);
          const page = await context.newPage();
          await goto(page, link);
          await shown(
            page.getByRole('heading', {
              level: 1,
              name: exact(nt('notifications:unsubscribe.confirmTitle', { name })),
            }),
          );
          await shown(page.getByText(nt('notifications:unsubscribe.confirmBody', { email: masked(email) })));
          await shown(page.getByText(nt('notifications:categories.outbid.description'), { exact: true }));
          expect(await horizontalOverflow(page)).toBe(0);
          await pageShot(page, `notifications-unsubscribe-${view.lang}-${view.width}`);
          if (view !== c) continue;
          // Only the confirmation switches them off (opening the link in the other window changed nothing).
          const [res] = await Promise.all([
            page.waitForResponse((r) => isApi('/notifications/unsubscribe')(r) && r.request().method() === 'POST'),
            page.getByRole('button', { name: exact(nt('notifications:unsubscribe.confirm')) }).click(),
          ]);
          expect(res.status()).toBe(200);
          await shown(
            page.getByRole('heading', { level: 1, name: exact(nt('notifications:unsubscribe.done', { name })) }),
          );
          await shown(
            page.getByRole('status').filter({
              hasText: nt('notifications:unsubscribe.doneBody', { email: masked(email), name }),
            }),
          );
          await pageShot(page, `notifications-unsubscribed-${c.label}`);
        }
        lap('unsubscribed');

        // A's settings show the Outbid e-mails off, everything else as it was.
        await openSettings(a, t);
        expect(await emailSwitch(a, t, 'outbid').isChecked()).toBe(false);
        for (const key of OTHER_KEYS) expect(await emailSwitch(a, t, key).isChecked()).toBe(true);
        await pageShot(a, `notifications-settings-after-${c.label}`);

        // Outbid once more: the notice is kept, no second e-mail.
        await goto(a, `/sale/${auctionId}`);
        await bid(a, t, 21);
        await goto(b, `/sale/${auctionId}`);
        await bid(b, t, 25);
        await sweep();
        expect((await noticeMails(email)).filter((m) => m.subject?.includes(OUTBID_TITLE[c.lang]))).toHaveLength(1);

        // The settings form in the other width.
        contextA = await reopenAtWidth(browser(), contextA, other);
        a = await contextA.newPage();
        await openSettings(a, t);
        expect(await emailSwitch(a, t, 'outbid').isChecked()).toBe(false);
        expect(await timeZoneValue(a, t)).toBe(zone);
        expect(await horizontalOverflow(a)).toBe(0);
        await pageShot(a, `notifications-settings-after-${otherLabel}`);
        lap('settings in the other width');
      } catch (error) {
        await pageShot(a, `notifications-failed-a-${c.label}`).catch(() => undefined);
        await pageShot(b, `notifications-failed-b-${c.label}`).catch(() => undefined);
        throw error;
      } finally {
        for (const context of opened) await context.close();
        await contextA.close();
        await contextB.close();
      }
    });
  }
});
