import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { domains, listings, ownershipProofs } from '../../db/schema/index.ts';
import { deliverDomain } from '../domains/domains.service.ts';
import { buildMoneyTestApp, signIn } from '../orders/orders.test-support.ts';
import { createListings, type ListingDraft } from './listings.service.ts';

/**
 * What the engines may answer differently: two requests listing the same domain at once (the open
 * listing's unique index and the row locks decide), and the set-based batch's cost at 1,000 rows.
 */
describe.each(enginesFor('sql'))('Listing races and batches (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const draft = (row: number, domain: string): ListingDraft => ({
    row,
    domain,
    mode: 'fixed',
    priceCents: 1_000,
    endOption: '3m',
  });
  async function openListings(domain: string): Promise<number> {
    const rows = await t.app.platform.db
      .select({ n: sql<number>`count(*)::int` })
      .from(listings)
      .where(sql`${listings.domain} = ${domain} and ${listings.status} in ('on_sale', 'pending_review')`);
    return Number(rows[0]?.n ?? 0);
  }

  it('lists a domain once when two requests list it at the same time (held here, and held elsewhere)', async () => {
    const a = await signIn(t);
    const now = t.clock.now();
    const held = `race-held-${engine}.com`;
    const row = await t.app.platform.db.transaction((tx) =>
      deliverDomain(tx, {
        userId: a.user.id,
        domain: held,
        registrar: 'NameBourse Registrar',
        registeredAt: null,
        expiresAt: null,
        orderId: null,
        now,
      }),
    );
    await t.app.platform.db.update(domains).set({ lockStatus: 'open' }).where(eq(domains.id, row.id));
    const external = `race-ext-${engine}.com`;
    await t.app.platform.db.insert(ownershipProofs).values({
      userId: a.user.id,
      domain: external,
      token: 'tok',
      status: 'verified',
      verifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    for (const domain of [held, external]) {
      const results = await Promise.all([
        createListings(t.app, a.user.id, [draft(1, domain)], 'en-US'),
        createListings(t.app, a.user.id, [draft(1, domain)], 'en-US'),
        createListings(t.app, a.user.id, [draft(1, domain)], 'en-US'),
      ]);
      expect(results.flatMap((r) => r.accepted)).toHaveLength(1);
      expect(results.flatMap((r) => r.refused.map((x) => x.code))).toEqual([
        'Listing.AlreadyListed',
        'Listing.AlreadyListed',
      ]);
      expect(await openListings(domain)).toBe(1);
    }
  });

  it('lists 1,000 rows in a handful of statements, well under 5 s', async () => {
    const a = await signIn(t);
    const now = t.clock.now();
    const names = Array.from({ length: 1000 }, (_, i) => `bulk${i}-${engine}.net`);
    await t.app.platform.db.insert(ownershipProofs).values(
      names.map((domain) => ({
        userId: a.user.id,
        domain,
        token: 'tok',
        status: 'verified',
        verifiedAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const started = performance.now();
    const result = await createListings(
      t.app,
      a.user.id,
      names.map((domain, i) => draft(i + 2, domain)),
      'en-US',
    );
    const ms = performance.now() - started;
    expect(result.refused).toEqual([]);
    expect(result.accepted).toHaveLength(1000);
    expect(result.accepted[999]).toMatchObject({ row: 1001, domain: names[999], status: 'pending_review' });
    expect(ms).toBeLessThan(5_000);
  });
});
