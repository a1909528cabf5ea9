import { FUNDS_LIMITS } from '@namebourse/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enginesFor, suiteContext } from '../../../test/helpers.ts';
import { DELIVERY_BACKOFF_SECONDS } from '../../adapters/payments/sandbox.ts';
import { SIGNATURE_HEADER } from '../../adapters/payments/signing.ts';
import { ledgerTransactions, paymentWebhookEvents, recharges } from '../../db/schema/index.ts';
import { checkBooks, getBalances } from '../ledger/ledger.service.ts';
import { RECHARGE_WEBHOOK_GRACE_SECONDS } from './recharge.service.ts';
import {
  buildFundsTestApp,
  CARD,
  cardWith,
  completeSession,
  getRecharge,
  messagesOf,
  newUser,
  postRecharge,
  SANDBOX_TEST_CARDS,
  startRecharge,
  TEST_HOLD_HEADER,
  type TestUser,
  topUp,
} from './recharge.test-support.ts';

const WEBHOOK = '/api/payments/webhook/sandbox';

describe.each(enginesFor('sql'))('top-up through the sandbox provider (%s)', (engine) => {
  const t = suiteContext(() => buildFundsTestApp(engine), 180_000);

  const balances = (who: TestUser) => getBalances(t.app.platform.db, who.id);
  const books = () => checkBooks(t.app.platform.db, t.clock.now(), async (id) => id);
  const sweep = async () => {
    const result = await t.app.platform.sweeper.runOnce();
    await t.sandbox.settle();
    return result;
  };
  async function rechargeTransactions(rechargeId: string) {
    return t.app.platform.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.refType, 'recharge'), eq(ledgerTransactions.refId, rechargeId)));
  }
  async function deliveredPayload(sessionId: string): Promise<string> {
    const [delivery] = await t.sandbox.deliveries(sessionId);
    if (!delivery) throw new Error('no delivery');
    return delivery.payload;
  }
  function postWebhook(body: string, headers: Record<string, string>) {
    return t.app.inject({ method: 'POST', url: WEBHOOK, headers, payload: body });
  }

  it('tops up $20 by card end to end: hosted page, signed webhook off the request, balance, message', async () => {
    const who = await newUser(t);
    const created = await startRecharge(t, who, { amountCents: 2000, method: 'card' });
    expect(created.feeCents).toBe(60); // 3 % for cards
    expect(created.totalCents).toBe(2060);
    expect(created.payUrl).toBe(`/pay/sandbox/${created.sessionId}`);
    expect(created.rechargeId).toMatch(/^R\d{16}$/);

    const page = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${created.sessionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({
      status: 'open',
      amountCents: 2060,
      currency: 'USD',
      method: 'card',
      returnUrl: `/console/fund/recharge/result?rechargeId=${created.rechargeId}`,
    });
    expect((await getRecharge(t, who, created.rechargeId)).status).toBe('recharging');

    const done = await completeSession(t, created.sessionId, { outcome: 'success', card: CARD });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({
      status: 'succeeded',
      returnUrl: `/console/fund/recharge/result?rechargeId=${created.rechargeId}`,
    });
    await t.sandbox.settle();

    const recharge = await getRecharge(t, who, created.rechargeId);
    expect(recharge).toMatchObject({
      status: 'success',
      amountCents: 2000,
      feeCents: 60,
      cardLast4: '4242',
      payUrl: null,
    });
    expect(recharge.completedAt).not.toBeNull();
    expect(await balances(who)).toEqual({ availableCents: 2000, frozenCents: 0, earningsCents: 0 });
    const [delivery] = await t.sandbox.deliveries(created.sessionId);
    expect(delivery?.deliveredAt).not.toBeNull();
    expect(delivery?.attempts).toBe(1);
    const [message] = await messagesOf(t, who.id, 'recharge_succeeded');
    expect(message?.params).toMatchObject({ rechargeId: created.rechargeId, amountCents: 2000 });
    const check = await books();
    expect(check.balanced).toBe(true);
    expect((await rechargeTransactions(created.rechargeId)).map((r) => r.kind)).toEqual(['recharge']);

    // The page now says it is done, and a second press is refused.
    const again = await completeSession(t, created.sessionId, { outcome: 'success', card: CARD });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('Funds.PaymentSessionClosed');
  });

  it('credits the amount and books the fee: gateway −(amount+fee), available +amount, fees +fee', async () => {
    const before = (await books()).platform;
    const who = await newUser(t);
    const { recharge } = await topUp(t, who, 10_000, { method: 'alipay' });
    expect(recharge.status).toBe('success');
    const after = (await books()).platform;
    const fee = Math.floor((10_000 * FUNDS_LIMITS.rechargeFeeBps.alipay + 5_000) / 10_000);
    expect((after.fees ?? 0) - (before.fees ?? 0)).toBe(fee);
    expect((after.gateway ?? 0) - (before.gateway ?? 0)).toBe(-(10_000 + fee));
    expect((await balances(who)).availableCents).toBe(10_000);
  });

  it('a declined card fails the top-up: nothing credited, the user is told why', async () => {
    const who = await newUser(t);
    const created = await startRecharge(t, who, { amountCents: 5000, method: 'card' });
    const done = await completeSession(t, created.sessionId, {
      outcome: 'success',
      card: cardWith('4000 0000 0000 0002'),
    });
    expect(done.json().data.status).toBe('failed');
    await t.sandbox.settle();
    const recharge = await getRecharge(t, who, created.rechargeId);
    expect(recharge).toMatchObject({ status: 'failed', failureReason: 'card_declined' });
    expect((await balances(who)).availableCents).toBe(0);
    expect(await rechargeTransactions(created.rechargeId)).toHaveLength(0);
    const [message] = await messagesOf(t, who.id, 'recharge_failed');
    expect(message?.params).toMatchObject({ rechargeId: created.rechargeId, reason: 'card_declined' });
  });

  it('declining on the Alipay page, and insufficient funds / expired cards, fail with their reasons', async () => {
    const who = await newUser(t);
    const alipay = await startRecharge(t, who, { amountCents: 800, method: 'alipay' });
    expect(alipay.feeCents).toBe(12);
    await completeSession(t, alipay.sessionId, { outcome: 'fail' });
    const poor = await startRecharge(t, who, { amountCents: 800, method: 'card' });
    await completeSession(t, poor.sessionId, {
      outcome: 'success',
      card: cardWith(SANDBOX_TEST_CARDS.insufficientFunds),
    });
    const old = await startRecharge(t, who, { amountCents: 800, method: 'card' });
    await completeSession(t, old.sessionId, { outcome: 'success', card: { ...CARD, expMonth: 1, expYear: 2025 } });
    await t.sandbox.settle();
    expect((await getRecharge(t, who, alipay.rechargeId)).failureReason).toBe('canceled');
    expect((await getRecharge(t, who, poor.rechargeId)).failureReason).toBe('insufficient_funds');
    expect((await getRecharge(t, who, old.rechargeId)).failureReason).toBe('expired_card');
    expect((await balances(who)).availableCents).toBe(0);
  });

  it("the hosted page needs a valid card for card payments, in the caller's language", async () => {
    const who = await newUser(t);
    const created = await startRecharge(t, who, { amountCents: 600, method: 'card' });
    const zh = { 'accept-language': 'zh-CN' };
    const noCard = await completeSession(t, created.sessionId, { outcome: 'success' }, zh);
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json()).toMatchObject({ code: 'Request.Invalid', data: { fields: { card: '此项为必填项' } } });
    const badNumber = await completeSession(
      t,
      created.sessionId,
      { outcome: 'success', card: cardWith('4242 4242 4242 4241') },
      zh,
    );
    expect(badNumber.json()).toMatchObject({
      code: 'Request.Invalid',
      data: { fields: { 'card.number': '格式不正确' } },
    });
    const badCvc = await completeSession(t, created.sessionId, { outcome: 'success', card: { ...CARD, cvc: '1' } }, zh);
    expect(badCvc.statusCode).toBe(400);
    expect(badCvc.json().data.fields['card.cvc']).toBe('格式不正确');
    // Still open: nothing was decided.
    expect((await getRecharge(t, who, created.rechargeId)).status).toBe('recharging');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/cs_0000', headers: zh });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'Funds.PaymentSessionNotFound', message: '支付会话不存在或已过期' });
  });

  it('refuses tampered, unsigned, foreign-secret and stale webhooks (400) and credits nothing', async () => {
    const who = await newUser(t);
    t.sandbox.failWebhooks(1); // keep the genuine delivery from landing first
    const created = await startRecharge(t, who, { amountCents: 1000, method: 'alipay' });
    await completeSession(t, created.sessionId, { outcome: 'success' });
    await t.sandbox.settle();
    const genuine = await deliveredPayload(created.sessionId);
    const headers = t.sandbox.signedHeaders(genuine);

    const tampered = genuine.replace('"amount":1015', '"amount":1000015');
    expect(tampered).not.toBe(genuine);
    for (const [body, h] of [
      [tampered, headers],
      [genuine, { 'content-type': 'application/json' }],
      // One character of the signature changed (to another: a signature starting with 0 stayed valid 1 time in 16).
      [
        genuine,
        {
          ...headers,
          [SIGNATURE_HEADER]: headers[SIGNATURE_HEADER]!.replace(/v1=(.)/, (_, c) => `v1=${c === '0' ? '1' : '0'}`),
        },
      ],
      [genuine, { ...headers, [SIGNATURE_HEADER]: 'garbage' }],
    ] as const) {
      const res = await postWebhook(body, h);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('Funds.WebhookSignatureInvalid');
    }
    // A real signature from ten minutes ago (a captured call replayed late).
    const old = t.sandbox.signedHeaders(genuine, new Date(t.clock.now().getTime() - 600_000));
    const stale = await postWebhook(genuine, old);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe('Funds.WebhookSignatureInvalid');
    // Unknown provider.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      headers,
      payload: genuine,
    });
    expect(other.statusCode).toBe(404);

    expect((await getRecharge(t, who, created.rechargeId)).status).toBe('recharging');
    expect((await balances(who)).availableCents).toBe(0);

    // The provider's retry (re-signed) is accepted.
    t.clock.advance(DELIVERY_BACKOFF_SECONDS[0]!);
    await sweep();
    expect((await getRecharge(t, who, created.rechargeId)).status).toBe('success');
    expect((await balances(who)).availableCents).toBe(1000);
  });

  it('a replayed or duplicated webhook credits once', async () => {
    const who = await newUser(t);
    const { sessionId, rechargeId } = await topUp(t, who, 3000);
    const payload = await deliveredPayload(sessionId);
    for (let i = 0; i < 3; i++) {
      const res = await postWebhook(payload, t.sandbox.signedHeaders(payload));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ received: true, duplicate: true });
    }
    // The same outcome under a new event id (a provider resending as a new event): still once.
    const resent = payload.replace(/"id":"evt_[0-9a-f]+"/, '"id":"evt_resent0001"');
    const res = await postWebhook(resent, t.sandbox.signedHeaders(resent));
    expect(res.json().data).toEqual({ received: true, duplicate: false });
    expect((await balances(who)).availableCents).toBe(3000);
    expect(await rechargeTransactions(rechargeId)).toHaveLength(1);
    expect(await messagesOf(t, who.id, 'recharge_succeeded')).toHaveLength(1);
    // A failure after the success changes nothing.
    const failed = payload
      .replace(/"id":"evt_[0-9a-f]+"/, '"id":"evt_latefail01"')
      .replace('"type":"checkout.session.completed"', '"type":"checkout.session.async_payment_failed"');
    await postWebhook(failed, t.sandbox.signedHeaders(failed));
    expect((await getRecharge(t, who, rechargeId)).status).toBe('success');
    expect((await books()).balanced).toBe(true);
  });

  it('retries an unacknowledged webhook with back-off until it lands', async () => {
    const who = await newUser(t);
    t.sandbox.failWebhooks(2);
    const created = await startRecharge(t, who, { amountCents: 1500, method: 'card' });
    await completeSession(t, created.sessionId, { outcome: 'success', card: CARD });
    await t.sandbox.settle();
    let [delivery] = await t.sandbox.deliveries(created.sessionId);
    expect(delivery).toMatchObject({ attempts: 1, deliveredAt: null });
    expect(delivery?.lastError).toMatch(/simulated/);
    expect((await getRecharge(t, who, created.rechargeId)).status).toBe('recharging');

    await sweep(); // not due yet
    expect((await t.sandbox.deliveries(created.sessionId))[0]?.attempts).toBe(1);
    t.clock.advance(DELIVERY_BACKOFF_SECONDS[0]!);
    await sweep(); // attempt 2 fails too
    [delivery] = await t.sandbox.deliveries(created.sessionId);
    expect(delivery).toMatchObject({ attempts: 2, deliveredAt: null });
    t.clock.advance(DELIVERY_BACKOFF_SECONDS[1]!);
    await sweep();
    [delivery] = await t.sandbox.deliveries(created.sessionId);
    expect(delivery?.attempts).toBe(3);
    expect(delivery?.deliveredAt).not.toBeNull();
    expect((await getRecharge(t, who, created.rechargeId)).status).toBe('success');
    expect((await balances(who)).availableCents).toBe(1500);
  });

  it('an abandoned checkout expires at the provider and the top-up fails', async () => {
    const who = await newUser(t);
    const created = await startRecharge(t, who, { amountCents: 700, method: 'alipay' });
    t.clock.advance(FUNDS_LIMITS.checkoutSessionTtlSeconds + 1);
    const page = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${created.sessionId}` });
    expect(page.json().data.status).toBe('expired');
    const result = await sweep();
    expect(result.advanced.map((a) => a.sweeper)).toContain('payments.sandbox.expire');
    expect(await getRecharge(t, who, created.rechargeId)).toMatchObject({ status: 'failed', failureReason: 'expired' });
    const late = await completeSession(t, created.sessionId, { outcome: 'success' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('Funds.PaymentSessionClosed');
  });

  it('fails a top-up the provider never answered for, and credits the late confirmation', async () => {
    const who = await newUser(t);
    t.sandbox.failWebhooks(100);
    const created = await startRecharge(t, who, { amountCents: 900, method: 'card' });
    await completeSession(t, created.sessionId, { outcome: 'success', card: CARD });
    await t.sandbox.settle();
    t.clock.advance(FUNDS_LIMITS.checkoutSessionTtlSeconds + RECHARGE_WEBHOOK_GRACE_SECONDS + 1);
    const result = await sweep();
    expect(result.advanced.map((a) => a.sweeper)).toContain('funds.recharge.expire');
    expect(await getRecharge(t, who, created.rechargeId)).toMatchObject({ status: 'failed', failureReason: 'expired' });
    expect(await messagesOf(t, who.id, 'recharge_failed')).toHaveLength(1);

    t.sandbox.reset();
    t.clock.advance(3 * 3600);
    await sweep();
    expect(await getRecharge(t, who, created.rechargeId)).toMatchObject({ status: 'success', failureReason: null });
    expect((await balances(who)).availableCents).toBe(900);
    expect(await messagesOf(t, who.id, 'recharge_succeeded')).toHaveLength(1);
    expect((await books()).balanced).toBe(true);
  });

  it('saves a card on the provider page and charges it later without a redirect', async () => {
    const who = await newUser(t);
    await topUp(t, who, 2000, { saveCard: true });
    const cards = await t.app.inject({ method: 'GET', url: '/api/funds/cards', headers: who.headers });
    expect(cards.statusCode).toBe(200);
    const [card] = cards.json().data.items;
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, holder: 'SAN ZHANG' });

    const charged = await startRecharge(t, who, { amountCents: 1000, method: 'card', cardId: card.cardId });
    expect(charged.payUrl).toBe(`/console/fund/recharge/result?rechargeId=${charged.rechargeId}`);
    await t.sandbox.settle();
    expect(await getRecharge(t, who, charged.rechargeId)).toMatchObject({ status: 'success', cardLast4: '4242' });
    expect((await balances(who)).availableCents).toBe(3000);

    // Another account cannot charge it; a card id with Alipay is refused in the caller's language.
    const other = await newUser(t, 'zh-CN');
    const foreign = await postRecharge(t, other.headers, { amountCents: 1000, method: 'card', cardId: card.cardId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'Funds.CardNotFound', message: '银行卡不存在或已删除' });
    const mixed = await postRecharge(t, other.headers, { amountCents: 1000, method: 'alipay', cardId: card.cardId });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({ code: 'Request.Invalid', data: { fields: { cardId: '格式不正确' } } });
  });

  it('a saved card that declines later fails the charge; a removed card is detached and cannot be charged', async () => {
    const who = await newUser(t);
    await topUp(t, who, 1000, { saveCard: true, card: cardWith(SANDBOX_TEST_CARDS.declinesWhenSaved) });
    const [card] = (await t.app.inject({ method: 'GET', url: '/api/funds/cards', headers: who.headers })).json().data
      .items;
    expect(card.last4).toBe('0341');
    const charged = await startRecharge(t, who, { amountCents: 1000, method: 'card', cardId: card.cardId });
    await t.sandbox.settle();
    expect(await getRecharge(t, who, charged.rechargeId)).toMatchObject({
      status: 'failed',
      failureReason: 'card_declined',
    });
    expect((await balances(who)).availableCents).toBe(1000);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/funds/cards/${card.cardId}`,
      headers: who.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.items).toEqual([]);
    expect(await t.sandbox.listCards(`cus_nb${who.id}`)).toEqual([]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/funds/cards/${card.cardId}`,
      headers: who.headers,
    });
    expect(again.json().code).toBe('Funds.CardNotFound');
    const charge = await postRecharge(t, who.headers, { amountCents: 1000, method: 'card', cardId: card.cardId });
    expect(charge.statusCode).toBe(404);
    expect(charge.json().code).toBe('Funds.CardNotFound');
  });

  it(`keeps at most ${FUNDS_LIMITS.cardsMax} cards: a further one is not saved and is detached at the provider`, async () => {
    const who = await newUser(t);
    for (let i = 0; i <= FUNDS_LIMITS.cardsMax; i++) await topUp(t, who, 500, { saveCard: true });
    const cards = (await t.app.inject({ method: 'GET', url: '/api/funds/cards', headers: who.headers })).json().data
      .items;
    expect(cards).toHaveLength(FUNDS_LIMITS.cardsMax);
    expect(await t.sandbox.listCards(`cus_nb${who.id}`)).toHaveLength(FUNDS_LIMITS.cardsMax);
    expect((await balances(who)).availableCents).toBe(500 * (FUNDS_LIMITS.cardsMax + 1));
  });

  it('Idempotency-Key: same key and body → the first result; another body → 422; while running → 409', async () => {
    const who = await newUser(t);
    const send = (body: object, extra: Record<string, string> = {}) =>
      postRecharge(t, { ...who.headers, 'idempotency-key': 'topup-1', ...extra }, body);
    const first = await send({ amountCents: 2500, method: 'card' });
    expect(first.statusCode).toBe(200);
    const second = await send({ amountCents: 2500, method: 'card' });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data).toEqual(first.json().data);
    const rows = await t.app.platform.db.select().from(recharges).where(eq(recharges.userId, who.id));
    expect(rows).toHaveLength(1);

    const conflict = await send({ amountCents: 2600, method: 'card' }, { 'accept-language': 'zh-CN' });
    expect(conflict.statusCode).toBe(422);
    expect(conflict.json()).toMatchObject({
      code: 'Request.IdempotencyConflict',
      message: '该幂等键已用于另一个请求',
    });

    const running = postRecharge(
      t,
      { ...who.headers, 'idempotency-key': 'topup-2', [TEST_HOLD_HEADER]: '1' },
      { amountCents: 900, method: 'alipay' },
    );
    await t.held();
    // A duplicate while the first still runs waits for it and then answers as it did.
    const duplicateP = postRecharge(
      t,
      { ...who.headers, 'idempotency-key': 'topup-2' },
      { amountCents: 900, method: 'alipay' },
    );
    await new Promise((r) => setTimeout(r, 50));
    t.release();
    const done = await running;
    expect(done.statusCode).toBe(200);
    const duplicate = await duplicateP;
    expect(duplicate.statusCode).toBe(200);
    expect(duplicate.headers['idempotent-replayed']).toBe('true');
    expect(duplicate.body).toBe(done.body);
    const replay = await postRecharge(
      t,
      { ...who.headers, 'idempotency-key': 'topup-2' },
      { amountCents: 900, method: 'alipay' },
    );
    expect(replay.json().data).toEqual(done.json().data);
    expect(await t.app.platform.db.select().from(recharges).where(eq(recharges.userId, who.id))).toHaveLength(2);
  });

  it('refuses bad input with localised field messages, and visitors', async () => {
    const who = await newUser(t, 'zh-CN');
    const post = (payload: object, headers = who.headers) => postRecharge(t, headers, payload);
    const low = await post({ amountCents: 499, method: 'card' });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({
      code: 'Request.Invalid',
      message: '请求参数有误，请检查后重试',
      data: { fields: { amountCents: '充值金额最低为 5 美元' } },
    });
    const method = await post({ amountCents: 500, method: 'paypal' });
    expect(method.json().data.fields.method).toBe('请选择有效的选项');
    const fraction = await post({ amountCents: 500.5, method: 'card' });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().data.fields.amountCents).toBeTruthy();
    const huge = await post({ amountCents: FUNDS_LIMITS.rechargeMaxCents + 1, method: 'card' });
    expect(huge.statusCode).toBe(400);
    const { 'x-test-user': _dropped, ...visitor } = who.headers;
    const anonymous = await post({ amountCents: 500, method: 'card' }, visitor);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('Account.Unauthorized');
    const minimum = await post({ amountCents: 500, method: 'card' });
    expect(minimum.json().data).toMatchObject({ feeCents: 15, totalCents: 515 });
  });

  it('lists my top-ups newest first with a status filter and paging; others are not mine', async () => {
    const who = await newUser(t);
    await topUp(t, who, 600);
    t.clock.advance(1);
    await topUp(t, who, 700, { card: cardWith(SANDBOX_TEST_CARDS.declined) });
    t.clock.advance(1);
    const open = await startRecharge(t, who, { amountCents: 800, method: 'alipay' });
    const list = await t.app.inject({ method: 'GET', url: '/api/funds/recharges?pageSize=2', headers: who.headers });
    expect(list.json().data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(list.json().data.items.map((r: { amountCents: number }) => r.amountCents)).toEqual([800, 700]);
    expect(list.json().data.items[0]).toMatchObject({
      rechargeId: open.rechargeId,
      status: 'recharging',
      payUrl: open.payUrl,
    });
    const failed = await t.app.inject({
      method: 'GET',
      url: '/api/funds/recharges?status=failed',
      headers: who.headers,
    });
    expect(failed.json().data.items.map((r: { amountCents: number }) => r.amountCents)).toEqual([700]);

    const stranger = await newUser(t);
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/funds/recharges/${open.rechargeId}`,
      headers: stranger.headers,
    });
    expect(peek.statusCode).toBe(404);
    expect(peek.json().code).toBe('Funds.RechargeNotFound');
  });

  it('dev tools steer the sandbox: failed deliveries, then /api/dev/sweep delivers the retry', async () => {
    const who = await newUser(t);
    const steer = await t.app.inject({ method: 'POST', url: '/api/dev/payments', payload: { failWebhooks: 1 } });
    expect(steer.statusCode).toBe(200);
    expect(steer.json().data.failWebhooks).toBe(1);
    const created = await startRecharge(t, who, { amountCents: 1200, method: 'alipay' });
    await completeSession(t, created.sessionId, { outcome: 'success' });
    await t.sandbox.settle();
    const pending = await t.app.inject({ method: 'POST', url: '/api/dev/payments', payload: {} });
    expect(pending.json().data).toMatchObject({ failWebhooks: 0 });
    expect(pending.json().data.pendingDeliveries).toBeGreaterThanOrEqual(1);
    t.clock.advance(DELIVERY_BACKOFF_SECONDS[0]!);
    const swept = await t.app.inject({ method: 'POST', url: '/api/dev/sweep' });
    expect(swept.json().data.advanced).toEqual(
      expect.arrayContaining([{ sweeper: 'payments.sandbox.deliver', count: expect.any(Number) }]),
    );
    expect((await getRecharge(t, who, created.rechargeId)).status).toBe('success');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/dev/payments',
      payload: { failWebhooks: 3, reset: true },
    });
    expect(reset.json().data.failWebhooks).toBe(3);
    t.sandbox.reset();
  });

  it('documents the top-up, provider and card endpoints in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/funds/recharge', 'post'],
      ['/api/funds/recharges', 'get'],
      ['/api/funds/recharges/{rechargeId}', 'get'],
      ['/api/payments/webhook/{provider}', 'post'],
      ['/api/payments/sandbox/{sessionId}', 'get'],
      ['/api/payments/sandbox/{sessionId}/complete', 'post'],
      ['/api/funds/cards', 'get'],
      ['/api/funds/cards/{cardId}', 'delete'],
      ['/api/funds/summary', 'get'],
      ['/api/funds/transactions', 'get'],
    ]) {
      expect(doc.paths[path as string]?.[method as string], `${method} ${path}`).toBeDefined();
    }
  });

  it.runIf(engine === 'postgres')('concurrent duplicate webhooks credit once', async () => {
    const who = await newUser(t);
    t.sandbox.failWebhooks(1);
    const created = await startRecharge(t, who, { amountCents: 4000, method: 'card' });
    await completeSession(t, created.sessionId, { outcome: 'success', card: CARD });
    await t.sandbox.settle();
    const payload = await deliveredPayload(created.sessionId);
    // 12 copies of the one event and 12 more under other ids, all at once.
    const bodies = [
      ...Array.from({ length: 12 }, () => payload),
      ...Array.from({ length: 12 }, (_, i) => payload.replace(/"id":"evt_[0-9a-f]+"/, `"id":"evt_dup${i}"`)),
    ];
    const results = await Promise.all(bodies.map((b) => postWebhook(b, t.sandbox.signedHeaders(b))));
    expect(results.map((r) => r.statusCode)).toEqual(bodies.map(() => 200));
    expect(results.filter((r) => r.json().data.duplicate === false)).toHaveLength(13);
    expect((await balances(who)).availableCents).toBe(4000);
    expect(await rechargeTransactions(created.rechargeId)).toHaveLength(1);
    expect(await messagesOf(t, who.id, 'recharge_succeeded')).toHaveLength(1);
    const events = await t.app.platform.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.sessionId, created.sessionId));
    expect(events).toHaveLength(13);
    expect((await books()).balanced).toBe(true);
  });
});
