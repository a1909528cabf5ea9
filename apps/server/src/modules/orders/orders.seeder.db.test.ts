import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { platformMeta } from '../../db/schema/index.ts';
import type { App } from '../../platform/app-context.ts';
import { FIRST_START_KEY, runFirstStart } from '../../platform/first-start.ts';
import { DEMO_BUYER } from '../account/account.seeder.ts';
import { getUserByEmail } from '../account/account.service.ts';
import { demoOperatorsSeeder } from '../admin/operators.seeder.ts';
import { findDomain } from '../domains/domains.service.ts';
import { checkBooks, getBalances } from '../ledger/ledger.service.ts';
import { getInvoice, listOrders } from './orders.buyer.ts';

describe.each(enginesFor('app'))('demo data for orders and operators (%s)', (engine) => {
  let t: TestContext | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('gives the demo buyer orders in every status the page shows, paid through the ledger', async () => {
    t = await buildTestApp(engine, { admin: undefined, seedDemo: true });
    const { app } = t;
    await runFirstStart(app);
    const [mark] = await app.platform.db.select().from(platformMeta).where(eq(platformMeta.key, FIRST_START_KEY));
    if (!mark) throw new Error('first start left no mark');
    expect((mark.value as { seeders: { name: string; ok: boolean }[] }).seeders).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'demo-orders', ok: true }),
        expect.objectContaining({ name: 'demo-operators', ok: true }),
      ]),
    );

    const buyer = await getUserByEmail(app, DEMO_BUYER.email);
    if (!buyer) throw new Error('no demo buyer');
    const { items } = await listOrders(app, buyer.id, { page: 1, pageSize: 20 });
    // The demo orders of this seeder (buying's seeder adds the demo buyer's market purchases beside them).
    expect(items.map((o) => [o.domain, o.status])).toEqual(
      expect.arrayContaining([
        ['brightkite.net', 'paid_awaiting_delivery'],
        ['lumenflow.com', 'awaiting_payment'],
        ['oakandriver.com', 'completed'],
        ['quietharbor.io', 'awaiting_payment'],
        ['tinysparrow.co', 'buyer_violation'],
      ]),
    );
    for (const open of items.filter((o) => o.status === 'awaiting_payment')) {
      expect(open.canPay).toBe(true);
      expect(open.payTimeLeftSeconds).toBeGreaterThan(0);
    }
    // Enough left for the small open order ($318), not for the large one ($1,272).
    const { availableCents } = await getBalances(app.platform.db, buyer.id);
    expect(availableCents).toBeGreaterThanOrEqual(31_800);
    const books = await checkBooks(app.platform.db, app.platform.clock.now(), async (id) => id);
    expect(books.balanced).toBe(true);
    expect(books.platform.escrow).toBeGreaterThanOrEqual(90_100);
    expect(books.platform.partner_payables).toBe(44_520);

    // Every paid order has a delivery date, and the completed one's domain is in My domains.
    for (const order of items.filter((o) => o.paidAt !== null))
      expect(order.deliverAt ?? order.completedAt).not.toBeNull();
    expect((await findDomain(app.platform.db, 'oakandriver.com'))?.userId).toBe(buyer.id);

    const paid = items.find((o) => o.status === 'paid_awaiting_delivery');
    expect(paid?.deliverAt).not.toBeNull();
    const { fileName, pdf } = await getInvoice(app, buyer.id, paid?.orderId as string, { locale: 'zh-CN' });
    expect(fileName).toMatch(/^invoice-INV\d{14}\.pdf$/);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const operators = await Promise.all(
      ['finance@namebourse.com', 'support@namebourse.com'].map((email) => getUserByEmail(app, email)),
    );
    expect(operators.map((u) => u?.role)).toEqual(['finance', 'support']);
  }, 180_000);

  it('creates no demo operators in production', async () => {
    t = await buildTestApp(engine, { admin: undefined, seedDemo: false });
    const { app, clock } = t;
    const production = Object.assign(Object.create(app) as App, {
      platform: { ...app.platform, config: { ...app.platform.config, isProduction: true } },
    });
    const result = await demoOperatorsSeeder.run({ app: production, db: app.platform.db, clock, log: app.log });
    expect(result).toBeUndefined();
    expect(await getUserByEmail(app, 'finance@namebourse.com')).toBeUndefined();
  });
});
