import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../test/helpers.ts';
import { platformMeta, users } from '../db/schema/index.ts';
import { FIRST_START_KEY, runFirstStart } from './first-start.ts';
import { SeederRegistry } from './seeders.ts';

const ADMIN = { email: 'ops@namebourse.test', password: 'Ops-Secret-2026' };
/** The demo finance and support operators (the admin module's seeder; not in production). */
const DEMO_STAFF = [
  { role: 'finance', email: 'finance@namebourse.com', password: 'Finance@2026' },
  { role: 'support', email: 'support@namebourse.com', password: 'Support@2026' },
];

describe.each(enginesFor('sql'))('first start (%s)', (engine) => {
  let t: TestContext | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('creates the operator from ADMIN_EMAIL once, runs the demo seeders once, and marks the database', async () => {
    t = await buildTestApp(engine, { admin: ADMIN, seedDemo: true });
    const { app, database } = t;
    expect(database.wasEmpty).toBe(true);
    let extraRuns = 0;
    app.platform.seeders.register({
      name: 'test-extra',
      async run() {
        extraRuns++;
      },
    });

    const first = await runFirstStart(app);
    // With ADMIN_EMAIL set, the demo seeders add the demo buyer and the finance and support operators.
    expect(first.accounts).toEqual([
      { role: 'buyer', email: 'demo@namebourse.com', password: 'Demo@2026' },
      ...DEMO_STAFF,
    ]);
    expect(extraRuns).toBe(1);

    const rows = await app.platform.db.select().from(users);
    // Also the twelve demo bidders of the auctions' bidding history (accounts nobody signs in to).
    const bidders = Array.from({ length: 12 }, (_, i) => [
      `bidder${String(i + 1).padStart(2, '0')}@demo.namebourse.com`,
      'user',
    ]);
    // And the four demo sellers of the market's listings (the demo buyer is the seller-centre demo).
    const sellers = Array.from({ length: 4 }, (_, i) => [
      `seller${String(i + 1).padStart(2, '0')}@demo.namebourse.com`,
      'user',
    ]);
    expect(rows.map((u) => [u.email, u.role]).sort()).toEqual(
      [
        ...bidders,
        ...sellers,
        ['demo@namebourse.com', 'user'],
        ['finance@namebourse.com', 'finance'],
        ['ops@namebourse.test', 'admin'],
        ['support@namebourse.com', 'support'],
      ].sort(),
    );
    const admin = rows.find((u) => u.role === 'admin')!;
    expect(admin.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verify(admin.passwordHash, ADMIN.password)).toBe(true);
    expect(admin.accountNo).toMatch(/^NB\d{8}$/);

    const [mark] = await app.platform.db.select().from(platformMeta).where(eq(platformMeta.key, FIRST_START_KEY));
    expect(mark?.value).toMatchObject({ status: 'done', admin: ADMIN.email });

    const second = await runFirstStart(app);
    expect(second.accounts).toEqual([]);
    expect(extraRuns).toBe(1);
    expect(await app.platform.db.select().from(users)).toHaveLength(4 + bidders.length + sellers.length);
  }, 180_000);

  it('seeds nothing when SEED_DEMO is off, and only one of two concurrent starts seeds', async () => {
    t = await buildTestApp(engine, { admin: ADMIN, seedDemo: false });
    const results = await Promise.all([runFirstStart(t.app), runFirstStart(t.app), runFirstStart(t.app)]);
    expect(results.every((r) => r.accounts.length === 0)).toBe(true);
    const rows = await t.app.platform.db.select().from(users);
    expect(rows.map((u) => u.email)).toEqual([ADMIN.email]);
  });

  it('does nothing on a database that already had tables', async () => {
    t = await buildTestApp(engine, { admin: ADMIN, seedDemo: true });
    const { app } = t;
    const notNew = { ...app.platform, database: { ...app.platform.database, wasEmpty: false } };
    const result = await runFirstStart(Object.assign(Object.create(app), { platform: notNew }));
    expect(result.accounts).toEqual([]);
    expect(await app.platform.db.select().from(users)).toHaveLength(0);
  });

  // One demo seed for both (each seed takes most of a minute): no ADMIN_EMAIL, and a seeder that throws.
  it('creates a demo operator when ADMIN_EMAIL is not set, and keeps starting when a demo seeder fails', async () => {
    t = await buildTestApp(engine, { admin: undefined, seedDemo: true });
    t.app.platform.seeders.register({
      name: 'test-broken',
      async run() {
        throw new Error('boom');
      },
    });
    const { accounts } = await runFirstStart(t.app);
    expect(accounts).toEqual([
      { role: 'buyer', email: 'demo@namebourse.com', password: 'Demo@2026' },
      { role: 'admin', email: 'admin@namebourse.com', password: 'Admin@2026' },
      ...DEMO_STAFF,
    ]);
    const admin = (await t.app.platform.db.select().from(users)).find((u) => u.role === 'admin');
    expect(admin?.email).toBe('admin@namebourse.com');
    expect(await verify(admin!.passwordHash, 'Admin@2026')).toBe(true);
    const [mark] = await t.app.platform.db.select().from(platformMeta).where(eq(platformMeta.key, FIRST_START_KEY));
    expect(mark?.value).toMatchObject({
      status: 'done',
      seeders: expect.arrayContaining([expect.objectContaining({ name: 'test-broken', ok: false })]),
    });
  }, 180_000);
});

describe('SeederRegistry', () => {
  it('lists seeders in registration order and refuses duplicate names', () => {
    const registry = new SeederRegistry();
    registry.register({ name: 'a', async run() {} });
    registry.register({ name: 'b', async run() {} });
    expect(registry.list().map((s) => s.name)).toEqual(['a', 'b']);
    expect(() => registry.register({ name: 'a', async run() {} })).toThrow(/already registered/);
  });
});
