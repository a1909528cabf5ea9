import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  authenticateByTestHeader,
  buildTestApp,
  csrfHeaders,
  TEST_USER_HEADER,
  type TestContext,
} from '../../../test/helpers.ts';
import { sandboxOf } from '../../adapters/payments/payments.ts';
import type { SandboxProvider } from '../../adapters/payments/sandbox.ts';
import { SANDBOX_TEST_CARDS } from '../../adapters/payments/sandbox-cards.ts';
import { messages } from '../../db/schema/index.ts';
import { createUser } from '../account/account.service.ts';

/** Test-only sign-in: `x-test-user: <user id>` acts as that user. */
/** A request carrying this header waits in its handler stage until `release()` (idempotency tests). */
export const TEST_HOLD_HEADER = 'x-test-hold';

export interface FundsTestContext extends TestContext {
  sandbox: SandboxProvider;
  /** Lets requests held by TEST_HOLD_HEADER go on. */
  release(): void;
  /** Resolves once a held request has reached its handler stage. */
  held(): Promise<void>;
}

export async function buildFundsTestApp(engine: 'pglite' | 'postgres'): Promise<FundsTestContext> {
  let open: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let arrived: () => void = () => undefined;
  let arrival = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const t = await buildTestApp(engine, {}, (app) => {
    authenticateByTestHeader(app);
    // After the idempotency claim (registered earlier), before the handler.
    app.addHook('preHandler', async (request) => {
      if (request.headers[TEST_HOLD_HEADER] === undefined) return;
      arrived();
      await gate;
    });
  });
  const sandbox = sandboxOf(t.app.platform.payments);
  if (!sandbox) throw new Error('the sandbox provider is not the payment provider');
  return Object.assign(t, {
    sandbox,
    release() {
      open();
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    held() {
      const p = arrival;
      return p.then(() => {
        arrival = new Promise<void>((resolve) => {
          arrived = resolve;
        });
      });
    },
  });
}

let n = 0;

export interface TestUser {
  id: bigint;
  headers: Record<string, string>;
}

/** A new account and the headers acting as it (with CSRF cookies and a language). */
export async function newUser(t: TestContext, locale = 'en-US'): Promise<TestUser> {
  n += 1;
  const user = await createUser(t.app.platform.db, t.app.platform.clock, {
    email: `funds${n}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'Passw0rd!x',
    nickname: `funds${n}`,
  });
  const csrf = await csrfHeaders(t.app);
  return { id: user.id, headers: { [TEST_USER_HEADER]: String(user.id), 'accept-language': locale, ...csrf } };
}

export const CARD = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  holder: 'SAN ZHANG',
};
export const cardWith = (number: string) => ({ ...CARD, number });
export { SANDBOX_TEST_CARDS };

/** POST /api/funds/recharge with these headers; the answer as it comes. */
export function postRecharge(t: TestContext, headers: Record<string, string>, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/funds/recharge', headers, payload });
}

/** Starts a top-up and returns what the answer says (200 expected). */
export async function startRecharge(
  t: TestContext,
  who: TestUser,
  body: { amountCents: number; method: 'card' | 'alipay'; cardId?: string },
) {
  const res = await postRecharge(t, who.headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    rechargeId: string;
    sessionId: string;
    payUrl: string;
    feeCents: number;
    totalCents: number;
  };
}

/** The sandbox page's button, as the browser presses it (a visitor with a CSRF token). */
export async function completeSession(
  t: TestContext,
  sessionId: string,
  body: object,
  headers: Record<string, string> = {},
) {
  const csrf = await csrfHeaders(t.app);
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/${sessionId}/complete`,
    headers: { ...csrf, ...headers },
    payload: body,
  });
}

export async function getRecharge(t: TestContext, who: TestUser, rechargeId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/funds/recharges/${rechargeId}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    status: string;
    amountCents: number;
    feeCents: number;
    failureReason: string | null;
    cardLast4: string | null;
    payUrl: string | null;
    completedAt: string | null;
  };
}

/** A complete top-up through the hosted page; waits for the webhook. */
export async function topUp(
  t: FundsTestContext,
  who: TestUser,
  amountCents: number,
  options: { method?: 'card' | 'alipay'; card?: typeof CARD; saveCard?: boolean } = {},
) {
  const method = options.method ?? 'card';
  const created = await startRecharge(t, who, { amountCents, method });
  const body =
    method === 'card'
      ? { outcome: 'success', card: options.card ?? CARD, saveCard: options.saveCard ?? false }
      : { outcome: 'success' };
  const done = await completeSession(t, created.sessionId, body);
  expect(done.statusCode, done.body).toBe(200);
  await t.sandbox.settle();
  return { ...created, recharge: await getRecharge(t, who, created.rechargeId) };
}

export async function messagesOf(t: TestContext, userId: bigint, kind: string) {
  return t.app.platform.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.kind, kind)));
}
