import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, suiteContext } from '../../../test/helpers.ts';
import { feedImports } from '../../db/schema/index.ts';
import { createUser } from '../account/account.service.ts';
import { advance, type SignedIn, signIn } from '../funds/payees.test-support.ts';
import { securityTestRoutes } from '../security/security.test-support.ts';
import { auditTrail } from './audit.service.ts';

const HEADER = 'domain,type,registrar,partner,startPrice,startsAt,endsAt';
/** A lot row; times without an offset are UTC+8 (the clock starts at 2026-01-05 00:00 UTC). */
const row = (domain: string, price = '10', startsAt = '2026-01-05 12:00', endsAt = '2026-01-09 12:00') =>
  `${domain},expired,GoDaddy,Partner A,${price},${startsAt},${endsAt}`;

function form(fields: Record<string, string>, file: { name: string; data: string }) {
  const boundary = `----nbfeed${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(file.data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(enginesFor('sql'))('scheduled lot feeds (%s)', (engine) => {
  const dropDir = mkdtempSync(join(tmpdir(), 'nb-feeds-'));
  const adminEmail = `feeds-admin-${randomBytes(3).toString('hex')}@example.com`;
  const t = suiteContext(() =>
    buildTestApp(
      engine,
      { feedDropDir: dropDir, admin: { email: adminEmail, password: 'Feeds-Pass-1' } },
      securityTestRoutes,
    ),
  );
  afterAll(() => rmSync(dropDir, { recursive: true, force: true }));

  const upload = (who: SignedIn, file: { name: string; data: string }, fields: Record<string, string> = {}) => {
    const body = form(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/feeds',
      headers: { ...who.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const list = async (who: SignedIn, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/feeds${query}`, headers: who.headers });
    expect(res.statusCode).toBe(200);
    return res.json().data as { items: Record<string, unknown>[]; total: number };
  };
  const one = async (who: SignedIn, id: string) => (await list(who, '?pageSize=100')).items.find((f) => f.id === id);
  const sweep = () => t.app.platform.sweeper.runOnce();

  it('imports an uploaded file at its time, once, with created lots, duplicates and refusals in the report', async () => {
    const admin = await signIn(t, 'admin');
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auctions',
      headers: admin.headers,
      payload: {
        lots: [
          {
            domain: 'taken-feed.com',
            type: 'expired',
            registrar: 'GoDaddy',
            partner: 'Partner A',
            startPriceCents: 1_000,
            startsAt: '2026-01-05T04:00:00.000Z',
            endsAt: '2026-01-09T04:00:00.000Z',
          },
        ],
      },
    });
    expect(taken.statusCode).toBe(200);
    const csv = [
      HEADER,
      row('alpha-feed.com'),
      row('beta-feed.com', '25.50'),
      row('alpha-feed.com'),
      row('taken-feed.com'),
      row('gamma-feed.com', 'abc'),
      row('ended-feed.com', '10', '2025-12-30 12:00', '2026-01-04 12:00'),
    ].join('\n');
    const at = new Date(t.clock.now().getTime() + 2 * 3_600_000).toISOString();
    const res = await upload(admin, { name: 'partner-a.csv', data: csv }, { scheduledAt: at });
    expect(res.statusCode).toBe(200);
    const scheduled = res.json().data;
    expect(scheduled).toMatchObject({
      fileName: 'partner-a.csv',
      source: 'upload',
      status: 'scheduled',
      scheduledAt: at,
      createdBy: admin.user.accountNo,
      report: null,
    });

    // The same file again is refused, whatever its name.
    const again = await upload(admin, { name: 'copy.csv', data: csv });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'Feed.AlreadyImported', data: { id: scheduled.id } });

    // Not before its time.
    await sweep();
    expect((await one(admin, scheduled.id))?.status).toBe('scheduled');
    await advance(t, 2 * 3_600, [admin]);
    await sweep();
    const done = await one(admin, scheduled.id);
    expect(done?.status).toBe('done');
    expect(done?.finishedAt).toBe(t.clock.now().toISOString());
    const report = done?.report as {
      created: { line: number; domain: string; auctionId: string }[];
      duplicates: unknown[];
      refused: unknown[];
    };
    expect(report.created.map((c) => [c.line, c.domain])).toEqual([
      [2, 'alpha-feed.com'],
      [3, 'beta-feed.com'],
    ]);
    expect(report.duplicates).toEqual([
      { line: 4, domain: 'alpha-feed.com', reason: 'in_file' },
      { line: 5, domain: 'taken-feed.com', reason: 'open_lot' },
    ]);
    expect(report.refused).toEqual([
      {
        line: 6,
        domain: 'gamma-feed.com',
        field: 'startPrice',
        code: 'Request.Invalid',
        message: expect.any(String),
      },
      {
        line: 7,
        domain: 'ended-feed.com',
        field: 'endsAt',
        code: 'Request.Invalid',
        message: 'The end must be in the future',
      },
    ]);
    // The lots exist, created by the uploader.
    const lots = await t.app.inject({
      method: 'GET',
      url: '/api/admin/auctions?keyword=-feed.com',
      headers: admin.headers,
    });
    expect(
      lots
        .json()
        .data.items.map((l: { domain: string }) => l.domain)
        .sort(),
    ).toEqual(['alpha-feed.com', 'beta-feed.com', 'taken-feed.com']);
    // Messages in the reader's language.
    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/admin/feeds?status=done',
      headers: { ...admin.headers, 'accept-language': 'zh-CN' },
    });
    const zhReport = zh.json().data.items.find((f: { id: string }) => f.id === scheduled.id).report;
    expect(zhReport.refused[1].message).toBe('结束时间必须晚于当前时间');
    const trail = await auditTrail(t.app.platform.db, 'feed_import', scheduled.id);
    expect(trail.map((a) => a.action)).toEqual(['import', 'schedule']);
  });

  it('cancels a scheduled import; the same file uploaded again is scheduled again; finished ones stay', async () => {
    const admin = await signIn(t, 'admin');
    const csv = [HEADER, row('delta-feed.com')].join('\n');
    const at = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const first = (await upload(admin, { name: 'delta.csv', data: csv }, { scheduledAt: at })).json().data;
    const cancel = (id: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/feeds/${id}/cancel`, headers: admin.headers, payload: {} });
    const cancelled = await cancel(first.id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await cancel(first.id)).json().code).toBe('Feed.NotCancellable');
    expect((await cancel('999999')).json().code).toBe('Feed.NotFound');
    const again = await upload(admin, { name: 'delta.csv', data: csv });
    expect(again.json().data).toMatchObject({
      id: first.id,
      status: 'scheduled',
      scheduledAt: t.clock.now().toISOString(),
    });
    await sweep();
    expect((await one(admin, first.id))?.status).toBe('done');
    expect((await cancel(first.id)).statusCode).toBe(409);
  });

  it('marks failed an import left running by a stopped instance; the same file may then be uploaded again', async () => {
    const admin = await signIn(t, 'admin');
    const csv = [HEADER, row('omega-feed.com')].join('\n');
    const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const first = (await upload(admin, { name: 'omega.csv', data: csv }, { scheduledAt: at })).json().data;
    // Its instance took it, then stopped before finishing.
    await t.app.platform.db
      .update(feedImports)
      .set({ status: 'running' })
      .where(eq(feedImports.id, BigInt(first.id)));
    await advance(t, 3_600 + 30 * 60, [admin]);
    await sweep();
    expect((await one(admin, first.id))?.status).toBe('running');
    await advance(t, 31 * 60, [admin]);
    await sweep();
    const failed = await one(admin, first.id);
    expect(failed).toMatchObject({ status: 'failed', finishedAt: t.clock.now().toISOString() });
    const failedReport = failed?.report as { refused: { code: string; message: string }[] } | undefined;
    expect(failedReport?.refused).toEqual([
      { line: 0, domain: null, field: null, code: 'Feed.ImportFailed', message: expect.any(String) },
    ]);
    const again = await upload(admin, { name: 'omega.csv', data: csv });
    expect(again.json().data).toMatchObject({ id: first.id, status: 'scheduled' });
    await sweep();
    expect((await one(admin, first.id))?.status).toBe('done');
  });

  it('refuses what is not a readable CSV file, and anyone but an admin', async () => {
    const admin = await signIn(t, 'admin');
    const bad = await upload(admin, { name: 'x.csv', data: '' });
    expect(bad.json().code).toBe('Feed.FileInvalid');
    const badTime = await upload(admin, { name: 'y.csv', data: `${HEADER}\n` }, { scheduledAt: 'tomorrow' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().data.fields).toHaveProperty('scheduledAt');
    for (const role of ['finance', 'support', 'user'] as const) {
      const who = await signIn(t, role);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/feeds', headers: who.headers })).statusCode).toBe(
        403,
      );
      expect((await upload(who, { name: 'z.csv', data: row('zeta-feed.com') })).statusCode).toBe(403);
    }
  });

  it('schedules files dropped in the folder, once, and moves them out of the way', async () => {
    const admin = await signIn(t, 'admin');
    await createUser(t.app.platform.db, t.app.platform.clock, {
      email: adminEmail,
      password: 'Feeds-Pass-1',
      nickname: 'feedsadmin',
      role: 'admin',
    }).catch(() => undefined);
    const csv = [HEADER, row('epsilon-feed.com')].join('\n');
    writeFileSync(join(dropDir, 'partner-b.csv'), csv);
    writeFileSync(join(dropDir, '20260201T0200_partner-c.csv'), [HEADER, row('later-feed.com')].join('\n'));
    writeFileSync(join(dropDir, 'notes.txt'), 'not a feed');
    // First seen: left alone until it stands still (it may still be being copied in).
    await sweep();
    expect(readdirSync(dropDir).sort()).toEqual(['20260201T0200_partner-c.csv', 'notes.txt', 'partner-b.csv']);
    await sweep();
    expect(readdirSync(dropDir).sort()).toEqual(['notes.txt', 'processed']);
    expect(readdirSync(join(dropDir, 'processed'))).toHaveLength(2);
    const feeds = (await list(admin, '?pageSize=100')).items.filter((f) => f.source === 'folder');
    const now = feeds.find((f) => f.fileName === 'partner-b.csv');
    expect(now).toMatchObject({ status: 'done', createdBy: null });
    const nowReport = now?.report as { created: { domain: string }[] } | undefined;
    expect(nowReport?.created.map((c) => c.domain)).toEqual(['epsilon-feed.com']);
    expect(feeds.find((f) => f.fileName === '20260201T0200_partner-c.csv')).toMatchObject({
      status: 'scheduled',
      scheduledAt: '2026-02-01T02:00:00.000Z',
    });
    // The same file dropped again is not imported twice.
    writeFileSync(join(dropDir, 'partner-b-again.csv'), csv);
    await sweep();
    await sweep();
    expect(readdirSync(join(dropDir, 'processed'))).toHaveLength(3);
    expect((await list(admin, '?pageSize=100')).items.filter((f) => f.source === 'folder')).toHaveLength(2);
  });
});
