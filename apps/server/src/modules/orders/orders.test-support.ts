import type { OperatorRole, OrderSource } from '@namebourse/contract';
import { expect } from 'vitest';
import { buildTestApp, csrfHeaders, type TestContext } from '../../../test/helpers.ts';
import { createUser } from '../account/account.service.ts';
import { testSignInRoute } from '../account/account.test-support.ts';
import { sendVerificationCode } from '../account/verification.service.ts';
import { transfer } from '../ledger/ledger.service.ts';
import { createOrder, type OrderRow } from './orders.service.ts';

/**
 * Test helpers for the orders, messages and admin tests: real sessions for users of any role,
 * top-ups through the ledger, contact information and a billing address saved through the
 * profile API (with the SMS code read from the outbox), orders created through the service.
 */

export function buildMoneyTestApp(engine: 'pglite' | 'postgres'): Promise<TestContext> {
  return buildTestApp(engine, {}, testSignInRoute);
}

let seq = 0;

export interface SignedIn {
  user: Awaited<ReturnType<typeof createUser>>;
  /** Session and CSRF cookies with the matching header. */
  headers: Record<string, string>;
}

/** A new account (role `user` unless told) signed in through a real session. */
export async function signIn(t: TestContext, role: 'user' | OperatorRole = 'user'): Promise<SignedIn> {
  seq += 1;
  const user = await createUser(t.app.platform.db, t.app.platform.clock, {
    email: `${role}${seq}-${Date.now().toString(36)}@example.com`,
    password: 'Passw0rd!x',
    nickname: `${role}${seq}`,
    role,
  });
  return { user, headers: await sessionHeaders(t, user.id) };
}

/** A fresh session for the user (access tokens are short-lived: sign in again after moving the clock). */
export async function sessionHeaders(t: TestContext, userId: bigint): Promise<Record<string, string>> {
  const res = await t.app.inject({ method: 'POST', url: '/api/test/sign-in', payload: { userId: String(userId) } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const at = res.cookies.find((c) => c.name === 'nb_at');
  if (!at) throw new Error('no session cookie');
  const csrf = await csrfHeaders(t.app, `nb_at=${at.value}`);
  return { cookie: `nb_at=${at.value}; ${csrf.cookie}`, 'x-xsrf-token': csrf['x-xsrf-token'] as string };
}

/** Credits the user's available balance from the gateway (a top-up, as the funds area records it). */
export async function credit(t: TestContext, userId: bigint, cents: number): Promise<void> {
  seq += 1;
  await t.app.platform.db.transaction((tx) =>
    transfer(tx, t.clock.now(), {
      kind: 'recharge',
      idempotencyKey: `test:recharge:${userId}:${seq}`,
      postings: [
        { account: { platform: 'gateway' }, amountCents: -cents },
        { account: { userId, bucket: 'available' }, amountCents: cents },
      ],
    }),
  );
}

let phoneSeq = 0;

/** Saves complete contact information (verified phone) through the profile API. */
export async function completeContactInfo(t: TestContext, headers: Record<string, string>): Promise<void> {
  phoneSeq += 1;
  const phone = `139${String(10_000_000 + phoneSeq * 7919 + (Date.now() % 1000)).slice(-8)}`;
  const e164 = `+86${phone}`;
  await sendVerificationCode(t.app, { scene: 'UPDATE_CONTACT_PHONE', target: e164, channel: 'sms', locale: 'en-US' });
  const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(e164)}` });
  const verifyCode = outbox.json().data.items[0]?.code as string;
  expect(verifyCode).toMatch(/^\d{6}$/);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/account-manage/save-contact-info',
    headers,
    payload: { firstName: 'San', lastName: 'Zhang', company: '', phone, phoneCountryCode: '86', verifyCode },
  });
  expect(res.json()).toMatchObject({ code: '200', data: { isComplete: true } });
}

/** A billing address in Shenzhen, Guangdong (Chinese text on the invoice). */
export const CHINESE_BILLING = {
  country: 'CN',
  province: 'GD',
  city: '深圳市',
  postalCode: '518057',
  address: '南山区科技园科苑路十五号一二零一室',
  taxId: '91440300MA5F011105',
};

export async function saveBilling(t: TestContext, headers: Record<string, string>, billing = CHINESE_BILLING) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/account-manage/save-billing-info',
    headers,
    payload: billing,
  });
  expect(res.json().code).toBe('200');
}

/** A buyer ready to pay: signed in, contact information complete, and `balanceCents` available. */
export async function readyBuyer(t: TestContext, balanceCents: number): Promise<SignedIn> {
  const buyer = await signIn(t);
  await completeContactInfo(t, buyer.headers);
  if (balanceCents > 0) await credit(t, buyer.user.id, balanceCents);
  return buyer;
}

let domainSeq = 0;

/** An order awaiting payment, created through the service as the auctions area will. */
export async function newOrder(
  t: TestContext,
  buyerId: bigint,
  options: { amountExTaxCents?: number; source?: OrderSource; domain?: string; payBy?: Date; sourceRef?: string } = {},
): Promise<OrderRow> {
  domainSeq += 1;
  return t.app.platform.db.transaction((tx) =>
    createOrder(tx, {
      buyerId,
      partner: 'partner-test',
      source: options.source ?? 'auction',
      sourceRef: options.sourceRef ?? null,
      domain: options.domain ?? `lot${domainSeq}-${Date.now().toString(36)}.com`,
      amountExTaxCents: options.amountExTaxCents ?? 10_000,
      ...(options.payBy ? { payBy: options.payBy } : {}),
      now: t.clock.now(),
    }),
  );
}
