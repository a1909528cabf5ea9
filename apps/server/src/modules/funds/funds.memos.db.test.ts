import type { Locale, TransactionLine } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { DEMO_BUYER, demoAccountsSeeder } from '../account/account.seeder.ts';
import { getUserByEmail } from '../account/account.service.ts';
import { insertLot } from '../auctions/auctions.test-support.ts';
import { ledgerMemo } from '../ledger/ledger.memos.ts';
import { transfer } from '../ledger/ledger.service.ts';
import { demoOrdersSeeder } from '../orders/orders.seeder.ts';
import {
  buildMoneyTestApp,
  completeContactInfo,
  readyBuyer,
  sessionHeaders,
  signIn,
} from '../orders/orders.test-support.ts';
import { fundsDemoSeeder } from './funds.seeder.ts';
import { applySettlement } from './settlements.service.ts';

/**
 * Issue 14: every line of the transaction history (the list, its CSV export and the console's view
 * of an account) reads in the reader's language, seeded demo lines and lines stored in English by
 * earlier versions included.
 */

/** English the system used to write into Chinese lines. */
const ENGLISH = /\b(exit|lost|paid|violation|Demo|demo data|Sale proceeds|Top-up|Settlement|alipay|card)\b/i;

describe.each(enginesFor('app'))('ledger lines in the reader’s language (%s)', (engine) => {
  let t: TestContext;
  let headers: Record<string, string>;
  let accountNo: string;
  let settlementId: string;

  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
    const { app } = t;
    const ctx = { app, db: app.platform.db, clock: app.platform.clock, log: app.log };
    // The demo buyer's seeded history: top-ups by card and Alipay, sale proceeds, the demo balance.
    await demoAccountsSeeder.run(ctx);
    await fundsDemoSeeder.run(ctx);
    await demoOrdersSeeder.run(ctx);
    const buyer = await getUserByEmail(app, DEMO_BUYER.email);
    if (!buyer) throw new Error('no demo buyer');
    accountNo = buyer.accountNo;
    headers = await sessionHeaders(t, buyer.id);
    await completeContactInfo(t, headers);

    // A deposit held by bidding and released when the buyer leaves the auction (outbid first).
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const bid = (h: Record<string, string>, amountCents: number) =>
      t.app.inject({ method: 'POST', url: `/api/auctions/${lot.id}/bids`, headers: h, payload: { amountCents } });
    const first = await bid(headers, 1_000);
    expect(first.statusCode, first.body).toBe(200);
    const rival = await readyBuyer(t, 100_000);
    expect((await bid(rival.headers, 2_000)).statusCode).toBe(200);
    const exit = await t.app.inject({ method: 'POST', url: `/api/auctions/${lot.id}/exit`, headers });
    expect(exit.statusCode, exit.body).toBe(200);

    // A settlement of the seeded earnings, and the demo bidders' balance as the auctions seeder writes it.
    settlementId = (
      await applySettlement(app, { id: buyer.id, role: 'user' }, { amountCents: 5_000, target: 'balance' }, 'en-US')
    ).settlementId;
    await app.platform.db.transaction((tx) =>
      transfer(tx, t.clock.now(), {
        kind: 'adjustment',
        idempotencyKey: 'test:memos:bidding-balance',
        ref: { type: 'seed', id: 'demo-auctions' },
        memo: ledgerMemo({ code: 'demoBalance', purpose: 'bidding' }),
        postings: [
          { account: { platform: 'adjustments' }, amountCents: -1_000 },
          { account: { userId: buyer.id, bucket: 'available' }, amountCents: 1_000 },
        ],
      }),
    );
    // What an earlier version stored, in English.
    await app.platform.db.transaction((tx) =>
      transfer(tx, t.clock.now(), {
        kind: 'adjustment',
        idempotencyKey: 'test:memos:legacy',
        ref: { type: 'seed', id: 'demo-auctions' },
        memo: 'Demo balance for bidding',
        postings: [
          { account: { platform: 'adjustments' }, amountCents: -500 },
          { account: { userId: buyer.id, bucket: 'available' }, amountCents: 500 },
        ],
      }),
    );
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const history = async (locale: Locale): Promise<TransactionLine[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/funds/transactions?pageSize=100',
      headers: { ...headers, 'accept-language': locale },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.items;
  };
  /** The memos of the transactions of one type (a transaction moving two buckets has a line in each). */
  const memos = (lines: TransactionLine[], type: TransactionLine['type']) => [
    ...new Map(lines.filter((l) => l.type === type).map((l) => [l.transactionId, l.memo])).values(),
  ];

  it('the history in Chinese has no English memo', async () => {
    const lines = await history('zh-CN');
    for (const line of lines) expect(line.memo, `${line.type} ${line.memo}`).not.toMatch(ENGLISH);
    expect(memos(lines, 'deposit_release')).toEqual(['已退出竞拍']);
    const topUps = memos(lines, 'recharge');
    expect(topUps).toContain('演示余额');
    expect(topUps.some((m) => /^充值 R\d+（支付宝）$/.test(m))).toBe(true);
    expect(topUps.some((m) => /^充值 R\d+（银行卡 Visa •••• 4242）$/.test(m))).toBe(true);
    expect(memos(lines, 'sale_proceeds')).toEqual([
      '销售收入：mossgarden.net（演示数据）',
      '销售收入：ripplecraft.com（演示数据）',
    ]);
    expect(memos(lines, 'settlement_request')).toEqual([`结算 ${settlementId}`]);
    expect(memos(lines, 'adjustment')).toEqual(['演示余额（用于出价）', '演示余额（用于出价）']);
  });

  it('the same history in English', async () => {
    const lines = await history('en-US');
    expect(memos(lines, 'deposit_release')).toEqual(['You left the auction']);
    const topUps = memos(lines, 'recharge');
    expect(topUps).toContain('Demo balance');
    expect(topUps.some((m) => /^Top-up R\d+ \(Alipay\)$/.test(m))).toBe(true);
    expect(topUps.some((m) => /^Top-up R\d+ \(Card, Visa •••• 4242\)$/.test(m))).toBe(true);
    expect(memos(lines, 'sale_proceeds')).toContain('Sale proceeds: ripplecraft.com (demo data)');
    expect(memos(lines, 'settlement_request')).toEqual([`Settlement ${settlementId}`]);
    expect(memos(lines, 'adjustment')).toEqual(['Demo balance for bidding', 'Demo balance for bidding']);
  });

  it('the CSV export in Chinese has no English words either; in English it has', async () => {
    const csv = async (locale: Locale) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/funds/transactions?format=csv',
        headers: { ...headers, 'accept-language': locale, 'accept-timezone-offset': '480' },
      });
      expect(res.statusCode).toBe(200);
      return res.rawPayload.toString('utf8');
    };
    const zh = await csv('zh-CN');
    expect(zh).not.toMatch(ENGLISH);
    expect(zh).toMatch(/,充值 R\d+（支付宝）,/);
    expect(zh).toContain(',已退出竞拍,');
    // A seeded line's reference names the seeder, not something to look up: left empty.
    expect(zh).not.toContain('demo-orders');
    const en = await csv('en-US');
    expect(en).toMatch(/,Top-up R\d+ \(Alipay\),/);
    expect(en).toContain(',You left the auction,');
    expect(en).toContain('Sale proceeds: ripplecraft.com (demo data)');
  });

  it('the console’s view of the account follows the operator’s language', async () => {
    const support = await signIn(t, 'support');
    const detail = async (locale: Locale) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/users/${accountNo}`,
        headers: { ...support.headers, 'accept-language': locale },
      });
      expect(res.statusCode).toBe(200);
      return (res.json().data.recentLines as TransactionLine[]).map((l) => l.memo);
    };
    const zh = await detail('zh-CN');
    for (const memo of zh) expect(memo).not.toMatch(ENGLISH);
    expect(zh).toContain('演示余额（用于出价）');
    expect(await detail('en-US')).toContain('Demo balance for bidding');
  });
});
