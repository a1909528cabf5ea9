import { depositFor } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { buildMoneyTestApp, readyBuyer, sessionHeaders } from '../orders/orders.test-support.ts';
import { bidDirect, exitDirect, insertTestLot, lotRow, sweep } from './auctions.closing.test-support.ts';

const BALANCE = 1_000_000;

describe.each(enginesFor('app'))('buyer consoles (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (userId: bigint, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...(await sessionHeaders(t, userId)), 'accept-language': 'en-US' } });
  const ids = (body: { data: { items: { auctionId: string }[] } }) => body.data.items.map((i) => i.auctionId);

  it('my bidding: tabs by where I stand, newest activity first, exit only when outbid', async () => {
    const me = await readyBuyer(t, BALANCE);
    const rival = await readyBuyer(t, BALANCE);
    const won = await insertTestLot(t, { endsInSeconds: 60 });
    const lost = await insertTestLot(t, { endsInSeconds: 60 });
    await bidDirect(t, won.id, rival.user.id, 2_000);
    await bidDirect(t, won.id, me.user.id, 5_000);
    await bidDirect(t, lost.id, me.user.id, 2_000);
    await bidDirect(t, lost.id, rival.user.id, 5_000);
    t.clock.advance(61);
    await sweep(t);
    const leading = await insertTestLot(t);
    const outbid = await insertTestLot(t);
    const exited = await insertTestLot(t);
    await bidDirect(t, leading.id, me.user.id, 3_000);
    t.clock.advance(1);
    await bidDirect(t, outbid.id, me.user.id, 2_000);
    await bidDirect(t, outbid.id, rival.user.id, 9_000);
    t.clock.advance(1);
    await bidDirect(t, exited.id, me.user.id, 2_000);
    await bidDirect(t, exited.id, rival.user.id, 9_000);
    t.clock.advance(1);
    await exitDirect(t, exited.id, me.user.id);

    const all = (await get(me.user.id, '/api/console/auctions')).json();
    expect(all.data.total).toBe(5);
    expect(ids(all)).toEqual([exited, outbid, leading, lost, won].map((l) => l.id.toString()));
    const byId = new Map(all.data.items.map((i: { auctionId: string }) => [i.auctionId, i]));
    expect(byId.get(leading.id.toString())).toMatchObject({
      state: 'leading',
      canExit: false,
      myMaxBidCents: 3_000,
      myDepositCents: depositFor(3_000),
      status: 'bidding',
    });
    expect(byId.get(outbid.id.toString())).toMatchObject({ state: 'outbid', canExit: true, myMaxBidCents: 2_000 });
    expect(byId.get(exited.id.toString())).toMatchObject({ state: 'exited', canExit: false, myDepositCents: 0 });
    expect(byId.get(won.id.toString())).toMatchObject({ state: 'won', status: 'ended', canExit: false });
    expect(byId.get(lost.id.toString())).toMatchObject({ state: 'lost', myDepositCents: 0 });

    const tab = async (status: string) => ids((await get(me.user.id, `/api/console/auctions?status=${status}`)).json());
    expect(await tab('bidding')).toEqual([outbid.id.toString(), leading.id.toString()]);
    expect(await tab('leading')).toEqual([leading.id.toString()]);
    expect(await tab('outbid')).toEqual([outbid.id.toString()]);
    expect(await tab('ended')).toEqual([lost.id.toString(), won.id.toString()]);
    expect(await tab('exited')).toEqual([exited.id.toString()]);
    // The rival sees their own lots only.
    expect((await get(rival.user.id, '/api/console/auctions')).json().data.total).toBe(4);

    const bad = await get(me.user.id, '/api/console/auctions?status=winning');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('Request.Invalid');
    const visitor = await t.app.inject({ method: 'GET', url: '/api/console/auctions' });
    expect(visitor.statusCode).toBe(401);
  });

  it('domains I won: by order status, with the order and the deposit still held', async () => {
    const me = await readyBuyer(t, BALANCE);
    const first = await insertTestLot(t, { endsInSeconds: 60, type: 'pre-release' });
    const second = await insertTestLot(t, { endsInSeconds: 60 });
    await bidDirect(t, first.id, me.user.id, 4_000);
    await bidDirect(t, second.id, me.user.id, 6_000);
    t.clock.advance(61);
    await sweep(t);
    const firstRow = await lotRow(t, first.id);

    const tab = async (status?: string) =>
      (await get(me.user.id, `/api/console/auctions/won${status ? `?status=${status}` : ''}`)).json().data;
    const awaiting = await tab('awaiting_payment');
    expect(awaiting.total).toBe(2);
    expect(awaiting.items.find((w: { auctionId: string }) => w.auctionId === first.id.toString())).toMatchObject({
      domain: first.domain,
      type: 'pre-release',
      winningPriceCents: 1_000,
      endedAt: firstRow.closedAt?.toISOString(),
      depositCents: depositFor(4_000),
      order: { orderId: firstRow.orderId, status: 'awaiting_payment', canPay: true, amountExTaxCents: 1_000 },
    });

    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${firstRow.orderId}/pay`,
      headers: await sessionHeaders(t, me.user.id),
    });
    expect(paid.json().code).toBe('200');
    await sweep(t);
    const delivering = await tab('awaiting_delivery');
    expect(delivering.items).toHaveLength(1);
    expect(delivering.items[0]).toMatchObject({
      auctionId: first.id.toString(),
      depositCents: 0,
      order: { status: 'paid_awaiting_delivery' },
    });
    expect((await tab('awaiting_payment')).items.map((w: { auctionId: string }) => w.auctionId)).toEqual([
      second.id.toString(),
    ]);
    expect((await tab('delivered')).total).toBe(0);
    expect((await tab()).total).toBe(2);
  });
});
