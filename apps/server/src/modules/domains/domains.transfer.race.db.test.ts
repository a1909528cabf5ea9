import { tldPrice, withTaxCents } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers.ts';
import { requireSimulator } from '../../adapters/registrar/simulator.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { ManualClock } from '../../platform/clock.ts';
import { checkBooks, getBalances } from '../ledger/ledger.service.ts';
import { listMessages } from '../messages/messages.service.ts';
import { buildMoneyTestApp, credit, sessionHeaders, signIn } from '../orders/orders.test-support.ts';
import { findPendingTransfer } from './domain-transfers.repository.ts';
import { findDomainByName, listDomainOperations, updateDomainIf } from './domains.repository.ts';
import { deliverDomain } from './domains.service.ts';

/**
 * Two server instances on one PostgreSQL database sweep at the same time: transfers whose cancel
 * result and code expiry fall due together end exactly once (cancelled or code_expired, one
 * message, the domain back with nothing in flight), and renewals complete their orders exactly once.
 */

const DAY_S = 86_400;
const EN = { 'accept-language': 'en-US' } as const;

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances sweeping transfers and renewals (postgres)', () => {
  let t: TestContext;
  let second: { app: App; database: Database; clock: ManualClock };
  beforeAll(async () => {
    t = await buildMoneyTestApp('postgres');
    const database = await openDatabase({ databaseUrl: t.config.databaseUrl, poolSize: 5 });
    const clock = new ManualClock(t.clock.now());
    const app = await buildApp({ config: t.config, database, clock, logger: false });
    await app.ready();
    second = { app, database, clock };
  }, 60_000);
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  it('ends each transfer once and completes each renewal once', async () => {
    const sim = requireSimulator(t.app.platform.registrar);
    const who = await signIn(t);
    const START = 100_000;
    await credit(t, who.user.id, START);
    const now = t.clock.now();
    const give = async (name: string, expiresInDays: number) => {
      const row = await t.app.platform.db.transaction((tx) =>
        deliverDomain(tx, {
          userId: who.user.id,
          domain: name,
          registrar: 'GoDaddy',
          registeredAt: null,
          expiresAt: new Date(now.getTime() + expiresInDays * DAY_S * 1000),
          orderId: null,
          now: new Date(now.getTime() - 61 * DAY_S * 1000),
        }),
      );
      await updateDomainIf(t.app.platform.db, row.id, {}, { lockStatus: 'open' });
      return row.id;
    };
    const post = (url: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...EN }, payload });

    const tag = Date.now().toString(36);
    const transfers: string[] = [];
    for (let i = 0; i < 8; i++) {
      const name = `race-out${i}-${tag}.com`;
      await give(name, 300);
      sim.steer(name, { latencySeconds: 30 * DAY_S });
      expect((await post(`/api/domains/${name}/transfer-code`)).statusCode).toBe(200);
      // The cancel's answer arrives exactly when the code expires.
      sim.steer(name, { latencySeconds: 14 * DAY_S });
      expect((await post(`/api/domains/${name}/cancel-transfer`)).statusCode).toBe(200);
      transfers.push(name);
    }
    const renewals: string[] = [];
    for (let i = 0; i < 8; i++) {
      const name = `race-renew${i}-${tag}.com`;
      await give(name, 200);
      sim.steer(name, { latencySeconds: 14 * DAY_S });
      expect((await post(`/api/domains/${name}/renew`, { years: 1 })).statusCode).toBe(200);
      renewals.push(name);
    }
    const escrowBefore = (await checkBooks(t.app.platform.db, t.clock.now(), async (id) => id)).platform.escrow ?? 0;

    t.clock.advance(14 * DAY_S);
    second.clock.set(t.clock.now());
    for (let round = 0; round < 6; round++) {
      await Promise.all([t.app.platform.sweeper.runOnce(), second.app.platform.sweeper.runOnce()]);
    }

    const db = t.app.platform.db;
    for (const name of transfers) {
      expect(await findPendingTransfer(db, name, 'out'), name).toBeUndefined();
      const row = await findDomainByName(db, name);
      expect(row, name).toMatchObject({ status: 'normal', pendingOperation: null, authCodeHash: null });
      const ops = await listDomainOperations(db, row!.id);
      expect(
        ops.filter((o) => o.status === 'pending'),
        name,
      ).toEqual([]);
    }
    const messages = await listMessages(
      t.app,
      who.user.id,
      { page: 1, pageSize: 100 },
      { locale: 'en-US', timezoneOffsetMinutes: 0 },
    );
    for (const name of transfers) {
      const endings = messages.items.filter(
        (m) => m.body.includes(name) && (m.kind === 'transfer_out_cancelled' || m.kind === 'transfer_out_failed'),
      );
      expect(endings, name).toHaveLength(1);
    }
    const listed = (
      await t.app.inject({
        method: 'GET',
        url: '/api/domains/transfers?pageSize=100',
        headers: { ...(await sessionHeaders(t, who.user.id)), ...EN },
      })
    ).json().data.items as { domain: string; status: string; reason: string | null }[];
    for (const name of transfers) {
      const mine = listed.filter((x) => x.domain === name);
      expect(mine, name).toHaveLength(1);
      expect(['cancelled', 'failed'], name).toContain(mine[0]?.status);
    }

    const price = withTaxCents(tldPrice('com').renewalCents);
    for (const name of renewals) {
      expect((await findDomainByName(db, name))?.status, name).toBe('normal');
    }
    expect((await getBalances(db, who.user.id)).availableCents).toBe(START - renewals.length * price);
    const books = await checkBooks(db, t.clock.now(), async (id) => id);
    expect(escrowBefore - (books.platform.escrow ?? 0)).toBe(renewals.length * price);
    expect(books.balanced).toBe(true);
    expect(messages.items.filter((m) => m.kind === 'domain_renewed')).toHaveLength(renewals.length);
  }, 120_000);
});
