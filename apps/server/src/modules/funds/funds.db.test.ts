import { DEFAULT_SETTINGS, FUNDS_LIMITS } from '@namebourse/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, suiteContext } from '../../../test/helpers.ts';
import { DEMO_BUYER, demoAccountsSeeder } from '../account/account.seeder.ts';
import { getUserByEmail } from '../account/account.service.ts';
import { checkBooks, hold, transfer } from '../ledger/ledger.service.ts';
import { updateSettings } from '../profile/profile.service.ts';
import { fundsDemoSeeder } from './funds.seeder.ts';
import { startOfLocalDay } from './funds.service.ts';
import { buildFundsTestApp, newUser, type TestUser, topUp } from './recharge.test-support.ts';
import { applySettlement } from './settlements.service.ts';

describe.each(enginesFor('app'))('my fund: summary, history and exports (%s)', (engine) => {
  const t = suiteContext(() => buildFundsTestApp(engine), 180_000);

  const get = (who: TestUser, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...who.headers, ...headers } });

  async function earn(who: TestUser, amountCents: number, key: string) {
    await t.app.platform.db.transaction((tx) =>
      transfer(tx, t.clock.now(), {
        kind: 'sale_proceeds',
        idempotencyKey: key,
        ref: { type: 'test', id: key },
        memo: 'Sale proceeds: test.com',
        postings: [
          { account: { platform: 'adjustments' }, amountCents: -amountCents },
          { account: { userId: who.id, bucket: 'earnings' }, amountCents },
        ],
      }),
    );
  }

  async function freeze(who: TestUser, amountCents: number, auction: string) {
    await t.app.platform.db.transaction((tx) =>
      hold(tx, t.clock.now(), {
        userId: who.id,
        amountCents,
        ref: { type: 'auction', id: auction, label: `Deposit: ${auction}` },
        idempotencyKey: `test:hold:${who.id}:${auction}`,
      }),
    );
  }

  it('the summary shows balances, what holds each frozen amount and earnings under settlement', async () => {
    const who = await newUser(t);
    const empty = await get(who, '/api/funds/summary');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual({
      availableCents: 0,
      frozenCents: 0,
      earningsCents: 0,
      frozenHolds: [],
      settlingCents: 0,
      currency: 'USD',
    });

    await topUp(t, who, 20_000);
    await freeze(who, 3_000, 'example.com');
    t.clock.advance(60);
    await freeze(who, 1_500, 'sample.net');
    await earn(who, 12_000, `earn:${who.id}:1`);
    await applySettlement(t.app, { id: who.id, role: 'user' }, { amountCents: 7_000, target: 'balance' }, 'en-US');

    const summary = (await get(who, '/api/funds/summary')).json().data;
    expect(summary).toMatchObject({
      availableCents: 15_500,
      frozenCents: 4_500,
      earningsCents: 5_000,
      settlingCents: 7_000,
    });
    expect(summary.frozenHolds).toEqual([
      {
        refType: 'auction',
        refId: 'sample.net',
        label: 'Deposit: sample.net',
        amountCents: 1_500,
        since: expect.any(String),
      },
      {
        refType: 'auction',
        refId: 'example.com',
        label: 'Deposit: example.com',
        amountCents: 3_000,
        since: expect.any(String),
      },
    ]);

    const { 'x-test-user': _dropped, ...visitor } = who.headers;
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/funds/summary', headers: visitor });
    expect(anonymous.statusCode).toBe(401);
  });

  describe('transaction history', () => {
    let who: TestUser;
    // 23:30 on 5 January in Beijing, then 00:30 on 6 January there (15:30 and 16:30 UTC on the 5th).
    const late = new Date('2026-01-05T15:30:00.000Z');
    const afterMidnight = new Date('2026-01-05T16:30:00.000Z');

    beforeAll(async () => {
      who = await newUser(t);
      t.clock.set(late);
      await topUp(t, who, 5_000); // one line: available +5000
      t.clock.set(afterMidnight);
      await freeze(who, 1_000, 'deposit.io'); // two lines: available −1000, frozen +1000
      await earn(who, 2_500, `earn:${who.id}:h`); // one line: earnings +2500
    });

    it("lists my lines newest first with paging; nobody else's", async () => {
      const page1 = (await get(who, '/api/funds/transactions?pageSize=2')).json().data;
      expect(page1.total).toBe(4);
      expect(
        page1.items.map((l: { type: string; bucket: string; amountCents: number }) => [
          l.type,
          l.bucket,
          l.amountCents,
        ]),
      ).toEqual([
        ['sale_proceeds', 'earnings', 2_500],
        ['deposit_hold', 'frozen', 1_000],
      ]);
      const page2 = (await get(who, '/api/funds/transactions?pageSize=2&page=2')).json().data;
      expect(
        page2.items.map((l: { amountCents: number; balanceAfterCents: number }) => [
          l.amountCents,
          l.balanceAfterCents,
        ]),
      ).toEqual([
        [-1_000, 4_000],
        [5_000, 5_000],
      ]);
      expect(page2.items[1]).toMatchObject({ type: 'recharge', refType: 'recharge', createdAt: late.toISOString() });
      const other = await newUser(t);
      expect((await get(other, '/api/funds/transactions')).json().data).toMatchObject({ items: [], total: 0 });
    });

    it("filters by type, bucket and calendar days in the caller's time zone", async () => {
      const types = (await get(who, '/api/funds/transactions?type=deposit_hold')).json().data;
      expect(types.total).toBe(2);
      const frozen = (await get(who, '/api/funds/transactions?bucket=frozen')).json().data;
      expect(frozen.items.map((l: { amountCents: number }) => l.amountCents)).toEqual([1_000]);

      const beijing = { 'accept-timezone-offset': '480' };
      const on6th = (await get(who, '/api/funds/transactions?from=2026-01-06&to=2026-01-06', beijing)).json().data;
      expect(on6th.total).toBe(3);
      const on5th = (await get(who, '/api/funds/transactions?from=2026-01-05&to=2026-01-05', beijing)).json().data;
      expect(on5th.items.map((l: { type: string }) => l.type)).toEqual(['recharge']);
      const utc = (await get(who, '/api/funds/transactions?from=2026-01-05&to=2026-01-05')).json().data;
      expect(utc.total).toBe(4);
      const ny = { 'accept-timezone-offset': '-300' };
      expect((await get(who, '/api/funds/transactions?to=2026-01-04', ny)).json().data.total).toBe(0);
      expect(startOfLocalDay('2026-01-06', 480).toISOString()).toBe('2026-01-05T16:00:00.000Z');
    });

    it('refuses bad filters with localised field messages', async () => {
      const zh = { 'accept-language': 'zh-CN' };
      const range = await get(who, '/api/funds/transactions?from=2026-02-01&to=2026-01-01', zh);
      expect(range.statusCode).toBe(400);
      expect(range.json()).toMatchObject({
        code: 'Request.Invalid',
        data: { fields: { to: '范围无效：最大值必须 ≥ 最小值' } },
      });
      const type = await get(who, '/api/funds/transactions?type=bribe', zh);
      expect(type.json().data.fields.type).toBe('请选择有效的选项');
      const date = await get(who, '/api/funds/transactions?from=2026-13-01', zh);
      expect(date.json().data.fields.from).toBe('请输入有效的日期');
      const size = await get(who, '/api/funds/transactions?pageSize=101', zh);
      expect(size.statusCode).toBe(400);
      expect(size.json().data.fields.pageSize).toBeTruthy();
    });

    it('exports the filtered list as CSV: UTF-8 with BOM, Chinese headers and type names, local times', async () => {
      const res = await get(who, '/api/funds/transactions?format=csv&bucket=available', {
        'accept-language': 'zh-CN',
        'accept-timezone-offset': '480',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const disposition = String(res.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename="transactions-\d{8}\.csv"; filename\*=UTF-8''/);
      expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toMatch(/^资金流水-\d{8}\.csv$/);
      const bytes = res.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toBe('时间 (UTC+08:00),类型,账户,金额 (USD),变动后余额 (USD),关联单号,备注,流水号');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toMatch(/^2026-01-06 00:30:00,保证金冻结,可用余额,-10\.00,40\.00,deposit\.io,/);
      expect(lines[2]).toMatch(/^2026-01-05 23:30:00,充值,可用余额,50\.00,50\.00,R\d{16},充值 R\d{16}（/);
    });

    it('exports XLSX that a spreadsheet reads back (English), in the time zone of the settings', async () => {
      await updateSettings(t.app, who.id, { ...DEFAULT_SETTINGS, language: 'en-US', timeZone: 'UTC', digest: false });
      // The browser's offset does not decide the file's times; the user's setting does.
      const res = await get(who, '/api/funds/transactions?format=xlsx', { 'accept-timezone-offset': '480' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(String(res.headers['content-disposition'])).toMatch(/filename="transactions-\d{8}\.xlsx"/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Transactions');
      expect(sheet).toBeDefined();
      const header = sheet?.getRow(1).values as unknown[];
      expect(header.slice(1)).toEqual([
        'Time (UTC+00:00)',
        'Type',
        'Account',
        'Amount (USD)',
        'Balance after (USD)',
        'Reference',
        'Memo',
        'Transaction ID',
      ]);
      expect(sheet?.rowCount).toBe(5);
      const first = sheet?.getRow(2).values as unknown[];
      expect(first.slice(1, 6)).toEqual(['2026-01-05 16:30:00', 'Sale proceeds', 'Earnings', 25, 25]);
      const last = sheet?.getRow(5).values as unknown[];
      expect(last.slice(1, 6)).toEqual(['2026-01-05 15:30:00', 'Top-up', 'Available', 50, 50]);
      expect(sheet?.getColumn(4).numFmt).toBe('#,##0.00;-#,##0.00');
    });
  });

  it('seeds the demo buyer a realistic fund history once, with a card saved through the sandbox', async () => {
    const { app } = t;
    const ctx = { app, db: app.platform.db, clock: app.platform.clock, log: app.log };
    await demoAccountsSeeder.run(ctx);
    const buyer = await getUserByEmail(app, DEMO_BUYER.email);
    if (!buyer) throw new Error('no demo buyer');
    await fundsDemoSeeder.run(ctx);
    await fundsDemoSeeder.run(ctx); // a second run adds nothing
    const who: TestUser = { id: buyer.id, headers: { 'x-test-user': String(buyer.id) } };

    const recharges = (await get(who, '/api/funds/recharges?pageSize=50')).json().data;
    expect(recharges.total).toBe(5);
    expect(recharges.items.filter((r: { status: string }) => r.status === 'failed')).toHaveLength(1);
    expect(recharges.items[0]).toMatchObject({ status: 'success', amountCents: 2_000, cardLast4: '4242' });
    const summary = (await get(who, '/api/funds/summary')).json().data;
    expect(summary).toMatchObject({ availableCents: 48_000, earningsCents: 27_550, frozenCents: 0 });
    expect(summary.earningsCents).toBeGreaterThanOrEqual(FUNDS_LIMITS.settlementMinCents);
    const cards = (await get(who, '/api/funds/cards')).json().data.items;
    expect(cards).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', holder: 'DEMO USER' })]);
    const lines = (await get(who, '/api/funds/transactions?pageSize=100')).json().data;
    expect(lines.items.map((l: { type: string }) => l.type).sort()).toEqual([
      'recharge',
      'recharge',
      'recharge',
      'recharge',
      'sale_proceeds',
      'sale_proceeds',
    ]);
    expect((await checkBooks(app.platform.db, t.clock.now(), async (id) => id)).balanced).toBe(true);
  });

  it(`refuses an export over ${FUNDS_LIMITS.exportMaxRows} lines with 'Export failed', and a narrower one works`, async () => {
    const who = await newUser(t);
    const { db } = t.app.platform;
    const n = FUNDS_LIMITS.exportMaxRows + 1;
    // One real transfer creates the accounts; then n one-cent lines in bulk (balanced, so the books check passes).
    await db.transaction((tx) =>
      transfer(tx, t.clock.now(), {
        kind: 'adjustment',
        idempotencyKey: `bulk:${who.id}:seed`,
        postings: [
          { account: { platform: 'adjustments' }, amountCents: -1 },
          { account: { userId: who.id, bucket: 'available' }, amountCents: 1 },
        ],
      }),
    );
    const old = new Date(t.clock.now().getTime() - 40 * 24 * 3600_000);
    await db.execute(sql`
      with acc as (
        select (select id from ledger_accounts where key = ${`user:${who.id}:available`}) as u,
               (select id from ledger_accounts where key = 'platform:adjustments') as p
      ), txs as (
        insert into ledger_transactions (kind, idempotency_key, memo, created_at)
        select 'adjustment', ${`bulk:${who.id}:`} || g, 'bulk line', ${old}::timestamptz
        from generate_series(1, ${n}) as g
        returning id
      ), numbered as (select id, row_number() over (order by id) as r from txs)
      insert into ledger_postings (transaction_id, account_id, amount_cents, balance_after_cents, created_at)
      select id, (select u from acc), 1, 1 + r, ${old}::timestamptz from numbered
      union all
      select id, (select p from acc), -1, 0, ${old}::timestamptz from numbered`);
    await db.execute(sql`update ledger_accounts set balance_cents = balance_cents + ${n}
      where key = ${`user:${who.id}:available`}`);
    await db.execute(sql`update ledger_accounts set balance_cents = balance_cents - ${n}
      where key = 'platform:adjustments'`);
    expect((await checkBooks(db, t.clock.now(), async (id) => id)).balanced).toBe(true);

    const listed = (await get(who, '/api/funds/transactions?pageSize=1')).json().data;
    expect(listed.total).toBe(n + 1);
    for (const format of ['csv', 'xlsx']) {
      const res = await get(who, `/api/funds/transactions?format=${format}`, { 'accept-language': 'zh-CN' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({
        code: 'Funds.ExportFailed',
        message: '导出失败，请稍后再试',
        data: { maxRows: FUNDS_LIMITS.exportMaxRows, rows: n + 1 },
      });
    }
    const today = t.clock.now().toISOString().slice(0, 10);
    const narrow = await get(who, `/api/funds/transactions?format=csv&from=${today}`);
    expect(narrow.statusCode).toBe(200);
    expect(narrow.rawPayload.toString('utf8').trimEnd().split('\r\n')).toHaveLength(2);
  }, 120_000);
});
