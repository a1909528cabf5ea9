import { DEFAULT_SETTINGS, type MessageKind, type Settings } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  authenticateByTestHeader,
  buildTestApp,
  enginesFor,
  TEST_USER_HEADER,
  type TestContext,
} from '../../../test/helpers.ts';
import { createUser } from '../account/account.service.ts';
import { getSettings, updateSettings } from '../profile/profile.service.ts';
import { sendDigest } from './messages.mail.service.ts';
import { claimDueDigestUsers, listEmailStatuses } from './messages.repository.ts';
import { notify } from './messages.service.ts';
import { signUnsubscribeToken } from './messages.unsubscribe-token.ts';

const OUTBID = { auctionId: '7', domain: 'example.com', amountCents: 12_500 };

describe.each(enginesFor('app'))('notification e-mails (%s)', (engine) => {
  let t: TestContext;
  let seq = 0;
  beforeAll(async () => {
    t = await buildTestApp(engine, {}, authenticateByTestHeader);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newUser(settings: Partial<Settings> = {}) {
    seq += 1;
    const email = `notify-${seq}@example.com`;
    const user = await createUser(t.app.platform.db, t.app.platform.clock, {
      email,
      password: 'Passw0rd!x',
      nickname: `notify${seq}`,
    });
    await updateSettings(t.app, user.id, {
      ...DEFAULT_SETTINGS,
      ...settings,
      notifications: { ...DEFAULT_SETTINGS.notifications, ...settings.notifications },
    });
    return { user, email, headers: { [TEST_USER_HEADER]: String(user.id) } };
  }
  const send = (userId: bigint, kind: MessageKind, params: Record<string, string | number> = OUTBID) =>
    notify(t.app.platform.db, { userId, kind, params, link: '/console/my-auctions', now: t.clock.now() });
  const sweep = () => t.app.platform.sweeper.runOnce();
  const mails = (email: string) => t.app.platform.outbox.listFor(email);
  const statuses = async (userId: bigint) =>
    (await listEmailStatuses(t.app.platform.db, userId)).map(({ kind, emailStatus }) => `${kind}:${emailStatus}`);
  const tokenIn = (body: string) => {
    const match = /\/notifications\/unsubscribe\?token=([^\s]+)/.exec(body);
    return match ? decodeURIComponent(match[1] as string) : '';
  };
  const unsubscribe = (method: 'GET' | 'POST', token: string, locale = 'en-US') =>
    method === 'GET'
      ? t.app.inject({
          method,
          url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
          headers: { 'accept-language': locale },
        })
      : t.app.inject({
          method,
          url: '/api/notifications/unsubscribe',
          headers: { 'accept-language': locale },
          payload: { token },
        });

  it('e-mails an outbid notice in the user’s language, times in their zone, with a one-click unsubscribe', async () => {
    const { user, email } = await newUser({ language: 'en-US', timeZone: 'America/New_York' });
    const spy = vi.spyOn(t.app.platform.mailer, 'send');
    try {
      await send(user.id, 'auction_outbid');
      await send(user.id, 'auction_won', { ...OUTBID, orderId: 'O1', payBy: '2026-03-10T15:30:00.000Z' });
      expect(await statuses(user.id)).toEqual(['auction_outbid:pending', 'auction_won:pending']);
      await sweep();
      const sent = await mails(email);
      expect(sent.map((m) => m.subject)).toEqual([
        'You won the auction - NameBourse',
        'You have been outbid - NameBourse',
      ]);
      const outbid = sent[1]?.body ?? '';
      expect(outbid).toContain('The price of example.com is now $125.00');
      expect(outbid).toContain('All times are in America/New_York (UTC-05:00).');
      // Created at 2026-01-05 00:00 UTC: 19:00 the day before in New York.
      expect(outbid).toContain('2026-01-04 19:00');
      expect(outbid).toContain('/console/message/list');
      // The pay-by time in the user's zone (daylight saving time in March: UTC-4).
      expect(sent[0]?.body).toContain('Please pay by 2026-03-10 11:30');
      const headers = spy.mock.calls.find(([m]) => m.subject.startsWith('You have been outbid'))?.[0].headers;
      expect(headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(headers?.['List-Unsubscribe']).toMatch(
        /^<http:\/\/localhost:\d+\/api\/notifications\/unsubscribe\?token=/,
      );
      expect(await statuses(user.id)).toEqual(['auction_outbid:sent', 'auction_won:sent']);
    } finally {
      spy.mockRestore();
    }
  });

  it('writes a Chinese e-mail for a Chinese reader, in Beijing time', async () => {
    const { user, email } = await newUser({ language: 'zh-CN', timeZone: 'Asia/Shanghai' });
    await send(user.id, 'auction_outbid');
    await sweep();
    const [mail] = await mails(email);
    expect(mail?.subject).toBe('您的出价已被超过 - NameBourse');
    expect(mail?.body).toContain('邮件中的时间均为 Asia/Shanghai (UTC+08:00) 时间');
    const beijing = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString();
    expect(mail?.body).toContain(`${beijing.slice(0, 10)} ${beijing.slice(11, 16)}`);
    expect(mail?.body).toContain('不再接收“出价被超过”邮件');
  });

  it('a switched-off category is skipped but stays in the message centre; kinds never e-mailed are left alone', async () => {
    const { user, email, headers } = await newUser({
      notifications: { ...DEFAULT_SETTINGS.notifications, outbid: false },
    });
    await send(user.id, 'auction_outbid');
    await send(user.id, 'recharge_succeeded', { amountCents: 100 });
    await sweep();
    expect(await mails(email)).toEqual([]);
    expect(await statuses(user.id)).toEqual(['auction_outbid:skipped', 'recharge_succeeded:null']);
    const centre = await t.app.inject({ method: 'GET', url: '/api/messages', headers });
    expect(centre.json().data.items.map((m: { kind: string }) => m.kind)).toEqual([
      'recharge_succeeded',
      'auction_outbid',
    ]);
  });

  it('the message centre writes times in the user’s time-zone setting, whatever the browser’s offset', async () => {
    const { user, headers } = await newUser({ language: 'en-US', timeZone: 'America/New_York' });
    await send(user.id, 'auction_won', { ...OUTBID, orderId: 'O3', payBy: '2026-03-10T15:30:00.000Z' });
    const centre = await t.app.inject({
      method: 'GET',
      url: '/api/messages',
      headers: { ...headers, 'accept-language': 'en-US', 'accept-timezone-offset': '480' },
    });
    expect(centre.json().data.items[0].body).toContain('Please pay by 2026-03-10 11:30');
  });

  it('a saved switch is honoured at once', async () => {
    const { user, email } = await newUser();
    await send(user.id, 'auction_outbid');
    const settings = await getSettings(t.app, user.id);
    await updateSettings(t.app, user.id, { ...settings, notifications: { ...settings.notifications, outbid: false } });
    await sweep();
    expect(await mails(email)).toEqual([]);
  });

  it('the daily digest sends one e-mail with the day’s notices at 08:00 in the user’s zone', async () => {
    const { user, email } = await newUser({ language: 'en-US', timeZone: 'Asia/Tokyo', digest: true });
    await send(user.id, 'auction_outbid');
    t.clock.advance(60);
    await send(user.id, 'auction_won', { ...OUTBID, orderId: 'O2', payBy: '2026-03-10T15:30:00.000Z' });
    await send(user.id, 'offer_received', { domain: 'offer.com', amountCents: 5_000, offerId: '3' });
    await sweep();
    expect(await mails(email)).toEqual([]);
    expect(await statuses(user.id)).toEqual(['auction_outbid:digest', 'auction_won:digest', 'offer_received:digest']);
    const rows = await listEmailStatuses(t.app.platform.db, user.id);
    const due = rows[0]?.emailedAt as Date;
    // 08:00 in Tokyo is 23:00 UTC.
    expect(due.toISOString()).toMatch(/T23:00:00\.000Z$/);
    expect(due.getTime()).toBeGreaterThan(t.clock.now().getTime());

    t.clock.set(new Date(due.getTime() - 60_000));
    await sweep();
    expect(await mails(email)).toEqual([]);
    t.clock.set(due);
    await sweep();
    await sweep();
    const sent = await mails(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('Your NameBourse daily digest (3 notices)');
    for (const title of ['You have been outbid', 'You won the auction', 'New offer']) {
      expect(sent[0]?.body).toContain(title);
    }
    expect(sent[0]?.body).toContain('All times are in Asia/Tokyo (UTC+09:00).');
    // One unsubscribe link per category in the digest.
    expect(sent[0]?.body.match(/no sign-in needed/g)).toHaveLength(3);
    expect(await statuses(user.id)).toEqual(['auction_outbid:sent', 'auction_won:sent', 'offer_received:sent']);
  });

  it('the unsubscribe link switches its category off without signing in', async () => {
    const { user, email, headers } = await newUser({ language: 'en-US' });
    await send(user.id, 'auction_outbid');
    await sweep();
    const token = tokenIn((await mails(email))[0]?.body ?? '');
    expect(token).not.toBe('');

    const described = await unsubscribe('GET', token);
    expect(described.statusCode).toBe(200);
    expect(described.json().data).toEqual({ category: 'outbid', email: 'n***@example.com', subscribed: true });
    const done = await unsubscribe('POST', token);
    expect(done.json()).toMatchObject({ code: '200', data: { category: 'outbid', subscribed: false } });
    expect((await unsubscribe('POST', token)).json().data.subscribed).toBe(false);
    const settings = await t.app.inject({ method: 'GET', url: '/api/account-manage/get-settings', headers });
    expect(settings.json().data.notifications).toMatchObject({ outbid: false, auctionWon: true });
    expect(settings.json().data.language).toBe('en-US');

    await send(user.id, 'auction_outbid');
    await sweep();
    expect(await mails(email)).toHaveLength(1);
  });

  it('a mail client’s RFC 8058 one-click POST unsubscribes too', async () => {
    const { user } = await newUser();
    const token = signUnsubscribeToken(t.config.appSecret, user.id, 'offers');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect((await getSettings(t.app, user.id)).notifications.offers).toBe(false);
  });

  it('refuses a forged, altered or missing token with a clear error and changes nothing', async () => {
    const { user } = await newUser();
    const good = signUnsubscribeToken(t.config.appSecret, user.id, 'outbid');
    const sig = good.split('.')[2] as string;
    const forged = [
      `${user.id}.outbid.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      `${user.id}.selling.${sig}`,
      `${user.id + 1n}.outbid.${sig}`,
      signUnsubscribeToken('another-secret-another-secret-another', user.id, 'outbid'),
      'garbage',
    ];
    for (const token of forged) {
      const res = await unsubscribe('POST', token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'Notification.UnsubscribeLinkInvalid',
        message: expect.stringContaining('not valid'),
      });
    }
    const zh = await unsubscribe('GET', forged[0] as string, 'zh-CN');
    expect(zh.json().message).toContain('退订链接无效');
    const none = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe', payload: {} });
    expect(none.json().code).toBe('Notification.UnsubscribeLinkInvalid');
    expect((await getSettings(t.app, user.id)).notifications).toEqual(DEFAULT_SETTINGS.notifications);
  });

  it('a restriction is e-mailed at once whatever the switches and the digest say', async () => {
    const off = Object.fromEntries(Object.keys(DEFAULT_SETTINGS.notifications).map((k) => [k, false]));
    const { user, email } = await newUser({
      language: 'en-US',
      digest: true,
      notifications: off as Settings['notifications'],
    });
    await notify(t.app.platform.db, {
      userId: user.id,
      kind: 'account_restricted',
      params: { scopes: 'bid', reason: 'Unpaid orders' },
      now: t.clock.now(),
    });
    await send(user.id, 'auction_outbid');
    await sweep();
    const sent = await mails(email);
    expect(sent.map((m) => m.subject)).toEqual(['Your account is restricted with limited functionality - NameBourse']);
    // Security notices cannot be switched off: no unsubscribe link.
    expect(sent[0]?.body).not.toContain('no sign-in needed');
  });

  it('sweeps are idempotent: two at once send one e-mail', async () => {
    const { user, email } = await newUser();
    await send(user.id, 'auction_outbid');
    await Promise.all([sweep(), sweep()]);
    await sweep();
    expect(await mails(email)).toHaveLength(1);
  });

  it('two digest sweeps at once (two instances) send a user one digest with every notice', async () => {
    const { user, email } = await newUser({ language: 'en-US', timeZone: 'UTC', digest: true });
    // More notices than a sweep batch claims, so two sweeps' batches can each hold some of them.
    for (let i = 0; i < 60; i++) {
      await notify(t.app.platform.db, {
        userId: user.id,
        kind: 'auction_outbid',
        params: { ...OUTBID, auctionId: String(1000 + i) },
        link: null,
        now: t.clock.now(),
      });
    }
    await sweep();
    const rows = await listEmailStatuses(t.app.platform.db, user.id);
    t.clock.set(rows[0]?.emailedAt as Date);
    const now = t.clock.now();
    // What the digest sweeper does in one batch, as two instances would run it side by side: both
    // claim before either sends.
    let claims = 0;
    let bothClaimed: () => void = () => undefined;
    const barrier = new Promise<void>((resolve) => {
      bothClaimed = resolve;
    });
    const batch = async () => {
      const then = await t.app.platform.db.transaction(async (tx) => {
        const claimed = await claimDueDigestUsers(tx, now, 50);
        if (++claims === 2) bothClaimed();
        await Promise.race([barrier, new Promise((resolve) => setTimeout(resolve, 500))]);
        const after = [];
        for (const { userId } of claimed) after.push(await sendDigest(t.app, tx, userId, now));
        return after;
      });
      for (const fn of then) await fn?.();
    };
    await Promise.all([batch(), batch()]);
    await sweep();
    const sent = await mails(email);
    expect(sent.map((m) => m.subject)).toEqual(['Your NameBourse daily digest (60 notices)']);
  });

  it('a failed send is tried again with backoff, then marked failed', async () => {
    const { user, email } = await newUser();
    const spy = vi.spyOn(t.app.platform.mailer, 'send').mockRejectedValue(new Error('smtp down'));
    try {
      await send(user.id, 'auction_outbid');
      await sweep();
      expect(await statuses(user.id)).toEqual(['auction_outbid:pending']);
      await sweep();
      expect(spy).toHaveBeenCalledTimes(1);
      t.clock.advance(60);
      await sweep();
      expect(spy).toHaveBeenCalledTimes(2);
      spy.mockRestore();
      t.clock.advance(5 * 60);
      await sweep();
      expect(await mails(email)).toHaveLength(1);
      expect(await statuses(user.id)).toEqual(['auction_outbid:sent']);

      const again = vi.spyOn(t.app.platform.mailer, 'send').mockRejectedValue(new Error('smtp down'));
      await send(user.id, 'auction_won', { ...OUTBID, orderId: 'O9' });
      for (const minutes of [0, 1, 5, 30]) {
        t.clock.advance(minutes * 60);
        await sweep();
      }
      expect(again).toHaveBeenCalledTimes(4);
      expect(await statuses(user.id)).toEqual(['auction_outbid:sent', 'auction_won:failed']);
      again.mockRestore();
    } finally {
      spy.mockRestore();
    }
  });
});
