import { describe, expect, it } from 'vitest';
import { enginesFor } from '../../../test/helpers.ts';
import { parameters } from '../../db/schema/index.ts';
import { getLines } from '../ledger/ledger.service.ts';
import { bindAuthenticatorFor, totpAt } from '../security/security.test-support.ts';
import {
  advance,
  approvedWirePayee,
  balancesOf,
  books,
  fundsSuite,
  giveEarnings,
  messagesOf,
  refreshSession,
  savePayee,
  signIn,
  wirePayee,
} from './payees.test-support.ts';
import { settlingCentsOf } from './settlements.service.ts';

describe.each(enginesFor('sql'))('settlements (%s)', (engine) => {
  const { t, finance } = fundsSuite(engine);

  const apply = (headers: Record<string, string>, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/funds/settlements', headers, payload: body });
  const review = (
    headers: Record<string, string>,
    settlementId: string,
    body: { action: string; reason?: string; bankReference?: string },
  ) => t.app.inject({ method: 'POST', url: `/api/admin/settlements/${settlementId}/review`, headers, payload: body });
  const mine = async (headers: Record<string, string>, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/funds/settlements${query}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const platform = async () => (await books(t)).platform;
  const expectBalancedBooks = async () => {
    const check = await books(t);
    expect(check).toMatchObject({
      balanced: true,
      postingsSum: 0,
      negativeAvailable: [],
      mismatchedBalances: [],
      unbalancedTransactions: [],
    });
  };

  it('refuses less than $50 and more than the earnings, with field messages in the caller’s language', async () => {
    const user = await signIn(t);
    await giveEarnings(t, user.user.id, 8_000);

    const below = await apply(user.headers, { amountCents: 4_999, target: 'balance' });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({
      code: 'Funds.SettlementBelowMinimum',
      message: 'The minimum settlement is $50',
      data: { fields: { amountCents: 'The minimum settlement is $50' }, minimumCents: 5_000 },
    });
    // Nothing and less than nothing are below the minimum too, not a generic 'too small'.
    for (const amountCents of [0, -100]) {
      const res = await apply(user.headers, { amountCents, target: 'balance' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'Funds.SettlementBelowMinimum',
        data: { fields: { amountCents: 'The minimum settlement is $50' } },
      });
    }
    const belowZh = await apply(
      { ...user.headers, 'accept-language': 'zh-CN' },
      { amountCents: 4_999, target: 'balance' },
    );
    expect(belowZh.json()).toMatchObject({
      message: '结算金额最低为 50 美元',
      data: { fields: { amountCents: '结算金额最低为 50 美元' } },
    });

    const above = await apply(user.headers, { amountCents: 8_001, target: 'balance' });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({
      code: 'Funds.SettlementExceedsEarnings',
      data: { fields: { amountCents: 'The amount exceeds your available earnings' }, earningsCents: 8_000 },
    });

    const longNote = await apply(user.headers, { amountCents: 5_000, target: 'balance', note: 'n'.repeat(201) });
    expect(longNote.statusCode).toBe(400);
    expect(longNote.json().data.fields).toEqual({ note: 'Too long (at most 200 characters)' });
    const badAmount = await apply(user.headers, { amountCents: 50.5, target: 'balance' });
    expect(badAmount.json().code).toBe('Request.Invalid');
    const badTarget = await apply(user.headers, { amountCents: 5_000, target: 'paypal' });
    expect(badTarget.json().data.fields).toEqual({ target: 'Please choose one of the options' });

    // Nothing moved.
    expect(await balancesOf(t, user.user.id)).toMatchObject({ earningsCents: 8_000, availableCents: 0 });
    expect((await mine(user.headers)).total).toBe(0);
    await expectBalancedBooks();
  });

  it('settles $50 to the balance as soon as it is approved: $1 fee, net to available, messaged once', async () => {
    const user = await signIn(t);
    await giveEarnings(t, user.user.id, 8_000);
    const before = await platform();

    const applied = await apply(user.headers, { amountCents: 5_000, target: 'balance', note: '  first payout  ' });
    expect(applied.statusCode).toBe(200);
    const settlement = applied.json().data;
    expect(settlement).toMatchObject({
      amountCents: 5_000,
      feeCents: 100,
      netCents: 4_900,
      currency: 'USD',
      target: 'balance',
      payee: null,
      note: 'first payout',
      status: 'in_review',
      failureReason: null,
      requestedAt: t.clock.now().toISOString(),
    });
    expect(settlement.settlementId).toMatch(/^S[0-9A-F]{16}$/);
    expect(await balancesOf(t, user.user.id)).toMatchObject({ earningsCents: 3_000, availableCents: 0 });
    expect(await settlingCentsOf(t.app.platform.db, user.user.id)).toBe(5_000);
    expect((await platform()).payouts_pending ?? 0).toBe((before.payouts_pending ?? 0) + 5_000);
    const lines = await getLines(t.app.platform.db, { userId: user.user.id }, { limit: 10, offset: 0 });
    expect(lines.items.find((l) => l.kind === 'settlement_request')).toMatchObject({
      bucket: 'earnings',
      amountCents: -5_000,
      balanceAfterCents: 3_000,
      refId: settlement.settlementId,
    });
    await expectBalancedBooks();

    // The operator approves: a settlement to the balance completes at once (nobody has anything to pay).
    await advance(t, 3600, [user, finance]);
    const paid = await review(finance.headers, settlement.settlementId, { action: 'approve' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({
      status: 'success',
      accountNo: user.user.accountNo,
      email: user.email,
      payeeDetails: null,
      bankReference: null,
      updatedAt: t.clock.now().toISOString(),
    });
    // Both steps through the transition table, each recorded.
    expect(paid.json().data.history.map((h: { action: string; toStatus: string }) => [h.action, h.toStatus])).toEqual([
      ['credit_balance', 'success'],
      ['approve', 'processing'],
      ['apply', 'in_review'],
    ]);
    expect(paid.json().data.history[0]).toMatchObject({ actor: finance.user.accountNo, actorRole: 'finance' });
    // Credited to available at once through the ledger; the fee goes to the platform.
    expect(await balancesOf(t, user.user.id)).toEqual({ availableCents: 4_900, frozenCents: 0, earningsCents: 3_000 });
    // Only the outcome is messaged: no 'processing' step the user would wait on.
    expect(await messagesOf(t, user.user.id, 'settlement_processing')).toHaveLength(0);
    expect(await settlingCentsOf(t.app.platform.db, user.user.id)).toBe(0);
    const after = await platform();
    expect(after.payouts_pending ?? 0).toBe(before.payouts_pending ?? 0);
    expect(after.fees ?? 0).toBe((before.fees ?? 0) + 100);
    const succeeded = await messagesOf(t, user.user.id, 'settlement_succeeded');
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]?.params).toMatchObject({ settlementId: settlement.settlementId, netCents: 4_900 });
    await expectBalancedBooks();

    const listed = await mine(user.headers);
    expect(listed).toMatchObject({ total: 1, page: 1 });
    expect(listed.items[0]).toMatchObject({
      settlementId: settlement.settlementId,
      status: 'success',
      bankReference: null,
    });
    expect((await mine(user.headers, '?status=in_review')).total).toBe(0);

    // A finished settlement takes no more decisions.
    for (const action of ['approve', 'paid']) {
      const res = await review(finance.headers, settlement.settlementId, { action });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('Settlement.InvalidTransition');
    }
    expect(
      (await review(finance.headers, settlement.settlementId, { action: 'fail', reason: 'late' })).statusCode,
    ).toBe(409);
    expect(await balancesOf(t, user.user.id)).toMatchObject({ availableCents: 4_900, earningsCents: 3_000 });
  });

  it('needs an approved wire payee for a wire settlement, keeps its label, and a failure returns the earnings', async () => {
    const user = await signIn(t);
    await giveEarnings(t, user.user.id, 20_000);

    const none = await apply(user.headers, { amountCents: 5_000, target: 'wire' });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('Funds.PayeeNotApproved');
    const pending = await savePayee(t, user.headers, wirePayee({ accountNumber: 'WIRE00004321' }));
    expect(pending.json().data.status).toBe('pending_review');
    expect((await apply(user.headers, { amountCents: 5_000, target: 'wire' })).json().code).toBe(
      'Funds.PayeeNotApproved',
    );
    const payeeId = pending.json().data.payeeId as string;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/payees/${payeeId}/review`,
          headers: finance.headers,
          payload: { action: 'approve' },
        })
      ).statusCode,
    ).toBe(200);

    const applied = await apply(user.headers, { amountCents: 12_345, target: 'wire' });
    expect(applied.statusCode).toBe(200);
    const settlement = applied.json().data;
    expect(settlement).toMatchObject({ target: 'wire', netCents: 12_245, status: 'in_review' });
    expect(settlement.payee).toBe('Zhang San Trading Co · Bank of China · ****4321');

    // The payee cannot be withdrawn while its payout is open.
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/funds/payees/${payeeId}/revoke`,
      headers: user.headers,
      payload: {},
    });
    expect(revoke.statusCode).toBe(409);
    expect(revoke.json().code).toBe('Payee.InvalidTransition');

    // The operator sees the bank details in full.
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/settlements?pageSize=100',
      headers: finance.headers,
    });
    const entry = queue
      .json()
      .data.items.find((s: { settlementId: string }) => s.settlementId === settlement.settlementId);
    expect(entry.payeeDetails).toEqual({
      name: 'Zhang San Trading Co',
      bankName: 'Bank of China',
      accountNumber: 'WIRE00004321',
      swiftCode: 'BKCHCNBJ',
      address: '1 Fuxingmen Inner Street, Beijing',
    });

    // Paid before approval: not allowed.
    const early = await review(finance.headers, settlement.settlementId, { action: 'paid' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('Settlement.InvalidTransition');
    // Failing needs a reason.
    const noReason = await review(finance.headers, settlement.settlementId, { action: 'fail' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().data.fields).toEqual({ reason: 'This field is required' });

    expect((await review(finance.headers, settlement.settlementId, { action: 'approve' })).statusCode).toBe(200);
    const failed = await review(finance.headers, settlement.settlementId, {
      action: 'fail',
      reason: 'The bank returned the transfer',
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().data).toMatchObject({ status: 'failure', failureReason: 'The bank returned the transfer' });
    expect(await balancesOf(t, user.user.id)).toEqual({ availableCents: 0, frozenCents: 0, earningsCents: 20_000 });
    const told = await messagesOf(t, user.user.id, 'settlement_failed');
    expect(told[0]?.params).toMatchObject({ reason: 'The bank returned the transfer' });
    const lines = await getLines(t.app.platform.db, { userId: user.user.id }, { limit: 10, offset: 0 });
    expect(lines.items.find((l) => l.kind === 'settlement_returned')).toMatchObject({ amountCents: 12_345 });
    await expectBalancedBooks();

    // Now a wire payout goes out: the net leaves through wire_payouts.
    const before = await platform();
    const second = (await apply(user.headers, { amountCents: 10_000, target: 'wire' })).json().data;
    const processing = await review(finance.headers, second.settlementId, { action: 'approve' });
    expect(processing.json().data).toMatchObject({ status: 'processing', bankReference: null });
    expect(await messagesOf(t, user.user.id, 'settlement_processing')).toHaveLength(2);
    // Marking a wire paid needs the bank's reference.
    const noReference = await review(finance.headers, second.settlementId, { action: 'paid' });
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json()).toMatchObject({
      code: 'Request.Invalid',
      data: { fields: { bankReference: 'This field is required' } },
    });
    const badReference = await review(finance.headers, second.settlementId, { action: 'paid', bankReference: 'x y' });
    expect(badReference.statusCode).toBe(400);
    expect(Object.keys(badReference.json().data.fields)).toEqual(['bankReference']);
    expect(await balancesOf(t, user.user.id)).toMatchObject({ earningsCents: 10_000 });
    const wired = await review(finance.headers, second.settlementId, {
      action: 'paid',
      bankReference: ' FT24331-0099 ',
    });
    expect(wired.statusCode).toBe(200);
    expect(wired.json().data).toMatchObject({ status: 'success', bankReference: 'FT24331-0099' });
    expect(wired.json().data.history[0]).toMatchObject({ action: 'paid', reason: 'FT24331-0099' });
    // The owner sees the reference in their settlement records.
    const records = await mine(user.headers);
    expect(records.items.find((s: { settlementId: string }) => s.settlementId === second.settlementId)).toMatchObject({
      status: 'success',
      bankReference: 'FT24331-0099',
    });
    const after = await platform();
    expect((after.wire_payouts ?? 0) - (before.wire_payouts ?? 0)).toBe(9_900);
    expect((after.fees ?? 0) - (before.fees ?? 0)).toBe(100);
    expect(await balancesOf(t, user.user.id)).toEqual({ availableCents: 0, frozenCents: 0, earningsCents: 10_000 });
    // With no open payout, the payee may be withdrawn again.
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/funds/payees/${payeeId}/revoke`,
      headers: user.headers,
      payload: {},
    });
    expect(revoked.json().data.status).toBe('revoked');
    expect((await apply(user.headers, { amountCents: 5_000, target: 'wire' })).json().code).toBe(
      'Funds.PayeeNotApproved',
    );
    await expectBalancedBooks();
  });

  it('fails a settlement still in review straight away; unknown ids are 404', async () => {
    const user = await signIn(t);
    await giveEarnings(t, user.user.id, 5_000);
    const settlement = (await apply(user.headers, { amountCents: 5_000, target: 'balance' })).json().data;
    expect(await balancesOf(t, user.user.id)).toMatchObject({ earningsCents: 0 });
    const failed = await review(finance.headers, settlement.settlementId, { action: 'fail', reason: 'Suspicious' });
    expect(failed.json().data.status).toBe('failure');
    expect(await balancesOf(t, user.user.id)).toMatchObject({ earningsCents: 5_000, availableCents: 0 });
    const missing = await review(finance.headers, 'S0000', { action: 'approve' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('Funds.SettlementNotFound');
    await expectBalancedBooks();
  });

  it('lets only finance and admins see and decide the queue (open, oldest first)', async () => {
    const user = await signIn(t);
    const support = await signIn(t, 'support');
    const admin = await signIn(t, 'admin');
    await giveEarnings(t, user.user.id, 15_000);
    const first = (await apply(user.headers, { amountCents: 5_000, target: 'balance' })).json().data;
    await advance(t, 60, [user, finance, support, admin]);
    const second = (await apply(user.headers, { amountCents: 5_000, target: 'balance' })).json().data;

    for (const who of [user, support]) {
      const listed = await t.app.inject({ method: 'GET', url: '/api/admin/settlements', headers: who.headers });
      expect(listed.statusCode).toBe(403);
      expect(listed.json().code).toBe('Account.Forbidden');
      const decided = await review(who.headers, first.settlementId, { action: 'approve' });
      expect(decided.statusCode).toBe(403);
      expect(decided.json().code).toBe('Account.Forbidden');
    }

    const open = (
      await t.app.inject({ method: 'GET', url: '/api/admin/settlements?pageSize=100', headers: finance.headers })
    ).json().data;
    const ids = open.items.map((s: { settlementId: string }) => s.settlementId);
    expect(ids.indexOf(first.settlementId)).toBeLessThan(ids.indexOf(second.settlementId));
    expect(open.items.every((s: { status: string }) => s.status === 'in_review' || s.status === 'processing')).toBe(
      true,
    );
    expect((await review(admin.headers, first.settlementId, { action: 'approve' })).json().data.status).toBe('success');
    const succeeded = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/settlements?status=success&pageSize=100',
        headers: admin.headers,
      })
    ).json().data;
    expect(succeeded.items.map((s: { settlementId: string }) => s.settlementId)).toContain(first.settlementId);
    expect(succeeded.items.every((s: { status: string }) => s.status === 'success')).toBe(true);
    // Four eyes: a reviewer with earnings cannot decide on their own settlement.
    await giveEarnings(t, finance.user.id, 5_000);
    const own = (await apply(finance.headers, { amountCents: 5_000, target: 'balance' })).json().data;
    const self = await review(finance.headers, own.settlementId, { action: 'approve' });
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('Account.Forbidden');
    expect((await review(admin.headers, own.settlementId, { action: 'approve' })).json().data.status).toBe('success');
    const all = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/settlements?queue=all&pageSize=1',
        headers: finance.headers,
      })
    ).json().data;
    expect(all.items).toHaveLength(1);
    expect(all.total).toBeGreaterThanOrEqual(2);
  });

  it('asks a user with an authenticator for MFA before applying', async () => {
    const user = await signIn(t);
    await giveEarnings(t, user.user.id, 5_000);
    const secret = await bindAuthenticatorFor(t, user.headers);
    await refreshSession(t, user);
    const asked = await apply(user.headers, { amountCents: 5_000, target: 'balance' });
    expect(asked.statusCode).toBe(403);
    expect(asked.json().code).toBe('Account.Mfa.Required');
    expect(await balancesOf(t, user.user.id)).toMatchObject({ earningsCents: 5_000 });
    const done = await apply(user.headers, {
      amountCents: 5_000,
      target: 'balance',
      mfaVerification: {
        challengeId: asked.json().data.challengeId,
        factors: [{ method: 'AUTHENTICATOR', token: await totpAt(t, secret) }],
      },
    });
    expect(done.statusCode).toBe(200);
    expect(await balancesOf(t, user.user.id)).toMatchObject({ earningsCents: 0 });
  });

  it('applies the approved wire payee set up by the helper flow', async () => {
    const user = await signIn(t);
    await giveEarnings(t, user.user.id, 5_000);
    await approvedWirePayee(t, user, finance, { accountNumber: 'HELPER000042' });
    const res = await apply(user.headers, { amountCents: 5_000, target: 'wire', note: 'all of it' });
    expect(res.json().data).toMatchObject({
      payee: 'Zhang San Trading Co · Bank of China · ****0042',
      note: 'all of it',
    });
  });

  it.runIf(engine === 'postgres')('never overdraws earnings under parallel applications', async () => {
    const user = await signIn(t);
    await giveEarnings(t, user.user.id, 10_000);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => apply(user.headers, { amountCents: 5_000, target: 'balance' })),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(2);
    expect(refused.map((r) => r.json().code)).toEqual(Array(10).fill('Funds.SettlementExceedsEarnings'));
    expect(await balancesOf(t, user.user.id)).toMatchObject({ earningsCents: 0 });
    expect(await settlingCentsOf(t.app.platform.db, user.user.id)).toBe(10_000);
    expect((await mine(user.headers)).total).toBe(2);
    await expectBalancedBooks();

    // Two operators failing the same settlement at once: one wins, the money returns once.
    const target = ok[0]?.json().data.settlementId as string;
    const decisions = await Promise.all([
      review(finance.headers, target, { action: 'fail', reason: 'duplicate' }),
      review(finance.headers, target, { action: 'fail', reason: 'duplicate too' }),
    ]);
    expect(decisions.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await balancesOf(t, user.user.id)).toMatchObject({ earningsCents: 5_000 });
    expect(await settlingCentsOf(t.app.platform.db, user.user.id)).toBe(5_000);
    await expectBalancedBooks();
  });
  it('takes the fee and the minimum from the parameters store, read at each application', async () => {
    const user = await signIn(t);
    await giveEarnings(t, user.user.id, 20_000);
    const set = async (key: string, value: number) => {
      const now = t.clock.now();
      await t.app.platform.db
        .insert(parameters)
        .values({ key, value, updatedAt: now, updatedBy: null })
        .onConflictDoUpdate({ target: parameters.key, set: { value, updatedAt: now } });
      await t.app.platform.parameters.reload();
    };
    try {
      await set('settlementMinCents', 8_000);
      await set('settlementFeeCents', 250);
      const below = await apply(user.headers, { amountCents: 7_999, target: 'balance' });
      expect(below.json()).toMatchObject({ code: 'Funds.SettlementBelowMinimum', data: { minimumCents: 8_000 } });
      const applied = await apply(user.headers, { amountCents: 8_000, target: 'balance' });
      expect(applied.json().data).toMatchObject({ amountCents: 8_000, feeCents: 250, netCents: 7_750 });
      const paid = await review(finance.headers, applied.json().data.settlementId, { action: 'approve' });
      expect(paid.json().data.status).toBe('success');
      expect(await balancesOf(t, user.user.id)).toMatchObject({ availableCents: 7_750, earningsCents: 12_000 });
      await expectBalancedBooks();
    } finally {
      await t.app.platform.db.delete(parameters);
      await t.app.platform.parameters.reload();
    }
  });
});
