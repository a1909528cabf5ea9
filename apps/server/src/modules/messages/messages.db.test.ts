import { MESSAGE_KINDS } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { buildMoneyTestApp, signIn } from '../orders/orders.test-support.ts';
import { notify, notifyMany } from './messages.service.ts';
import { renderMessage } from './messages.templates.ts';

const ZH = { locale: 'zh-CN', timezoneOffsetMinutes: 480 } as const;
const EN = { locale: 'en-US', timezoneOffsetMinutes: 0 } as const;

describe('message templates', () => {
  const full = {
    rechargeId: 'R1',
    amountCents: 123_456,
    netCents: 123_356,
    reason: 'Card declined',
    payeeType: 'wire',
    name: 'Zhang San',
    settlementId: 'S1',
    target: 'wire',
    orderId: 'O26010512345678',
    domain: 'example.com',
    payBy: '2026-01-05T18:30:00.000Z',
    status: 'buyer_violation',
    bucket: 'available',
    scopes: 'bid,buy',
    until: '2026-02-01T00:00:00.000Z',
    excerpt: 'We have refunded the order.',
    conversationId: '12',
  };

  it('every kind has a title and body in both languages, without placeholders', () => {
    for (const kind of MESSAGE_KINDS) {
      for (const reader of [ZH, EN]) {
        const { title, body } = renderMessage(kind, full, reader);
        expect(title.length, `${kind} ${reader.locale}`).toBeGreaterThan(1);
        expect(body.length, `${kind} ${reader.locale}`).toBeGreaterThan(5);
        expect(`${title} ${body}`).not.toMatch(/undefined|null|NaN|\{|\}/);
        // Missing params leave their part out rather than printing nothing-words.
        const bare = renderMessage(kind, {}, reader);
        expect(`${bare.title} ${bare.body}`).not.toMatch(/undefined|null|NaN/);
      }
    }
  });

  it('formats amounts as US dollars and times in the reader’s time zone', () => {
    expect(renderMessage('order_paid', full, EN).body).toContain('$1,234.56');
    expect(renderMessage('order_paid', full, ZH).body).toContain('1,234.56');
    expect(renderMessage('order_payment_due', full, EN).body).toContain('2026-01-05 18:30');
    expect(renderMessage('order_payment_due', full, ZH).body).toContain('2026-01-06 02:30');
    expect(renderMessage('balance_adjusted', { ...full, amountCents: -2_000 }, EN).body).toBe(
      'We debited $20.00 from your available balance. Reason: Card declined.',
    );
    expect(renderMessage('balance_adjusted', { ...full, amountCents: 2_000 }, ZH).body).toContain('增加');
    expect(renderMessage('payee_rejected', full, ZH)).toEqual({
      title: '收款人审核未通过',
      body: '您的电汇收款人（Zhang San）未通过审核。原因：Card declined。',
    });
    expect(renderMessage('not_a_kind', {}, EN).title).toBe('Notice');
  });
});

