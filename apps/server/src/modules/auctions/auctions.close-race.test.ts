import { depositFor } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers.ts';
import { type App, buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/open-database.ts';
import { ManualClock } from '../../platform/clock.ts';
import { getLines } from '../ledger/ledger.service.ts';
import { getOrderBySource } from '../orders/orders.service.ts';
import { buildMoneyTestApp, credit, signIn } from '../orders/orders.test-support.ts';
import { balances, bidDirect, books, insertTestLot, lotRow } from './auctions.closing.test-support.ts';

const LOTS = 60;
const USERS = 8;
const BALANCE = 10_000_000;

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
});
