import { depositFor } from '@namebourse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { ManualClock } from '../../platform/clock.ts';
import { getLines, hold } from '../ledger/ledger.service.ts';
import { getOrderBySource } from '../orders/orders.service.ts';
import { buildMoneyTestApp, credit, signIn } from '../orders/orders.test-support.ts';
import { balances, bidDirect, books, insertTestLot, lotRow } from './auctions.closing.test-support.ts';
import { depositRef } from './auctions.service.ts';

const LOTS = 60;
const USERS = 8;
const BALANCE = 10_000_000;
/** More than two close batches (500 lots each). */
const MANY_LOTS = 1_100;

/**
 * Two server instances on one PostgreSQL database sweep the same lots, all ending in the same
 * second, at the same time: every lot closes once, with one order, each loser's deposit released
 * once and the winners' still held; the books balance.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances closing the same lots (postgres)', () => {
  let t: TestContext;
  let second: { app: App; database: Database; clock: ManualClock };
  beforeAll(async () => {
    t = await buildMoneyTestApp('postgres');
    const database = await openDatabase({ databaseUrl: t.config.databaseUrl, poolSize: 5 });
    const clock = new ManualClock(t.clock.now());
    const app = await buildApp({ config: t.config, database, clock, logger: false });
    await app.ready();
    second = { app, database, clock };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  it('closes every lot once, one order each, every deposit moved once, books balanced', async () => {
    const users = [];
    for (let i = 0; i < USERS; i++) {
      const { user } = await signIn(t);
      await credit(t, user.id, BALANCE);
      users.push(user);
    }
    const lots = [];
    for (let i = 0; i < LOTS; i++) {
      const lot = await insertTestLot(t, { endsInSeconds: 30, domain: `race${i}x${Date.now().toString(36)}.com` });
      // Three bidders per lot, overlapping across lots so that the instances contend for the same balances.
      for (let k = 0; k < 3; k++) {
        const user = users[(i + k * 3) % USERS];
        if (user) await bidDirect(t, lot.id, user.id, 2_000 + 1_000 * ((i + k) % 5) + k);
      }
      lots.push(lot);
    }
    t.clock.advance(31);
    second.clock.set(t.clock.now());

    let closes = 0;
    for (let round = 0; round < 20; round++) {
      const results = await Promise.all([t.app.platform.sweeper.runOnce(), second.app.platform.sweeper.runOnce()]);
      const closedNow = results
        .flatMap((r) => r.advanced)
        .filter((a) => a.sweeper === 'auctions.close')
        .reduce((sum, a) => sum + a.count, 0);
      closes += closedNow;
      if (closedNow === 0 && round > 0) break;
    }
    expect(closes).toBe(LOTS);

    const db = t.app.platform.db;
    const expectedFrozen = new Map<string, number>();
    for (const lot of lots) {
      const row = await lotRow(t, lot.id);
      expect(row.status).toBe('ended');
      expect(row.winnerId).not.toBeNull();
      const order = await getOrderBySource(db, 'auction', lot.id.toString());
      expect(order?.id).toBe(row.orderId);
      expect(order?.buyerId).toBe(row.winnerId);
      expect(order?.amountExTaxCents).toBe(row.winningPriceCents);
      const key = String(row.winnerId);
      expect(row.leaderMaxCents).not.toBeNull();
      expectedFrozen.set(key, (expectedFrozen.get(key) ?? 0) + depositFor(row.leaderMaxCents as number));
    }
    for (const user of users) {
      const frozen = expectedFrozen.get(user.id.toString()) ?? 0;
      expect(await balances(t, user.id)).toMatchObject({ frozenCents: frozen, availableCents: BALANCE - frozen });
      // Each lot this user lost released their deposit in exactly one transaction.
      const { items } = await getLines(
        db,
        { userId: user.id, kind: 'deposit_release', bucket: 'frozen' },
        {
          limit: 1000,
          offset: 0,
        },
      );
      const perLot = new Map<string, number>();
      for (const line of items) perLot.set(line.refId ?? '', (perLot.get(line.refId ?? '') ?? 0) + 1);
      for (const [lotId, count] of perLot) expect(count, `lot ${lotId}`).toBe(1);
    }
    expect((await books(t)).balanced).toBe(true);
  });

  it('more lots than one batch: the instances share the batches, each lot closes once, deposits move once', async () => {
    const db = t.app.platform.db;
    const users: bigint[] = [];
    for (let i = 0; i < USERS; i++) {
      const { user } = await signIn(t);
      await credit(t, user.id, BALANCE);
      users.push(user.id);
    }
    const now = t.clock.now();
    const endsAt = new Date(now.getTime() + 30_000);
    const tag = Date.now().toString(36);
    // Lots and bidders as rows (two bidders each: the winner leads at 50.00, the loser's maximum 39.00).
    const inserted = (await db.execute(sql`
      insert into auctions (domain, name, tld, length, has_hyphen, type, status, partner, registrar,
        start_price_cents, current_price_cents, bid_count, bidder_count, leader_id, leader_max_cents,
        starts_at, scheduled_ends_at, ends_at, latest_ends_at, created_at, updated_at)
      select 'many' || g || ${tag} || '.com', 'many' || g || ${tag}, 'com', 10, false, 'expired', 'bidding', 'p',
        'R', 1000, 4000, 2, 2,
        (${sql.param(users.map(String))}::bigint[])[1 + g % ${USERS}], 5000,
        ${now}::timestamptz - interval '1 day', ${endsAt}::timestamptz, ${endsAt}::timestamptz,
        ${endsAt}::timestamptz + interval '3 days', ${now}::timestamptz, ${now}::timestamptz
      from generate_series(1, ${MANY_LOTS}) g
      returning id, leader_id`)) as unknown as { rows: { id: string; leader_id: string }[] };
    const lots = inserted.rows.map((r, i) => ({
      id: BigInt(r.id),
      winner: BigInt(r.leader_id),
      loser: users[(users.indexOf(BigInt(r.leader_id)) + 1 + (i % 3)) % USERS] as bigint,
    }));
    await db.transaction(async (tx) => {
      for (const lot of lots) {
        for (const [no, userId, max] of [
          [1, lot.loser, 3_900],
          [2, lot.winner, 5_000],
        ] as const) {
          await hold(tx, now, {
            userId,
            amountCents: depositFor(max),
            ref: { ...depositRef(lot.id), label: 'many' },
            idempotencyKey: `race-many:${lot.id}:${userId}`,
          });
          await tx.execute(sql`
            insert into auction_bidders (auction_id, user_id, bidder_no, max_bid_cents, max_set_at, deposit_cents,
              first_bid_at, last_bid_at)
            values (${lot.id.toString()}, ${userId.toString()}, ${no}, ${max}, ${now}, ${depositFor(max)}, ${now}, ${now})`);
        }
      }
    });
    t.clock.advance(31);
    second.clock.set(t.clock.now());

    let closes = 0;
    const perInstance = [0, 0];
    for (let round = 0; round < 20; round++) {
      const results = await Promise.all([
        t.app.platform.sweeper.runOnce(),
        second.app.platform.sweeper.runOnce(),
        t.app.platform.sweeper.runOnce(),
        second.app.platform.sweeper.runOnce(),
      ]);
      const closedNow = results.map((r) =>
        r.advanced.filter((a) => a.sweeper === 'auctions.close').reduce((sum, a) => sum + a.count, 0),
      );
      perInstance[0] = (perInstance[0] ?? 0) + (closedNow[0] ?? 0) + (closedNow[2] ?? 0);
      perInstance[1] = (perInstance[1] ?? 0) + (closedNow[1] ?? 0) + (closedNow[3] ?? 0);
      const sum = closedNow.reduce((a, b) => a + b, 0);
      closes += sum;
      if (sum === 0 && round > 0) break;
    }
    expect(closes).toBe(MANY_LOTS);
    // Both instances closed batches (they skip each other's locked lots).
    expect(perInstance[0]).toBeGreaterThan(0);
    expect(perInstance[1]).toBeGreaterThan(0);
    const ids = lots.map((l) => l.id.toString());
    const check = (await db.execute(sql`
      select count(*)::int as lots,
             count(*) filter (where a.status = 'ended' and a.winner_id = a.leader_id and a.winning_price_cents = 4000)::int as won,
             count(o.id) filter (where o.id = a.order_id and o.buyer_id = a.winner_id and o.amount_ex_tax_cents = 4000)::int as orders,
             (select count(*)::int from orders o2 where o2.source = 'auction' and o2.source_ref = any(${sql.param(ids)}::text[])) as all_orders,
             (select count(*)::int from ledger_transactions lt where lt.kind = 'deposit_release' and lt.ref_id = any(${sql.param(ids)}::text[])) as releases,
             (select count(*)::int from messages m where m.kind = 'auction_won' and m.params->>'auctionId' = any(${sql.param(ids)}::text[])) as won_messages
      from auctions a left join orders o on o.source = 'auction' and o.source_ref = a.id::text
      where a.id = any(${sql.param(ids)}::bigint[])`)) as unknown as {
      rows: { lots: number; won: number; orders: number; all_orders: number; releases: number; won_messages: number }[];
    };
    expect(check.rows[0]).toEqual({
      lots: MANY_LOTS,
      won: MANY_LOTS,
      orders: MANY_LOTS,
      all_orders: MANY_LOTS,
      releases: MANY_LOTS,
      won_messages: MANY_LOTS,
    });
    // Every winner still holds one deposit per lot won; every loser's came back.
    for (const userId of users) {
      const wonLots = lots.filter((l) => l.winner === userId).length;
      expect(await balances(t, userId)).toMatchObject({ frozenCents: wonLots * depositFor(5_000) });
    }
    expect((await books(t)).balanced).toBe(true);
  });
});
