import { describe, expect, it } from 'vitest';
import { enginesFor } from '../../../test/helpers.ts';
import {
  advance,
  fundsSuite,
  giveEarnings,
  type SignedIn,
  savePayee,
  signIn,
  wirePayee,
} from '../funds/payees.test-support.ts';
import { insertListing } from '../listings/market.test-support.ts';

/** The review queues' assignment and SLA ages (issue 18), across the three queues. */
describe.each(enginesFor('sql'))('review queues (%s)', (engine) => {
  const { t, finance } = fundsSuite(engine);

  const assign = (who: SignedIn, queue: string, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/queues/${queue}/${id}/assign`, headers: who.headers });
  const release = (who: SignedIn, queue: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/queues/${queue}/${id}/assign`, headers: who.headers });
  const list = async (who: SignedIn, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: who.headers });
    expect(res.statusCode).toBe(200);
    return res.json().data as { items: Record<string, unknown>[]; total: number };
  };
  const settlementIds = (page: { items: Record<string, unknown>[] }) => page.items.map((s) => s.settlementId);
  const applySettlement = async (user: SignedIn, target = 'balance') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/funds/settlements',
      headers: user.headers,
      payload: { amountCents: 5_000, target },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.settlementId as string;
  };

  it('lets a reviewer take a settlement, shows who holds it, filters by it, and lets them give it back', async () => {
    const user = await signIn(t);
    const other = await signIn(t, 'finance');
    const admin = await signIn(t, 'admin');
    await giveEarnings(t, user.user.id, 10_000);
    const first = await applySettlement(user);
    const second = await applySettlement(user);

    const taken = await assign(finance, 'settlements', first);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data).toMatchObject({
      operatorAccountNo: finance.user.accountNo,
      isMine: true,
      assignedAt: t.clock.now().toISOString(),
    });
    // Taking one's own item again changes nothing; another reviewer is refused and told who holds it.
    expect((await assign(finance, 'settlements', first)).statusCode).toBe(200);
    const refused = await assign(other, 'settlements', first);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'Queue.AssignedToOther',
      data: { assignment: { operatorAccountNo: finance.user.accountNo, isMine: false } },
    });

    // The list shows the reviewer to everyone, and "mine" only to the holder.
    const seenByOther = await list(other, '/api/admin/settlements?pageSize=100');
    const item = seenByOther.items.find((s) => s.settlementId === first);
    expect(item?.queue).toMatchObject({
      assignment: { operatorAccountNo: finance.user.accountNo, isMine: false },
      overdue: false,
    });
    expect(settlementIds(await list(finance, '/api/admin/settlements?assigned=me&pageSize=100'))).toEqual([first]);
    expect(settlementIds(await list(other, '/api/admin/settlements?assigned=me'))).toEqual([]);
    const unassigned = settlementIds(await list(other, '/api/admin/settlements?assigned=unassigned&pageSize=100'));
    expect(unassigned).toContain(second);
    expect(unassigned).not.toContain(first);
    // Search by the owner's account number.
    expect(settlementIds(await list(other, `/api/admin/settlements?q=${user.user.accountNo}`)).sort()).toEqual(
      [first, second].sort(),
    );

    // Only the holder (or an admin) gives it back.
    const notYours = await release(other, 'settlements', first);
    expect(notYours.statusCode).toBe(409);
    expect(notYours.json().code).toBe('Queue.NotAssignedToYou');
    expect((await release(finance, 'settlements', first)).statusCode).toBe(200);
    expect((await assign(other, 'settlements', first)).statusCode).toBe(200);
    expect((await release(admin, 'settlements', first)).statusCode).toBe(200);
    expect(settlementIds(await list(other, '/api/admin/settlements?assigned=me'))).toEqual([]);

    // The history records each take and give-back.
    const history = (await list(admin, `/api/admin/settlements?q=${first}`)).items[0]?.history as {
      action: string;
    }[];
    expect(history.map((h) => h.action).slice(0, 4)).toEqual(['release', 'assign', 'release', 'assign']);

    // A decided item leaves the queue: it cannot be taken, and its assignment goes with it.
    expect((await assign(other, 'settlements', second)).statusCode).toBe(200);
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/admin/settlements/${second}/review`,
      headers: other.headers,
      payload: { action: 'approve' },
    });
    expect(decided.json().data.status).toBe('success');
    const closed = await assign(other, 'settlements', second);
    expect(closed.statusCode).toBe(404);
    expect(closed.json().code).toBe('Queue.ItemNotOpen');
    expect((await assign(other, 'settlements', 'S0000000000000000')).json().code).toBe('Queue.ItemNotOpen');
  });

  it('ages settlements in working days and payees in hours, late past the target', async () => {
    const user = await signIn(t);
    await giveEarnings(t, user.user.id, 5_000);
    const id = await applySettlement(user);
    const payee = await savePayee(t, user.headers, wirePayee());
    expect(payee.json().data.status).toBe('pending_review');
    const payeeAge = async () =>
      (await list(finance, `/api/admin/payees?q=${payee.json().data.payeeId}`)).items[0]?.queue as {
        ageMinutes: number;
        overdue: boolean;
      };
    const ageOf = async () =>
      (await list(finance, `/api/admin/settlements?q=${id}`)).items[0]?.queue as {
        ageMinutes: number;
        overdue: boolean;
        submittedAt: string;
      };
    // A payee is late after about 3 days, counted in plain hours.
    await advance(t, 3 * 86_400, [user, finance]);
    expect(await payeeAge()).toMatchObject({ ageMinutes: 3 * 24 * 60, overdue: false });
    await advance(t, 60, [user, finance]);
    expect(await payeeAge()).toMatchObject({ overdue: true });
    // 2026-01-05 is a Monday: four days later it has waited 4 working days, on time.
    await advance(t, 86_400 - 60, [user, finance]);
    expect(await ageOf()).toMatchObject({ ageMinutes: 4 * 24 * 60, overdue: false });
    // Friday to Monday adds one working day (the weekend does not count): now late.
    await advance(t, 3 * 86_400 + 3_600, [user, finance]);
    const late = await ageOf();
    expect(late.ageMinutes).toBe(5 * 24 * 60 + 60);
    expect(late.overdue).toBe(true);
  });

  it('lets each queue be taken only by its reviewers', async () => {
    const user = await signIn(t);
    const support = await signIn(t, 'support');
    await giveEarnings(t, user.user.id, 5_000);
    const id = await applySettlement(user);
    for (const who of [user, support]) {
      const res = await assign(who, 'settlements', id);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('Account.Forbidden');
    }
    const listing = await insertListing(t.app.platform.db, user.user.id, `queue-${Date.now()}.com`, t.clock.now(), {
      status: 'pending_review',
      listedAt: null,
    });
    expect((await assign(finance, 'listings', String(listing.id))).statusCode).toBe(403);
    const taken = await assign(support, 'listings', String(listing.id));
    expect(taken.statusCode).toBe(200);
    const queue = await list(support, '/api/admin/listings/review?assigned=me');
    expect(queue.items.map((l) => l.listingId)).toEqual([String(listing.id)]);
    expect(queue.items[0]?.queue).toMatchObject({ assignment: { isMine: true }, overdue: false });
    // A day later the listing is late.
    await advance(t, 86_401, [support]);
    expect((await list(support, '/api/admin/listings/review?assigned=me')).items[0]?.queue).toMatchObject({
      overdue: true,
    });
    const visitor = await t.app.inject({ method: 'POST', url: `/api/admin/queues/listings/${listing.id}/assign` });
    // A visitor is turned away (no session, no CSRF token) and nothing is taken.
    expect([401, 403]).toContain(visitor.statusCode);
  });

  it.runIf(engine === 'postgres')('gives an item to exactly one of two reviewers taking it at once', async () => {
    const user = await signIn(t);
    const other = await signIn(t, 'finance');
    await giveEarnings(t, user.user.id, 5_000);
    const id = await applySettlement(user);
    const results = await Promise.all([assign(finance, 'settlements', id), assign(other, 'settlements', id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)?.json().data.operatorAccountNo;
    const loser = results.find((r) => r.statusCode === 409)?.json().data.assignment.operatorAccountNo;
    expect(loser).toBe(winner);
  });
});
