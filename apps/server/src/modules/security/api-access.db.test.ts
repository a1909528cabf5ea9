import { API_ACCESS } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { buildMoneyTestApp, credit, newOrder, readyBuyer, sessionHeaders } from '../orders/orders.test-support.ts';
import { getApiAccessInputs, monthsBefore } from './api-access.ts';

describe('monthsBefore', () => {
  it('goes back calendar months, clamping to the month’s last day', () => {
    expect(monthsBefore(new Date('2026-01-05T10:00:00Z'), 24).toISOString()).toBe('2024-01-05T10:00:00.000Z');
    expect(monthsBefore(new Date('2026-03-31T00:00:00Z'), 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(monthsBefore(new Date('2026-02-28T00:00:00Z'), 24).toISOString()).toBe('2024-02-28T00:00:00.000Z');
  });
});

describe.each(enginesFor('app'))('API access eligibility from the ledger (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const check = async (userId: bigint) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/account-manage/check-can-create-ak',
        headers: await sessionHeaders(t, userId),
      })
    ).json().data;

  it('unlocks once 24-month spending and the available balance pass the thresholds, and locks again as spending ages', async () => {
    const { user, headers } = await readyBuyer(t, 0);
    expect(await check(user.id)).toMatchObject({
      canCreate: false,
      reason: 'SPENDING_TOO_LOW',
      spentCents: 0,
      availableCents: 0,
    });

    // Spend $1,060 on an order (tax included): enough spending, but the balance is now empty.
    await credit(t, user.id, 106_000);
    const order = await newOrder(t, user.id, { amountExTaxCents: 100_000 });
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay`, headers })).json().code).toBe(
      '200',
    );
    expect(await getApiAccessInputs(t.app, user.id)).toEqual({ spentCents: 106_000, availableCents: 0 });
    expect(await check(user.id)).toMatchObject({ canCreate: false, reason: 'BALANCE_TOO_LOW', spentCents: 106_000 });

    // Top up to one cent below the balance threshold, then to the threshold.
    await credit(t, user.id, API_ACCESS.requiredAvailableCents - 1);
    expect((await check(user.id)).reason).toBe('BALANCE_TOO_LOW');
    await credit(t, user.id, 1);
    expect(await check(user.id)).toMatchObject({
      canCreate: true,
      reason: 'OK',
      spentCents: 106_000,
      availableCents: API_ACCESS.requiredAvailableCents,
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/account-manage/create-ak',
      headers: await sessionHeaders(t, user.id),
      payload: {},
    });
    expect(created.json().code).toBe('200');

    // 24 months and a day later the payment no longer counts.
    t.clock.advance((366 + 365 + 1) * 24 * 3600);
    expect(await check(user.id)).toMatchObject({ canCreate: false, reason: 'SPENDING_TOO_LOW', spentCents: 0 });
  });

  it('spending below the threshold keeps access locked whatever the balance', async () => {
    const { user, headers } = await readyBuyer(t, 500_000);
    const order = await newOrder(t, user.id, { amountExTaxCents: 94_000 }); // $996.40 with tax
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay`, headers })).json().code).toBe(
      '200',
    );
    expect(await check(user.id)).toMatchObject({ canCreate: false, reason: 'SPENDING_TOO_LOW', spentCents: 99_640 });
  });
});
