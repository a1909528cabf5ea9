import { LISTING_RULES, ownershipRecordName } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../../../test/dns-server.ts';
import { buildTestApp, enginesFor, type TestContext } from '../../../test/helpers.ts';
import type { App } from '../../platform/app-context.ts';
import { Sweeper } from '../../platform/sweeper.ts';
import { testSignInRoute } from '../account/account.test-support.ts';
import { signIn } from '../orders/orders.test-support.ts';
import { ownershipRecordValue } from './ownership.presenter.ts';
import { findProof, insertProofIfAbsent } from './ownership.repository.ts';
import { registerOwnershipSweepers } from './ownership.sweepers.ts';

const HOUR = 3_600_000;

/**
 * Two instances re-checking at once (DESIGN.md §1: two servers behave as one): each due proof is
 * claimed and asked of DNS by one of them only, and a miss is counted once.
 */
describe.each(enginesFor('sql'))('Ownership re-checks on two instances (%s)', (engine) => {
  let dns: TestDnsServer;
  let t: TestContext;
  beforeAll(async () => {
    dns = await startTestDnsServer();
    // Generous: this is about claiming, not timeouts (a busy machine may answer late).
    t = await buildTestApp(engine, { dnsServers: [dns.address], dnsTimeoutMs: 10_000 }, testSignInRoute);
  });
  afterAll(async () => {
    await t?.close();
    await dns?.stop();
  });

  it('asks DNS once per due proof and counts one miss each', async () => {
    const { user } = await signIn(t);
    const now = t.clock.now();
    const names = Array.from({ length: 30 }, (_, i) => `twin${i}-${engine}.example`);
    for (const [i, domain] of names.entries()) {
      const token = `token-${engine}-${i}`.padEnd(32, 'x');
      await insertProofIfAbsent(t.app.platform.db, {
        userId: user.id,
        domain,
        token,
        status: 'verified',
        verifiedAt: now,
        lastCheckedAt: now,
        nextCheckAt: new Date(now.getTime() + LISTING_RULES.ownershipRecheckHours * HOUR),
        misses: 0,
        createdAt: now,
        updatedAt: now,
      });
      // Half still published, half gone (a miss each).
      if (i % 2 === 0) dns.setTxt(ownershipRecordName(domain), ownershipRecordValue(token));
    }
    // The second instance: its own sweeper on the same database, clock and DNS.
    const second = new Sweeper(t.app.platform.db, t.clock, t.app.log);
    registerOwnershipSweepers({ platform: { ...t.app.platform, sweeper: second }, log: t.app.log } as unknown as App);

    t.clock.advance((LISTING_RULES.ownershipRecheckHours * HOUR) / 1000);
    dns.delay(50);
    await Promise.all([t.app.platform.sweeper.runOnce(), second.runOnce(), t.app.platform.sweeper.runOnce()]);
    dns.delay(0);

    for (const [i, domain] of names.entries()) {
      expect(dns.asked(ownershipRecordName(domain)), domain).toBe(1);
      const row = await findProof(t.app.platform.db, user.id, domain);
      expect(row, domain).toMatchObject({ status: 'verified', misses: i % 2 === 0 ? 0 : 1 });
      expect(row?.nextCheckAt?.getTime()).toBe(t.clock.now().getTime() + LISTING_RULES.ownershipRecheckHours * HOUR);
    }
  });
});