describe.each(enginesFor('app'))('messages API (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string>, locale = 'en-US') =>
    t.app.inject({ method: 'GET', url: `/api/messages${url}`, headers: { ...headers, 'accept-language': locale } });
  const read = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/messages/read', headers, payload: payload as object });

  async function seed(userId: bigint) {
    const { db } = t.app.platform;
    const { clock } = t;
    await notify(db, {
      userId,
      kind: 'recharge_succeeded',
      params: { rechargeId: 'R1', amountCents: 2_000 },
      now: clock.now(),
    });
    clock.advance(1);
    await notify(db, {
      userId,
      kind: 'order_paid',
      params: { orderId: 'O1', domain: 'example.com', amountCents: 10_600 },
      link: '/console/order/list',
      now: clock.now(),
    });
    clock.advance(1);
    await notify(db, {
      userId,
      kind: 'settlement_failed',
      params: { settlementId: 'S1', amountCents: 5_000, reason: 'Bank refused' },
      dedupeKey: 'k1',
      now: clock.now(),
    });
    // The same dedupe key is sent once.
    await notify(db, {
      userId,
      kind: 'settlement_failed',
      params: { settlementId: 'S1' },
      dedupeKey: 'k1',
      now: clock.now(),
    });
  }

  it('lists my messages newest first, rendered in my language, with paging and the unread filter', async () => {
    const { user, headers } = await signIn(t);
    const { user: other, headers: otherHeaders } = await signIn(t);
    await seed(user.id);
    await notify(t.app.platform.db, {
      userId: other.id,
      kind: 'payee_approved',
      params: { payeeType: 'paypal' },
      now: t.clock.now(),
    });

    const en = await get('', headers);
    expect(en.statusCode).toBe(200);
    expect(en.json().data).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(en.json().data.items.map((m: { kind: string }) => m.kind)).toEqual([
      'settlement_failed',
      'order_paid',
      'recharge_succeeded',
    ]);
    expect(en.json().data.items[1]).toEqual({
      messageId: expect.stringMatching(/^\d+$/),
      kind: 'order_paid',
      title: 'Order paid',
      body: expect.stringContaining('$106.00'),
      link: '/console/order/list',
      read: false,
      createdAt: expect.any(String),
    });
    const zh = await get('', headers, 'zh-CN');
    expect(zh.json().data.items[0]).toMatchObject({ title: '结算失败', body: expect.stringContaining('Bank refused') });
    expect(zh.json().data.items[2].title).toBe('充值成功');

    const paged = await get('?page=2&pageSize=2', headers);
    expect(paged.json().data).toMatchObject({ total: 3, page: 2 });
    expect(paged.json().data.items).toHaveLength(1);

    expect((await get('/unread-count', headers)).json().data).toEqual({ unread: 3 });
    expect((await get('/unread-count', otherHeaders)).json().data).toEqual({ unread: 1 });
    expect((await get('', otherHeaders)).json().data.items.map((m: { kind: string }) => m.kind)).toEqual([
      'payee_approved',
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/messages' })).statusCode).toBe(401);
  });

  it('notifyMany writes several messages in one go and skips a repeated dedupe key', async () => {
    const { headers, user } = await signIn(t);
    const now = t.clock.now();
    const input = (dedupeKey: string) => ({ userId: user.id, kind: 'payee_approved' as const, dedupeKey, now });
    await notifyMany(t.app.platform.db, [input('a'), input('b')]);
    await notifyMany(t.app.platform.db, [input('b'), input('c')]);
    await notifyMany(t.app.platform.db, []);
    expect((await get('/unread-count', headers)).json().data.unread).toBe(3);
  });

  it('marks my messages read by id or all at once; others’ ids are refused and nothing changes', async () => {
    const { user, headers } = await signIn(t);
    const { user: other, headers: otherHeaders } = await signIn(t);
    await seed(user.id);
    await notify(t.app.platform.db, { userId: other.id, kind: 'payee_approved', now: t.clock.now() });
    const items = (await get('', headers)).json().data.items as { messageId: string }[];
    const theirs = (await get('', otherHeaders)).json().data.items[0].messageId as string;

    const refused = await read(
      { ...headers, 'accept-language': 'en-US' },
      { messageIds: [items[0]?.messageId, theirs] },
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'Message.NotFound', message: 'This message does not exist' });
    expect((await read(headers, { messageIds: ['abc'] })).json().code).toBe('Message.NotFound');
    expect((await get('/unread-count', headers)).json().data.unread).toBe(3);

    const one = await read(headers, { messageIds: [items[0]?.messageId] });
    expect(one.json()).toMatchObject({ code: '200', data: { unread: 2 } });
    const unread = await get('?unread=true', headers);
    expect(unread.json().data.total).toBe(2);
    expect(unread.json().data.items.map((m: { messageId: string }) => m.messageId)).not.toContain(items[0]?.messageId);
    // unread=false means every message, not only the unread ones.
    expect((await get('?unread=false', headers)).json().data.total).toBe(3);
    expect((await get('', headers)).json().data.items[0].read).toBe(true);

    const all = await read(headers, { all: true });
    expect(all.json().data).toEqual({ unread: 0 });
    expect((await get('?unread=true', headers)).json().data.total).toBe(0);
    expect((await get('/unread-count', otherHeaders)).json().data.unread).toBe(1);

    const bad = await read({ ...headers, 'accept-language': 'en-US' }, { all: false });
    expect(bad.json().code).toBe('Request.Invalid');
    expect((await read(headers, { messageIds: [] })).json().code).toBe('Request.Invalid');
  });
});
