import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { runFirstStart } from '../../platform/first-start.ts';
import { DEMO_BUYER } from '../account/account.seeder.ts';
import { getUserByEmail } from '../account/account.service.ts';
import { isContactInfoComplete } from '../profile/profile.service.ts';
import { listMyDomains, listMyGroups } from './domains.service.ts';
import { listMyTransfers } from './domains.transfer.ts';

describe.each(enginesFor('app'))('demo data for My domains (%s)', (engine) => {
  let t: TestContext | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('gives the demo buyer ~30 domains in varied states, two groups, transfers both ways, and complete contact info', async () => {
    t = await buildTestApp(engine, { admin: undefined, seedDemo: true });
    const { app } = t;
    await runFirstStart(app);
    const buyer = await getUserByEmail(app, DEMO_BUYER.email);
    if (!buyer) throw new Error('no demo buyer');
    expect(await isContactInfoComplete(app, buyer.id)).toBe(true);

    const page = await listMyDomains(app, buyer.id, { page: 1, pageSize: 100, sort: 'name_asc' });
    expect(page.total).toBeGreaterThanOrEqual(28);
    const count = (pred: (d: (typeof page.items)[number]) => boolean) => page.items.filter(pred).length;
    expect(count((d) => d.status === 'renewable')).toBeGreaterThanOrEqual(3);
    expect(count((d) => d.status === 'in_redemption' && d.redeemable)).toBe(2);
    expect(count((d) => d.status === 'transferring_out')).toBe(1);
    expect(count((d) => d.lockStatus === 'open')).toBeGreaterThanOrEqual(3);
    expect(count((d) => d.lockStatus === 'closed')).toBeGreaterThanOrEqual(10);
    expect(count((d) => d.notes !== null)).toBeGreaterThanOrEqual(3);
    const now = app.platform.clock.now().getTime();
    expect(count((d) => new Date(d.transferOutAllowedFrom).getTime() > now)).toBeGreaterThanOrEqual(2);
    // The completed auction order of the orders seeder is in My domains too.
    expect(page.items.some((d) => d.name === 'oakandriver.com')).toBe(true);

    const groups = (await listMyGroups(app, buyer.id)).items;
    expect(groups).toHaveLength(2);
    for (const g of groups) expect(g.domainCount).toBeGreaterThan(2);

    const transfers = await listMyTransfers(app, buyer.id, { page: 1, pageSize: 20 });
    expect(transfers.items.map((x) => [x.domain, x.direction, x.status]).sort()).toEqual([
      ['bluefinch.com', 'in', 'completed'],
      ['swiftquay.com', 'out', 'pending'],
    ]);

    // A second start seeds nothing twice.
    await demoDomainsAgain(t);
    expect((await listMyDomains(app, buyer.id, { page: 1, pageSize: 100, sort: 'name_asc' })).total).toBe(page.total);
  }, 120_000);
});

async function demoDomainsAgain(t: TestContext): Promise<void> {
  const { demoDomainsSeeder } = await import('./domains.seeder.ts');
  await demoDomainsSeeder.run({ app: t.app, db: t.app.platform.db, clock: t.app.platform.clock, log: t.app.log });
}
