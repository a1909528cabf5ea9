import { request as httpRequest } from 'node:http';
import { type AuctionDetail, type AuctionLive, type BidRecord, depositFor } from '@namebourse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, listenLocally, suiteContext, type TestContext } from '../../../test/helpers.ts';
import { checkBooks } from '../ledger/ledger.service.ts';
import {
  buildMoneyTestApp,
  credit,
  readyBuyer,
  type SignedIn,
  sessionHeaders,
  signIn,
} from '../orders/orders.test-support.ts';
import { AUCTION_EVENTS, depositHeld, releaseDeposit } from './auctions.service.ts';
import { expectChainValid, insertLot } from './auctions.test-support.ts';

const EN = { 'accept-language': 'en-US' };
const MIN = 60_000;

describe.each(enginesFor('sql'))('bidding through HTTP (%s)', (engine) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const bid = (who: SignedIn, auctionId: string, amountCents: number, maxAmountCents?: number, extra = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auctions/${auctionId}/bids`,
      headers: { ...who.headers, ...EN, ...extra },
      payload: maxAmountCents === undefined ? { amountCents } : { amountCents, maxAmountCents },
    });
  const detail = async (auctionId: string, who?: SignedIn): Promise<AuctionDetail> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auctions/${auctionId}`,
      headers: { ...(who?.headers ?? {}), ...EN },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const records = async (auctionId: string, who?: SignedIn): Promise<BidRecord[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auctions/${auctionId}/bids?pageSize=100`,
      headers: { ...(who?.headers ?? {}), ...EN },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.items;
  };
  const funds = async (who: SignedIn) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/funds/summary', headers: { ...who.headers, ...EN } });
    return res.json().data as { availableCents: number; frozenCents: number; frozenHolds: { refId: string }[] };
  };
  const books = () => checkBooks(t.app.platform.db, t.clock.now(), async (id) => id);

  it('unknown or non-numeric lots are Auction.NotFound', async () => {
    for (const id of ['999999999', 'abc', '99999999999999999999', '-1']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auctions/${id}`, headers: EN });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('Auction.NotFound');
    }
  });

  it('visitors see the lot without personal fields', async () => {
    const lot = await insertLot(t, { startPriceCents: 2_500 });
    const d = await detail(lot.id.toString());
    expect(d).toMatchObject({
      auctionId: lot.id.toString(),
      status: 'bidding',
      currentPriceCents: 2_500,
      minNextBidCents: 2_500,
      incrementCents: 100,
      bidCount: 0,
      depositCents: 1_000,
      myMaxBidCents: null,
      myDepositCents: 0,
      isLeading: false,
      hasExited: false,
      isWatched: false,
      myBidderName: null,
      chainHead: null,
      isExtended: false,
    });
  });

  it('freezes the deposit once on the first bid and tops it up when the maximum rises', async () => {
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const id = lot.id.toString();
    const a = await readyBuyer(t, 100_000);

    const first = await bid(a, id, 1_000, 20_000);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      currentPriceCents: 1_000,
      isLeading: true,
      myMaxBidCents: 20_000,
      myDepositCents: 2_000,
      myBidderName: 'Bidder 1',
      bidCount: 1,
      bidderCount: 1,
    });
    expect(await funds(a)).toMatchObject({ availableCents: 98_000, frozenCents: 2_000 });
    expect((await funds(a)).frozenHolds).toEqual([expect.objectContaining({ refId: id, label: lot.domain })]);

    // Raising the maximum holds only the difference to reach depositFor(new max).
    const raise = await bid(a, id, 1_100, 50_000);
    expect(raise.statusCode).toBe(200);
    expect(raise.json().data).toMatchObject({ currentPriceCents: 1_000, myMaxBidCents: 50_000, bidCount: 1 });
    expect(await funds(a)).toMatchObject({ availableCents: 95_000, frozenCents: depositFor(50_000) });

    // A maximum not above the leader's own is refused; nothing moves.
    const same = await bid(a, id, 1_100, 50_000);
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({ code: 'Auction.BidTooLow', data: { minNextBidCents: 1_100 } });
    expect(await funds(a)).toMatchObject({ frozenCents: 5_000 });
    expect((await books()).balanced).toBe(true);
  });

  it('proxy bidding: exact prices, records with other bidders masked, outbid message', async () => {
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const id = lot.id.toString();
    const a = await readyBuyer(t, 100_000);
    const b = await readyBuyer(t, 100_000);
    const c = await readyBuyer(t, 100_000);

    expect((await bid(a, id, 1_000, 5_000)).statusCode).toBe(200);
    // b's maximum is below a's: a answers one increment above it.
    const rb = await bid(b, id, 1_100, 3_000);
    expect(rb.json().data).toMatchObject({ currentPriceCents: 3_100, isLeading: false, myMaxBidCents: 3_000 });
    // c's maximum is above a's: c leads one increment above a's maximum.
    const rc = await bid(c, id, 3_200, 9_000);
    expect(rc.json().data).toMatchObject({ currentPriceCents: 5_100, isLeading: true, minNextBidCents: 5_200 });

    const mine = await records(id, a);
    expect(mine.map((r) => [r.seq, r.bidderNo, r.amountCents, r.kind, r.isMine])).toEqual([
      [5, 3, 5_100, 'manual', false],
      [4, 1, 5_000, 'proxy', true],
      [3, 1, 3_100, 'proxy', true],
      [2, 2, 3_000, 'manual', false],
      [1, 1, 1_000, 'manual', true],
    ]);
    // Nothing in a record names the user behind another bidder.
    expect(JSON.stringify(await records(id))).not.toMatch(/userId|accountNo|email/);

    // a was outbid by c: one message leading to the lot.
    const messages = await t.app.inject({ method: 'GET', url: '/api/messages', headers: { ...a.headers, ...EN } });
    const outbid = messages.json().data.items.filter((m: { kind: string }) => m.kind === 'auction_outbid');
    expect(outbid).toHaveLength(1);
    expect(outbid[0]).toMatchObject({ link: `/sale/${id}` });

    const seenByB = await detail(id, b);
    expect(seenByB).toMatchObject({ myBidderName: 'Bidder 2', isLeading: false, myDepositCents: 1_000 });
    // b's next bid at the minimum needs depositFor(5,200) = $10 in total: nothing more to add.
    expect(seenByB).toMatchObject({ depositCents: 1_000, depositDueCents: 0 });
  });

  it('refuses a bid below the minimum with minNextBidCents', async () => {
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const a = await readyBuyer(t, 100_000);
    const low = await bid(a, lot.id.toString(), 999);
    expect(low.statusCode).toBe(422);
    expect(low.json()).toMatchObject({ code: 'Auction.BidTooLow', data: { minNextBidCents: 1_000 } });
    expect(await funds(a)).toMatchObject({ frozenCents: 0, availableCents: 100_000 });
  });

  it('refuses bad input with field messages', async () => {
    const lot = await insertLot(t);
    const a = await readyBuyer(t, 100_000);
    const res = await bid(a, lot.id.toString(), 2_000, 1_000);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'Request.Invalid',
      data: { fields: { maxAmountCents: expect.any(String) } },
    });
  });

  it('Funds.InsufficientBalance refuses the bid and changes nothing', async () => {
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const id = lot.id.toString();
    const a = await readyBuyer(t, 1_500);
    const res = await bid(a, id, 1_000, 100_000);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'Funds.InsufficientBalance',
      data: { requiredCents: 10_000, availableCents: 1_500 },
    });
    expect(await detail(id, a)).toMatchObject({
      bidCount: 0,
      bidderCount: 0,
      currentPriceCents: 1_000,
      myMaxBidCents: null,
    });
    expect(await records(id)).toEqual([]);
    expect(await funds(a)).toMatchObject({ availableCents: 1_500, frozenCents: 0 });
  });

  it('without complete contact information the bid is refused', async () => {
    const lot = await insertLot(t);
    const a = await signIn(t);
    await credit(t, a.user.id, 100_000);
    const res = await bid(a, lot.id.toString(), 1_000);
    expect(res.json().code).toBe('Commodity.UserContactInfoIncomplete');
    expect(await funds(a)).toMatchObject({ frozenCents: 0 });
  });

  it('visitors cannot bid', async () => {
    const lot = await insertLot(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auctions/${lot.id}/bids`,
      headers: EN,
      payload: { amountCents: 1_000 },
    });
    expect([401, 403]).toContain(res.statusCode);
  });

  it('exit releases the deposit and is final; the leader cannot exit; only participants can', async () => {
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const id = lot.id.toString();
    const a = await readyBuyer(t, 100_000);
    const b = await readyBuyer(t, 100_000);
    const exit = (who: SignedIn) =>
      t.app.inject({ method: 'POST', url: `/api/auctions/${id}/exit`, headers: { ...who.headers, ...EN } });

    expect((await exit(a)).json().code).toBe('Auction.NotParticipant');
    await bid(a, id, 1_000, 30_000);
    await bid(b, id, 1_100, 15_000);
    expect(await funds(b)).toMatchObject({ frozenCents: 1_500 });

    expect((await exit(a)).json().code).toBe('Auction.LeaderCannotExit');
    const out = await exit(b);
    expect(out.statusCode).toBe(200);
    expect(out.json().data).toMatchObject({ hasExited: true, myDepositCents: 0, isLeading: false });
    expect(await funds(b)).toMatchObject({ frozenCents: 0, availableCents: 100_000 });

    expect((await exit(b)).json().code).toBe('Auction.Exited');
    const again = await bid(b, id, 20_000, 40_000);
    expect(again.json().code).toBe('Auction.Exited');
    expect(await funds(b)).toMatchObject({ frozenCents: 0 });
    expect((await books()).balanced).toBe(true);
  });

  it('soft close: a bid in the last 5 minutes extends the end, visible in the detail', async () => {
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const id = lot.id.toString();
    const a = await readyBuyer(t, 100_000);
    const b = await readyBuyer(t, 100_000);
    await bid(a, id, 1_000);
    t.clock.set(new Date(lot.endsAt.getTime() - 2 * MIN));
    // Access tokens are short-lived: sign in again after moving the clock.
    b.headers = await sessionHeaders(t, b.user.id);
    const late = await bid(b, id, 1_100);
    expect(late.statusCode).toBe(200);
    const expected = new Date(t.clock.now().getTime() + 5 * MIN).toISOString();
    expect(late.json().data).toMatchObject({
      endsAt: expected,
      isExtended: true,
      scheduledEndsAt: lot.endsAt.toISOString(),
    });
    expect(await detail(id)).toMatchObject({ endsAt: expected, isExtended: true });
  });

  it('refuses bids on lots not open: before the start, after the end, ended', async () => {
    const a = await readyBuyer(t, 100_000);
    const now = t.clock.now();
    const later = await insertLot(t, { status: 'scheduled', startsAt: new Date(now.getTime() + 3_600_000) });
    const ended = await insertLot(t, { status: 'ended' });
    const past = await insertLot(t, {
      startsAt: new Date(now.getTime() - 4 * 86_400_000),
      endsAt: new Date(now.getTime() - 1000),
    });
    for (const lot of [later, ended, past]) {
      const res = await bid(a, lot.id.toString(), 1_000);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('Auction.NotOpen');
    }
    expect(await funds(a)).toMatchObject({ frozenCents: 0 });
  });

  it('the hash chain verifies from the records alone', async () => {
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const id = lot.id.toString();
    const users = [await readyBuyer(t, 500_000), await readyBuyer(t, 500_000), await readyBuyer(t, 500_000)];
    let amount = 1_000;
    for (let i = 0; i < 8; i++) {
      const who = users[i % 3] as SignedIn;
      const d = await detail(id, who);
      amount = d.minNextBidCents;
      t.clock.set(new Date(t.clock.now().getTime() + 1_234));
      const res = await bid(who, id, amount, amount + (i % 2) * 700);
      expect([200, 422]).toContain(res.statusCode);
    }
    const all = (await records(id)).reverse();
    expect(all.length).toBeGreaterThan(4);
    expectChainValid(id, all, (await detail(id)).chainHead);
  });

  it('releaseDeposit (for the close) releases what is held once and then nothing', async () => {
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const a = await readyBuyer(t, 100_000);
    await bid(a, lot.id.toString(), 1_000, 30_000);
    expect(await depositHeld(t.app.platform.db, lot.id, a.user.id)).toBe(3_000);
    const move = { auctionId: lot.id, userId: a.user.id, now: t.clock.now(), reason: 'lost' };
    expect(await t.app.platform.db.transaction((tx) => releaseDeposit(tx, move))).toBe(3_000);
    expect(await t.app.platform.db.transaction((tx) => releaseDeposit(tx, move))).toBe(0);
    expect(await funds(a)).toMatchObject({ frozenCents: 0, availableCents: 100_000 });
    expect(await detail(lot.id.toString(), a)).toMatchObject({ myDepositCents: 0 });
    expect((await books()).balanced).toBe(true);
  });

  it('honours Idempotency-Key: the same bid twice moves once', async () => {
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const id = lot.id.toString();
    const a = await readyBuyer(t, 100_000);
    const key = { 'idempotency-key': `bid-${id}-1` };
    const one = await bid(a, id, 1_000, 12_000, key);
    const two = await bid(a, id, 1_000, 12_000, key);
    expect(one.statusCode).toBe(200);
    expect(two.statusCode).toBe(200);
    expect(two.headers['idempotent-replayed']).toBe('true');
    expect(await detail(id)).toMatchObject({ bidCount: 1 });
    expect(await funds(a)).toMatchObject({ frozenCents: 1_200 });
  });

  it("records a keyed bid's answer with the bid: the retry is the same bytes, never BidTooLow", async () => {
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const id = lot.id.toString();
    const a = await readyBuyer(t, 100_000);
    const b = await readyBuyer(t, 100_000);
    const key = { 'idempotency-key': `bid-${id}-answer` };
    const first = await bid(a, id, 1_000, 5_000, key);
    expect(first.statusCode).toBe(200);
    // The key row exists as soon as the bid does: it was written in the bid's own transaction.
    const rows = (await t.app.platform.db.execute(
      sql`select response_status, response_body from idempotency_keys where key = ${key['idempotency-key']}`,
    )) as unknown as { rows: { response_status: number; response_body: string }[] };
    expect(rows.rows).toEqual([{ response_status: 200, response_body: first.body }]);
    // Someone outbids in the meantime: the retry still answers what the first try was told.
    expect((await bid(b, id, 5_100)).statusCode).toBe(200);
    const retry = await bid(a, id, 1_000, 5_000, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
    expect(await records(id)).toHaveLength((await detail(id)).bidCount);
    // The same key for another bid is a conflict, not a new bid.
    const other = await bid(a, id, 6_000, undefined, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('Request.IdempotencyConflict');
  });

  it('concurrent duplicates of a keyed bid apply it once and all get its answer', async () => {
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const id = lot.id.toString();
    const a = await readyBuyer(t, 100_000);
    const key = { 'idempotency-key': `bid-${id}-dup` };
    const answers = await Promise.all(Array.from({ length: 6 }, () => bid(a, id, 1_000, 8_000, key)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await detail(id)).toMatchObject({ bidCount: 1 });
    expect(await funds(a)).toMatchObject({ frozenCents: 1_000 });
    expect((await books()).balanced).toBe(true);
  });

  it("keeps a keyed bid's refusal and replays it", async () => {
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const id = lot.id.toString();
    const a = await readyBuyer(t, 100_000);
    const key = { 'idempotency-key': `bid-${id}-low` };
    const low = await bid(a, id, 500, undefined, key);
    expect(low.statusCode).toBe(422);
    expect(low.json().code).toBe('Auction.BidTooLow');
    const again = await bid(a, id, 500, undefined, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(low.body);
  });
});

describe.each(enginesFor('sql'))('live updates over server-sent events, real HTTP (%s)', (engine) => {
  const t = suiteContext(() => buildMoneyTestApp(engine), 120_000);
  let base: string;
  beforeAll(async () => {
    base = await listenLocally(t.app);
  });

  /** Opens the stream and collects its parsed events; `waitFor(n)` resolves once n have arrived. */
  function openStream(path: string) {
    const events: { event: string; data: AuctionLive }[] = [];
    const waiters: { n: number; resolve: () => void }[] = [];
    let status = 0;
    let headers: Record<string, unknown> = {};
    const settle = () => {
      for (const w of waiters.filter((w) => events.length >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    };
    const req = httpRequest(`${base}${path}`, { headers: { accept: 'text/event-stream' } }, (res) => {
      status = res.statusCode ?? 0;
      headers = res.headers;
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let at = buffer.indexOf('\n\n');
        while (at >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          at = buffer.indexOf('\n\n');
        }
        settle();
      });
    });
    req.on('error', () => undefined);
    req.end();
    return {
      events,
      waitFor: (n: number) =>
        new Promise<void>((resolve) => {
          waiters.push({ n, resolve });
          settle();
        }),
      close: () => req.destroy(),
      info: () => ({ status, headers }),
    };
  }

  it('sends the state on connect, then the new price after a bid', async () => {
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const id = lot.id.toString();
    const a = await readyBuyer(t, 100_000);
    const stream = openStream(`/api/auctions/${id}/events`);
    await stream.waitFor(1);
    expect(stream.info().status).toBe(200);
    expect(stream.info().headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.info().headers['cache-control']).toMatch(/no-cache/);
    expect(stream.events[0]).toMatchObject({ event: 'price', data: { auctionId: id, bidCount: 0 } });

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auctions/${id}/bids`,
      headers: { ...a.headers, ...EN },
      payload: { amountCents: 1_500, maxAmountCents: 4_000 },
    });
    expect(res.statusCode).toBe(200);
    await stream.waitFor(2);
    expect(stream.events[1]).toMatchObject({
      event: 'price',
      data: { auctionId: id, currentPriceCents: 1_500, bidCount: 1, bidderCount: 1, leaderBidderNo: 1 },
    });
    // The leader's maximum is never in the live state.
    expect(JSON.stringify(stream.events)).not.toContain('4000');
    stream.close();
  });

  it('forwards a close of the lot as `event: closed`', async () => {
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const id = lot.id.toString();
    const stream = openStream(`/api/auctions/${id}/events`);
    await stream.waitFor(1);
    // Another lot's events are not forwarded; the closing area publishes auction.closed with the live state.
    await t.app.platform.events.publish(AUCTION_EVENTS.closed, { auctionId: '987654321' });
    await t.app.platform.events.publish(AUCTION_EVENTS.closed, { auctionId: id });
    await stream.waitFor(2);
    expect(stream.events[1]).toMatchObject({ event: 'closed', data: { auctionId: id } });
    stream.close();
  });

  it('an unknown lot is a 404 envelope, not a stream', async () => {
    const res = await fetch(`${base}/api/auctions/424242424/events`);
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('Auction.NotFound');
  });
});
