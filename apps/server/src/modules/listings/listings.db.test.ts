import { calendarDateOf } from '@namebourse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { domains, ownershipProofs } from '../../db/schema/index.ts';
import { deliverDomain } from '../domains/domains.service.ts';
import { listMessages } from '../messages/messages.service.ts';
import { buildMoneyTestApp, type SignedIn, sessionHeaders, signIn } from '../orders/orders.test-support.ts';
import { pauseForOwnership, resumeAfterOwnership } from './listings.pauses.ts';
import { createListings } from './listings.service.ts';

const EN = { 'accept-language': 'en-US' };
const DAY = 86_400_000;

describe.each(enginesFor('app'))('Seller listings (%s)', (engine) => {
  let t: TestContext;
  let support: SignedIn;
  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
    support = await signIn(t, 'support');
  });
  afterAll(async () => {
    await t?.close();
  });

  let seq = 0;
  const name = (stem: string) => {
    seq += 1;
    return `${stem}${seq}-${engine}.com`;
  };
  /** A domain in the user's My domains, its transfer lock off unless told. */
  async function give(userId: bigint, domain = name('held'), lock: 'open' | 'closed' = 'open') {
    const now = t.clock.now();
    const row = await t.app.platform.db.transaction((tx) =>
      deliverDomain(tx, {
        userId,
        domain,
        registrar: 'NameBourse Registrar',
        registeredAt: new Date(now.getTime() - 400 * DAY),
        expiresAt: new Date(now.getTime() + 300 * DAY),
        orderId: `L${seq}${engine}${domain}`,
        now,
      }),
    );
    if (lock === 'open')
      await t.app.platform.db.update(domains).set({ lockStatus: 'open' }).where(eq(domains.id, row.id));
    return domain;
  }
  async function prove(userId: bigint, domain: string) {
    const now = t.clock.now();
    await t.app.platform.db.insert(ownershipProofs).values({
      userId,
      domain,
      token: `tok-${domain}`,
      status: 'verified',
      verifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
  }
  const get = (who: SignedIn, url: string) => t.app.inject({ method: 'GET', url, headers: { ...who.headers, ...EN } });
  const post = (who: SignedIn, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...EN }, payload: payload as object });
  const list = (who: SignedIn, body: Record<string, unknown>) => post(who, '/api/listings', body);
  async function kinds(userId: bigint): Promise<string[]> {
    const page = await listMessages(
      t.app,
      userId,
      { page: 1, pageSize: 50, unread: false },
      { locale: 'en-US', timezoneOffsetMinutes: 0 },
    );
    return page.items.map((m) => m.kind);
  }
  async function domainListed(domain: string): Promise<boolean | undefined> {
    const rows = await t.app.platform.db.select().from(domains).where(eq(domains.name, domain));
    return rows[0]?.listed;
  }
  /** Moves the clock, sweeps, and signs everyone in again (access tokens are short-lived). */
  async function sweepAfter(ms: number, ...who: SignedIn[]) {
    t.clock.advance(ms / 1000);
    await t.app.platform.sweeper.runOnce();
    for (const w of [...who, support]) w.headers = await sessionHeaders(t, w.user.id);
  }
  const review = (listingId: string, decision: string, reason?: string) =>
    post(support, `/api/admin/listings/${listingId}/review`, { decision, ...(reason ? { reason } : {}) });

  it('lists a held domain at once, sends the rest to review, and refuses what cannot be sold', async () => {
    const a = await signIn(t);
    const b = await signIn(t);

    const held = await give(a.user.id);
    const ok = await list(a, { domain: held, mode: 'fixed', priceCents: 5_000, descriptionEn: 'Short and memorable' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      domain: held,
      source: 'held',
      mode: 'fixed',
      status: 'on_sale',
      quickStatus: 'listed',
      priceCents: 5_000,
      endOption: '3m',
      aiTokensLeft: 1,
      logo: null,
      nextPrice: null,
    });
    expect(await domainListed(held)).toBe(true);

    const withUrl = await list(a, {
      domain: await give(a.user.id),
      mode: 'fixed',
      priceCents: 5_000,
      descriptionEn: 'Details at https://example.org',
    });
    expect(withUrl.json().data.status).toBe('pending_review');

    const external = name('ext');
    const notHeld = await list(a, { domain: external, mode: 'fixed', priceCents: 5_000 });
    expect(notHeld.statusCode).toBe(403);
    expect(notHeld.json()).toMatchObject({ code: 'Listing.DomainNotHeld' });
    await prove(a.user.id, external);
    const proven = await list(a, { domain: external, mode: 'offer', floorCents: 1_000 });
    expect(proven.statusCode, proven.body).toBe(200);
    expect(proven.json().data).toMatchObject({ source: 'external', status: 'pending_review', floorCents: 1_000 });
    // A domain held elsewhere cannot be auctioned.
    const auction = await list(a, { domain: name('ext'), mode: 'auction', startPriceCents: 1_000, durationDays: 3 });
    expect(auction.json().code).toBe('Listing.AuctionNeedsHeldDomain');

    const tooLow = await list(a, { domain: await give(a.user.id), mode: 'fixed', priceCents: 299 });
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json()).toMatchObject({
      code: 'Request.Invalid',
      data: { fields: { priceCents: expect.any(String) } },
    });
    expect(tooLow.json().data.fields.priceCents).toBe('The minimum listing price is $3.00');

    const again = await list(a, { domain: held, mode: 'fixed', priceCents: 6_000 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('Listing.AlreadyListed');

    const locked = await give(a.user.id, name('locked'), 'closed');
    const refused = await list(a, { domain: locked, mode: 'fixed', priceCents: 5_000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'Listing.DomainUnavailable', data: { reason: 'locked' } });

    // Someone else's domain held here, even with a proof of the other user's.
    const theirs = await give(b.user.id);
    await prove(a.user.id, theirs);
    expect((await list(a, { domain: theirs, mode: 'fixed', priceCents: 5_000 })).json().code).toBe(
      'Listing.DomainNotHeld',
    );

    // Mine are listed, with counts per status; another user sees none of them, and gets 404 on each.
    const page = (await get(a, '/api/listings')).json().data;
    expect(page.total).toBe(3);
    expect(page.counts).toMatchObject({ on_sale: 1, pending_review: 2, off_shelf: 0, sold: 0 });
    const onSale = (await get(a, '/api/listings?status=on_sale')).json().data;
    expect(onSale.items.map((l: { domain: string }) => l.domain)).toEqual([held]);
    expect((await get(b, '/api/listings')).json().data.total).toBe(0);
    const id = ok.json().data.listingId;
    for (const res of [
      await get(b, `/api/listings/${id}`),
      await post(b, `/api/listings/${id}`, { priceCents: 400 }),
      await post(b, `/api/listings/${id}/quick`, { listed: false }),
      await get(b, `/api/listings/${id}/calendar`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('Listing.NotFound');
    }
    expect((await get(a, `/api/listings/${id}`)).json().data.priceCents).toBe(5_000);
  });

  it('lists a batch row by row: each row accepted or refused as a whole, with the reason in the reader’s language', async () => {
    const a = await signIn(t);
    const held = await give(a.user.id);
    const held2 = await give(a.user.id);
    const locked = await give(a.user.id, name('locked'), 'closed');
    const external = name('ext');
    await prove(a.user.id, external);
    const row = (n: number, domain: string, priceCents: number) => ({
      row: n,
      domain,
      mode: 'fixed' as const,
      priceCents,
      endOption: '3m' as const,
    });
    const result = await createListings(
      t.app,
      a.user.id,
      [
        row(1, held, 1_000),
        row(2, held.toUpperCase(), 2_000),
        row(3, held2, 299),
        row(4, name('nothere'), 1_000),
        row(5, locked, 1_000),
        row(6, external, 1_000),
        row(7, 'not a domain', 1_000),
      ],
      'en-US',
    );
    expect(result.accepted.map((r) => [r.row, r.domain, r.status])).toEqual([
      [1, held, 'on_sale'],
      [6, external, 'pending_review'],
    ]);
    expect(result.refused.map((r) => [r.row, r.code])).toEqual([
      [2, 'Request.Invalid'],
      [3, 'Request.Invalid'],
      [4, 'Listing.DomainNotHeld'],
      [5, 'Listing.DomainUnavailable'],
      [7, 'Commodity.DomainInvalid'],
    ]);
    expect(result.refused[0]?.message).toMatch(/more than once/);
    expect(result.refused[1]?.message).toMatch(/3\.00/);
    expect(result.refused[2]?.message).toMatch(/not in your account/);
    expect(result.refused[3]?.message).toMatch(/Turn the transfer lock off first/);
    const zh = await createListings(t.app, a.user.id, [row(1, held, 1_000)], 'zh-CN');
    expect(zh.refused[0]).toMatchObject({ code: 'Listing.AlreadyListed', message: '上架失败：该域名已在出售中' });
  });

  it('changes a price at once, and sends a description edit to review while the approved text stays on sale', async () => {
    const a = await signIn(t);
    const domain = await give(a.user.id);
    const created = (
      await list(a, { domain, mode: 'fixed', priceCents: 5_000, descriptionEn: 'A fine name', industries: ['ai'] })
    ).json().data;
    const id = created.listingId;

    const repriced = await post(a, `/api/listings/${id}`, { priceCents: 4_500 });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(repriced.json().data).toMatchObject({ status: 'on_sale', priceCents: 4_500 });
    const floorOnFixed = await post(a, `/api/listings/${id}`, { floorCents: 400 });
    expect(floorOnFixed.json()).toMatchObject({
      code: 'Request.Invalid',
      data: { fields: { floorCents: expect.any(String) } },
    });

    const edited = (
      await post(a, `/api/listings/${id}`, { descriptionEn: 'An even finer name', keywords: ['fine'] })
    ).json().data;
    expect(edited).toMatchObject({
      status: 'modification_review',
      descriptionEn: 'A fine name',
      keywords: [],
      pendingChanges: { descriptionEn: 'An even finer name', keywords: ['fine'] },
      priceCents: 4_500,
    });
    // The approved version stays on sale, and the price still changes at once.
    expect((await post(a, `/api/listings/${id}`, { priceCents: 4_000 })).json().data).toMatchObject({
      status: 'modification_review',
      priceCents: 4_000,
    });

    const queue = (await get(support, '/api/admin/listings/review?status=modification_review')).json().data;
    expect(queue.items.map((l: { listingId: string }) => l.listingId)).toContain(id);
    const approved = await review(id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'on_sale',
      descriptionEn: 'An even finer name',
      keywords: ['fine'],
      pendingChanges: null,
      sellerAccountNo: a.user.accountNo,
    });

    await post(a, `/api/listings/${id}`, { descriptionZh: '加微信 abc' });
    const rejected = await review(id, 'reject', 'No contact details, please');
    expect(rejected.json().data).toMatchObject({
      status: 'on_sale',
      descriptionZh: '',
      descriptionEn: 'An even finer name',
      pendingChanges: null,
      reviewReason: 'No contact details, please',
    });
    expect(await kinds(a.user.id)).toEqual(['listing_modification_rejected', 'listing_modification_approved']);
  });

  it('reviews new listings: approve, reject with a reason, ask for a supplement — once each', async () => {
    const a = await signIn(t);
    const make = async () =>
      (
        await list(a, {
          domain: await give(a.user.id),
          mode: 'fixed',
          priceCents: 5_000,
          descriptionEn: 'mail owner@example.com',
        })
      ).json().data.listingId as string;
    const [one, two, three] = [await make(), await make(), await make()];

    const queue = (await get(support, `/api/admin/listings/review?pageSize=100`)).json().data;
    const mine = queue.items.filter((l: { listingId: string }) => [one, two, three].includes(l.listingId));
    expect(mine.map((l: { listingId: string }) => l.listingId)).toEqual([one, two, three]);
    expect(mine[0]).toMatchObject({ status: 'pending_review', sellerEmail: a.user.email, ownershipVerifiedAt: null });

    const noReason = await review(two, 'reject');
    expect(noReason.statusCode).toBe(400);
    expect((await review(one, 'approve')).json().data.status).toBe('on_sale');
    expect((await review(two, 'reject', 'Misleading')).json().data).toMatchObject({
      status: 'review_failed',
      reviewReason: 'Misleading',
    });
    expect((await review(three, 'supplement', 'Add an English description')).json().data.status).toBe(
      'supplement_required',
    );
    const twice = await review(one, 'reject', 'Changed my mind');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('Listing.InvalidTransition');
    // A user is not an operator.
    expect((await post(a, `/api/admin/listings/${two}/review`, { decision: 'approve' })).statusCode).toBe(403);

    const messages = await listMessages(
      t.app,
      a.user.id,
      { page: 1, pageSize: 10, unread: false },
      { locale: 'en-US', timezoneOffsetMinutes: 0 },
    );
    expect(messages.items.map((m) => m.kind)).toEqual([
      'listing_supplement_required',
      'listing_rejected',
      'listing_approved',
    ]);
    expect(messages.items[1]?.body).toContain('Misleading');

    // The seller's edit sends the supplement back to review.
    const resubmitted = await post(a, `/api/listings/${three}`, { descriptionEn: 'A clean description' });
    expect(resubmitted.json().data).toMatchObject({
      status: 'pending_review',
      descriptionEn: 'A clean description',
      reviewReason: null,
    });
  });

  it('pauses and lists again without review; an ownership pause is lifted only by a new proof', async () => {
    const a = await signIn(t);
    const id = (await list(a, { domain: await give(a.user.id), mode: 'fixed', priceCents: 5_000 })).json().data
      .listingId;
    const paused = await post(a, `/api/listings/${id}/quick`, { listed: false });
    expect(paused.json().data).toMatchObject({ status: 'on_sale', quickStatus: 'paused', pausedReason: 'seller' });
    const listed = await post(a, `/api/listings/${id}/quick`, { listed: true });
    expect(listed.json().data).toMatchObject({ quickStatus: 'listed', pausedReason: null });

    const external = name('ext');
    await prove(a.user.id, external);
    const ext = (await list(a, { domain: external, mode: 'fixed', priceCents: 5_000 })).json().data.listingId;
    const notYet = await post(a, `/api/listings/${ext}/quick`, { listed: false });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().code).toBe('Listing.InvalidTransition');
    await review(ext, 'approve');
    const now = t.clock.now();
    expect(await t.app.platform.db.transaction((tx) => pauseForOwnership(tx, a.user.id, external, now))).toBe(1);
    expect((await get(a, `/api/listings/${ext}`)).json().data).toMatchObject({
      quickStatus: 'paused',
      pausedReason: 'ownership',
    });
    const blocked = await post(a, `/api/listings/${ext}/quick`, { listed: true });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe('Listing.OwnershipPaused');
    expect(await t.app.platform.db.transaction((tx) => resumeAfterOwnership(tx, a.user.id, external, now))).toBe(1);
    expect((await get(a, `/api/listings/${ext}`)).json().data).toMatchObject({
      quickStatus: 'listed',
      pausedReason: null,
    });
    expect(await kinds(a.user.id)).toContain('listing_paused_ownership');
  });

  it('applies a calendar price when its date comes; the active entry moves with it', async () => {
    const a = await signIn(t);
    const id = (await list(a, { domain: await give(a.user.id), mode: 'fixed', priceCents: 1_000 })).json().data
      .listingId;
    const day = (n: number) => calendarDateOf(new Date(t.clock.now().getTime() + n * DAY));

    const past = await post(a, `/api/listings/${id}/calendar`, { entries: [{ date: day(0), priceCents: 800 }] });
    expect(past.statusCode).toBe(400);
    expect(past.json().data.fields).toEqual({ 'entries.0.date': 'The date must be after today' });
    const twice = await post(a, `/api/listings/${id}/calendar`, {
      entries: [
        { date: day(2), priceCents: 800 },
        { date: day(2), priceCents: 700 },
      ],
    });
    expect(twice.json().data.fields).toEqual({ 'entries.1.date': 'This date already has a price' });
    const tooLow = await post(a, `/api/listings/${id}/calendar`, { entries: [{ date: day(2), priceCents: 100 }] });
    expect(tooLow.statusCode).toBe(400);

    const set = await post(a, `/api/listings/${id}/calendar`, {
      entries: [
        { date: day(2), priceCents: 800 },
        { date: day(5), priceCents: 600 },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.items.map((e: { active: boolean; applied: boolean }) => [e.active, e.applied])).toEqual([
      [false, false],
      [false, false],
    ]);
    expect((await get(a, `/api/listings/${id}`)).json().data.nextPrice).toEqual({ date: day(2), priceCents: 800 });

    await sweepAfter(3 * DAY, a);
    expect((await get(a, `/api/listings/${id}`)).json().data).toMatchObject({
      priceCents: 800,
      nextPrice: { priceCents: 600 },
    });
    const calendar = (await get(a, `/api/listings/${id}/calendar`)).json().data;
    expect(calendar.items.map((e: { priceCents: number; active: boolean }) => [e.priceCents, e.active])).toEqual([
      [800, true],
      [600, false],
    ]);
    await sweepAfter(3 * DAY, a);
    expect((await get(a, `/api/listings/${id}`)).json().data).toMatchObject({ priceCents: 600, nextPrice: null });
    const after = (await get(a, `/api/listings/${id}/calendar`)).json().data;
    expect(after.items.map((e: { active: boolean }) => e.active)).toEqual([false, true]);
    expect((await kinds(a.user.id)).filter((k) => k === 'listing_price_changed')).toHaveLength(2);
  });

  it('expires a listing at the end of its period, with a notice a week before, and lists it again', async () => {
    const a = await signIn(t);
    const domain = await give(a.user.id);
    const created = (await list(a, { domain, mode: 'fixed', priceCents: 1_000, endOption: '1m' })).json().data;
    const expiresAt = new Date(created.expiresAt).getTime();
    expect(expiresAt - t.clock.now().getTime()).toBeGreaterThanOrEqual(28 * DAY);

    await sweepAfter(expiresAt - t.clock.now().getTime() - 6 * DAY, a);
    await sweepAfter(DAY, a);
    expect(await kinds(a.user.id)).toEqual(['listing_expiring']);
    expect((await get(a, `/api/listings/${created.listingId}`)).json().data.status).toBe('on_sale');

    await sweepAfter(6 * DAY, a);
    expect((await get(a, `/api/listings/${created.listingId}`)).json().data.status).toBe('expired');
    expect(await kinds(a.user.id)).toEqual(['listing_expired', 'listing_expiring']);
    expect(await domainListed(domain)).toBe(false);

    const relisted = await post(a, `/api/listings/${created.listingId}`, { action: 'relist', endOption: '3m' });
    expect(relisted.statusCode, relisted.body).toBe(200);
    expect(relisted.json().data).toMatchObject({ status: 'on_sale', endOption: '3m' });
    expect(await domainListed(domain)).toBe(true);
  });

  it('delists a domain when its lock goes on, and when it leaves the account', async () => {
    const a = await signIn(t);
    const domain = await give(a.user.id);
    const id = (await list(a, { domain, mode: 'fixed', priceCents: 1_000 })).json().data.listingId;
    const lock = await post(a, `/api/domains/${domain}/transfer-lock`, { locked: true });
    expect(lock.statusCode, lock.body).toBe(200);
    expect((await get(a, `/api/listings/${id}`)).json().data.status).toBe('off_shelf');
    expect(await domainListed(domain)).toBe(false);
    // Locked now (or locking): it cannot be listed again until the lock is off.
    const relist = await post(a, `/api/listings/${id}`, { action: 'relist' });
    expect(relist.statusCode).toBe(409);
    expect(relist.json().code).toBe('Listing.DomainUnavailable');

    const gone = await give(a.user.id);
    const goneId = (await list(a, { domain: gone, mode: 'fixed', priceCents: 1_000 })).json().data.listingId;
    await t.app.platform.db.delete(domains).where(eq(domains.name, gone));
    await sweepAfter(1_000, a);
    expect((await get(a, `/api/listings/${goneId}`)).json().data.status).toBe('off_shelf');
  });

  it('opens a seller auction’s lot when the listing is approved, at once or after review', async () => {
    const a = await signIn(t);
    const auction = { mode: 'auction', startPriceCents: 2_000, reservePriceCents: 5_000, durationDays: 4 };
    const atOnce = await list(a, { domain: await give(a.user.id), ...auction, descriptionEn: 'Clean' });
    expect(atOnce.statusCode, atOnce.body).toBe(200);
    expect(atOnce.json().data).toMatchObject({
      status: 'on_sale',
      priceCents: 2_000,
      startPriceCents: 2_000,
      reservePriceCents: 5_000,
      durationDays: 4,
      auctionId: expect.any(String),
    });
    // An auction runs on its lot: no quick switch, no calendar.
    const id = atOnce.json().data.listingId;
    expect((await post(a, `/api/listings/${id}/quick`, { listed: false })).json().code).toBe('Listing.NotEditable');
    expect((await post(a, `/api/listings/${id}/calendar`, { entries: [] })).json().code).toBe('Listing.NotEditable');
    expect((await post(a, `/api/listings/${id}`, { startPriceCents: 3_000 })).json().code).toBe('Listing.NotEditable');
    expect((await post(a, `/api/listings/${id}`, { action: 'take_down' })).json().code).toBe('Listing.NotEditable');

    const reviewed = await list(a, { domain: await give(a.user.id), ...auction, descriptionEn: 'www.mine.io' });
    expect(reviewed.json().data).toMatchObject({ status: 'pending_review', auctionId: null });
    const approved = await review(reviewed.json().data.listingId, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'on_sale', auctionId: expect.any(String) });
  });

  it('takes a listing down and lists it again', async () => {
    const a = await signIn(t);
    const domain = await give(a.user.id);
    const id = (await list(a, { domain, mode: 'offer' })).json().data.listingId;
    const down = await post(a, `/api/listings/${id}`, { action: 'take_down' });
    expect(down.json().data.status).toBe('off_shelf');
    expect(await domainListed(domain)).toBe(false);
    const downAgain = await post(a, `/api/listings/${id}`, { action: 'take_down' });
    expect(downAgain.json().code).toBe('Listing.InvalidTransition');
    // Meanwhile a new listing of the domain takes its place; the old one cannot come back.
    const other = await list(a, { domain, mode: 'fixed', priceCents: 900 });
    expect(other.json().data.status).toBe('on_sale');
    expect((await post(a, `/api/listings/${id}`, { action: 'relist' })).json().code).toBe('Listing.AlreadyListed');
  });
});
