import { withTaxCents } from '@namebourse/contract';
import type { Seeder } from '../../platform/seeders.ts';
import type { AfterCommit } from '../../platform/sweeper.ts';
import { DEMO_BUYER } from '../account/account.seeder.ts';
import { getUserByEmail } from '../account/account.service.ts';
import { deliverDomain } from '../domains/domains.service.ts';
import { ledgerMemo } from '../ledger/ledger.memos.ts';
import { getBalances, transfer } from '../ledger/ledger.service.ts';
import { getBillingInfo, saveBillingInfo } from '../profile/profile.service.ts';
import { billingSnapshotOf, listOrders } from './orders.buyer.ts';
import { closeUnpaidOrder, completeOrder, payOrder } from './orders.lifecycle.ts';
import { createOrder } from './orders.service.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const PARTNER = 'partner-demo';
/** What the demo buyer keeps after the seeded payments: enough for the small open order, not the large one. */
const LEFTOVER_CENTS = 50_000;

/** A demo billing address in China (the invoice shows it in Chinese). */
const DEMO_BILLING = {
  country: 'CN',
  province: 'GD',
  city: '深圳市',
  postalCode: '518057',
  address: '南山区科技园科苑路 15 号 科兴科学园 B 栋 1201 室',
  taxId: '91440300MA5F011105',
} as const;

/**
 * 'demo-orders': orders of the demo buyer in the statuses the orders page shows — two awaiting
 * payment (one with less than a day left), one paid awaiting delivery, one completed and one
 * expired — created, paid and completed through the orders service and the ledger. Tops the
 * buyer's balance up from the gateway when the seeded payments need more (the funds seeder may
 * have added some already), and gives the buyer a billing address when they have none.
 */
export const demoOrdersSeeder: Seeder = {
  name: 'demo-orders',
  async run({ app, db, clock }) {
    const buyer = await getUserByEmail(app, DEMO_BUYER.email);
    if (!buyer) return undefined;
    if ((await listOrders(app, buyer.id, { page: 1, pageSize: 1 })).total > 0) return undefined;
    if (!(await getBillingInfo(app, buyer.id)).country) {
      await saveBillingInfo(app, buyer.id, DEMO_BILLING, 'zh-CN');
    }
    const billing = await billingSnapshotOf(app, buyer.id);
    const now = clock.now();
    const taxRateBps = app.platform.parameters.get('taxRateBps');
    const base = { buyerId: buyer.id, partner: PARTNER, source: 'auction' as const, taxRateBps };
    const paidExTax = [85_000, 42_000];
    const neededCents = paidExTax.reduce((sum, cents) => sum + withTaxCents(cents, taxRateBps), 0) + LEFTOVER_CENTS;

    const after: (AfterCommit | undefined)[] = [];
    await db.transaction(async (tx) => {
      const { availableCents } = await getBalances(tx, buyer.id);
      if (availableCents < neededCents) {
        await transfer(tx, now, {
          kind: 'recharge',
          idempotencyKey: 'seed:demo-orders:recharge',
          ref: { type: 'seed', id: 'demo-orders' },
          memo: ledgerMemo({ code: 'demoBalance' }),
          postings: [
            { account: { platform: 'gateway' }, amountCents: -(neededCents - availableCents) },
            { account: { userId: buyer.id, bucket: 'available' }, amountCents: neededCents - availableCents },
          ],
        });
      }

      // Awaiting payment: created half a day ago (60 hours left), and one with less than a day left.
      await createOrder(tx, {
        ...base,
        domain: 'lumenflow.com',
        amountExTaxCents: 30_000,
        now: new Date(now.getTime() - 12 * HOUR),
      });
      await createOrder(tx, {
        ...base,
        domain: 'quietharbor.io',
        amountExTaxCents: 120_000,
        now: new Date(now.getTime() - 52 * HOUR),
      });

      // Paid, awaiting delivery in about 27 days (payOrder keeps the delivery date it was created with;
      // the two awaiting payment get theirs when paid).
      const paid = await createOrder(tx, {
        ...base,
        domain: 'brightkite.net',
        amountExTaxCents: paidExTax[0] as number,
        deliverAt: new Date(now.getTime() + 27 * DAY),
        now: new Date(now.getTime() - 30 * HOUR),
      });
      await payOrder(tx, { order: paid, actor: { id: buyer.id, role: buyer.role }, billing, now });

      // Completed: paid and delivered (escrow → the partner's payables), so it is in My domains too:
      // a completed order of a domain always is (the delivery sweeper does both in one transaction).
      const done = await createOrder(tx, {
        ...base,
        domain: 'oakandriver.com',
        amountExTaxCents: paidExTax[1] as number,
        now: new Date(now.getTime() - 2 * DAY),
      });
      const donePaid = await payOrder(tx, { order: done, actor: { id: buyer.id, role: buyer.role }, billing, now });
      await completeOrder(tx, { order: donePaid, actor: 'system', now });
      await deliverDomain(tx, {
        userId: buyer.id,
        domain: donePaid.domain,
        registrar: 'NameBourse',
        registeredAt: new Date(now.getTime() - 6 * 365 * DAY),
        expiresAt: new Date(now.getTime() + 300 * DAY),
        orderId: donePaid.id,
        now,
      });

      // Expired: a fixed-price purchase left unpaid past its window.
      const lapsed = await createOrder(tx, {
        ...base,
        source: 'fixed',
        domain: 'tinysparrow.co',
        amountExTaxCents: 9_900,
        payBy: new Date(now.getTime() - DAY),
        now: new Date(now.getTime() - 4 * DAY),
      });
      after.push(await closeUnpaidOrder(app, tx, lapsed, now));
    });
    for (const then of after) await then?.();
    return undefined;
  },
};
