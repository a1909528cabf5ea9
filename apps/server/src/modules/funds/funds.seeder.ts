import { type RechargeMethod, rechargeFeeCents } from '@namebourse/contract';
import { sandboxOf } from '../../adapters/payments/payments.ts';
import { SANDBOX_TEST_CARDS } from '../../adapters/payments/sandbox-cards.ts';
import type { Tx } from '../../db/open-database.ts';
import type { Seeder } from '../../platform/seeders.ts';
import { DEMO_BUYER } from '../account/account.seeder.ts';
import { getUserByEmail } from '../account/account.service.ts';
import { ledgerMemo } from '../ledger/ledger.memos.ts';
import { transfer } from '../ledger/ledger.service.ts';
import { notify } from '../messages/messages.service.ts';
import { insertRecharge, listRechargesOfUser } from './recharge.repository.ts';
import { createRecharge, newRechargeId } from './recharge.service.ts';

const DAY = 24 * 3600 * 1000;

type HistoryItem =
  | { kind: 'recharge'; daysAgo: number; amountCents: number; method: RechargeMethod; last4?: string; failed?: string }
  | { kind: 'proceeds'; daysAgo: number; amountCents: number; domain: string };

/** The demo buyer's past, oldest first. */
const HISTORY: HistoryItem[] = [
  { kind: 'recharge', daysAgo: 45, amountCents: 30_000, method: 'card', last4: '4242' },
  { kind: 'proceeds', daysAgo: 38, amountCents: 18_000, domain: 'ripplecraft.com' },
  { kind: 'recharge', daysAgo: 30, amountCents: 10_000, method: 'alipay' },
  { kind: 'recharge', daysAgo: 21, amountCents: 15_000, method: 'card', last4: '0002', failed: 'card_declined' },
  { kind: 'proceeds', daysAgo: 12, amountCents: 9_550, domain: 'mossgarden.net' },
  { kind: 'recharge', daysAgo: 5, amountCents: 6_000, method: 'alipay' },
];

async function seedItem(tx: Tx, userId: bigint, item: HistoryItem, at: Date, n: number): Promise<void> {
  if (item.kind === 'proceeds') {
    // A sale the demo account made earlier (the marketplace's seller side is not built yet): credited to
    // earnings against the operators' adjustments account, so the settlement flow has something to settle.
    await transfer(tx, at, {
      kind: 'sale_proceeds',
      idempotencyKey: `seed:funds:proceeds:${n}`,
      ref: { type: 'seed', id: item.domain },
      memo: ledgerMemo({ code: 'saleProceeds', domain: item.domain, demo: true }),
      postings: [
        { account: { platform: 'adjustments' }, amountCents: -item.amountCents },
        { account: { userId, bucket: 'earnings' }, amountCents: item.amountCents },
      ],
    });
    return;
  }
  const id = newRechargeId(at);
  const feeCents = rechargeFeeCents(item.amountCents, item.method);
  await insertRecharge(tx, {
    id,
    userId,
    amountCents: item.amountCents,
    feeCents,
    method: item.method,
    status: item.failed ? 'failed' : 'success',
    provider: 'sandbox',
    sessionId: `cs_demo_${id}`,
    payUrl: null,
    cardLast4: item.last4 ?? null,
    failureReason: item.failed ?? null,
    expiresAt: new Date(at.getTime() + DAY),
    createdAt: at,
    updatedAt: new Date(at.getTime() + 60_000),
    completedAt: new Date(at.getTime() + 60_000),
  });
  const params = { rechargeId: id, amountCents: item.amountCents, feeCents, method: item.method };
  if (item.failed) {
    await notify(tx, {
      userId,
      kind: 'recharge_failed',
      params: { ...params, reason: item.failed },
      link: '/console/fund/recharge',
      dedupeKey: `recharge:${id}:failed`,
      now: at,
    });
    return;
  }
  await transfer(tx, at, {
    kind: 'recharge',
    idempotencyKey: `recharge:${id}`,
    ref: { type: 'recharge', id },
    memo: ledgerMemo({
      code: 'topUp',
      id,
      method: item.method,
      ...(item.last4 ? { brand: 'visa', last4: item.last4 } : {}),
    }),
    postings: [
      { account: { platform: 'gateway' }, amountCents: -(item.amountCents + feeCents) },
      { account: { userId, bucket: 'available' }, amountCents: item.amountCents },
      { account: { platform: 'fees' }, amountCents: feeCents },
    ],
  });
  await notify(tx, {
    userId,
    kind: 'recharge_succeeded',
    params,
    link: '/console/fund/recharge',
    dedupeKey: `recharge:${id}:success`,
    now: at,
  });
}

/**
 * 'demo-funds': the demo buyer's fund history — top-ups by card and Alipay over the last weeks (one
 * declined), earnings from two sales (so a settlement can be applied for), and today a $20 card
 * top-up paid through the sandbox provider's real flow with the card saved for later top-ups.
 * Runs once: nothing is added when the buyer already has top-ups.
 */
export const fundsDemoSeeder: Seeder = {
  name: 'demo-funds',
  async run({ app, db, clock, log }) {
    const buyer = await getUserByEmail(app, DEMO_BUYER.email);
    if (!buyer) return undefined;
    if ((await listRechargesOfUser(db, buyer.id, {}, { limit: 1, offset: 0 })).total > 0) return undefined;
    const now = clock.now();
    await db.transaction(async (tx) => {
      let n = 0;
      for (const item of HISTORY) {
        n += 1;
        // Spread over the day so the history reads like a person's.
        const at = new Date(now.getTime() - item.daysAgo * DAY + ((n * 7_919_000) % (10 * 3600_000)));
        await seedItem(tx, buyer.id, item, at, n);
      }
    });

    // Today's top-up goes through the provider like a real one: hosted page, saved card, signed webhook.
    const sandbox = sandboxOf(app.platform.payments);
    if (!sandbox) return undefined;
    const created = await createRecharge(app, buyer, { amountCents: 2_000, method: 'card' }, 'zh-CN');
    await sandbox.completeSession(
      created.sessionId,
      {
        outcome: 'success',
        card: {
          number: SANDBOX_TEST_CARDS.success,
          expMonth: 12,
          expYear: now.getUTCFullYear() + 4,
          cvc: '123',
          holder: 'DEMO USER',
        },
        saveCard: true,
      },
      'zh-CN',
    );
    await sandbox.settle();
    log.info({ rechargeId: created.rechargeId }, 'demo top-up paid through the sandbox provider');
    return undefined;
  },
};
