import { randomBytes } from 'node:crypto';
import type { UserRole } from '@namebourse/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach } from 'vitest';
import { buildTestApp, csrfHeaders, type Engine, suiteContext, type TestContext } from '../../../test/helpers.ts';
import { messages } from '../../db/schema/index.ts';
import { createUser } from '../account/account.service.ts';
import { checkBooks, getBalances, transfer } from '../ledger/ledger.service.ts';
import { securityTestRoutes } from '../security/security.test-support.ts';

/** The app with the security module's test routes (a sign-in by user id, used for every role here). */
export function buildFundsTestApp(engine: 'pglite' | 'postgres'): Promise<TestContext> {
  return buildTestApp(engine, {}, securityTestRoutes);
}

/**
 * The app a funds suite runs on (built before its tests, closed after) and a finance operator,
 * signed in again before each test. Both are filled in by the suite's beforeAll: use them inside
 * tests and hooks, not while the describe block is being declared.
 */
export function fundsSuite(engine: Engine): { t: TestContext; finance: SignedIn } {
  const t = suiteContext(() => buildFundsTestApp(engine));
  const finance = {} as SignedIn;
  beforeAll(async () => {
    Object.assign(finance, await signIn(t, 'finance'));
  });
  beforeEach(async () => {
    await refreshSession(t, finance);
  });
  return { t, finance };
}

let n = 0;

export interface SignedIn {
  user: Awaited<ReturnType<typeof createUser>>;
  email: string;
  headers: Record<string, string>;
}

/** A new account of the given role and a signed-in browser for it (session + CSRF cookies). */
export async function signIn(t: TestContext, role: UserRole = 'user', locale = 'en-US'): Promise<SignedIn> {
  n += 1;
  const email = `${role}${n}-${randomBytes(3).toString('hex')}@example.com`;
  const user = await createUser(t.app.platform.db, t.app.platform.clock, {
    email,
    password: 'Passw0rd!x',
    nickname: `${role}${n}`,
    role,
  });
  const res = await t.app.inject({ method: 'POST', url: '/api/test/sign-in', payload: { userId: String(user.id) } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const at = res.cookies.find((c) => c.name === 'nb_at');
  if (!at) throw new Error('no session cookie');
  const csrf = await csrfHeaders(t.app, `nb_at=${at.value}`);
  return {
    user,
    email,
    headers: {
      cookie: `nb_at=${at.value}; ${csrf.cookie}`,
      'x-xsrf-token': csrf['x-xsrf-token'] as string,
      'accept-language': locale,
    },
  };
}

/** Signs the account in again (a new access token), updating its headers in place. */
export async function refreshSession(t: TestContext, who: SignedIn): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/test/sign-in',
    payload: { userId: String(who.user.id) },
  });
  const at = res.cookies.find((c) => c.name === 'nb_at');
  if (!at) throw new Error(`sign-in failed: ${res.body}`);
  // A new session: the CSRF token is bound to it.
  const csrf = await csrfHeaders(t.app, `nb_at=${at.value}`);
  who.headers.cookie = `nb_at=${at.value}; ${csrf.cookie}`;
  who.headers['x-xsrf-token'] = csrf['x-xsrf-token'] as string;
}

/** Moves the manual clock forward; the given accounts sign in again (access tokens last 15 minutes). */
export async function advance(t: TestContext, seconds: number, people: SignedIn[]): Promise<void> {
  t.clock.advance(seconds);
  for (const who of people) await refreshSession(t, who);
}

/** Gives the user earnings the way a sale would (partner payables → earnings). */
export async function giveEarnings(t: TestContext, userId: bigint, cents: number): Promise<void> {
  const now = t.clock.now();
  await t.app.platform.db.transaction((tx) =>
    transfer(tx, now, {
      kind: 'sale_proceeds',
      idempotencyKey: `test:earnings:${userId}:${randomBytes(6).toString('hex')}`,
      postings: [
        { account: { platform: 'partner_payables' }, amountCents: -cents },
        { account: { userId, bucket: 'earnings' }, amountCents: cents },
      ],
    }),
  );
}

export function balancesOf(t: TestContext, userId: bigint) {
  return getBalances(t.app.platform.db, userId);
}

/** The ledger check: every balance rebuilt from the postings. */
export function books(t: TestContext) {
  return checkBooks(t.app.platform.db, t.clock.now(), async (id) => id);
}

/** The user's messages of a kind (what the message centre will show). */
export function messagesOf(t: TestContext, userId: bigint, kind: string) {
  return t.app.platform.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.kind, kind)));
}

// ---- images and multipart bodies ----

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
  randomBytes(64),
]);
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF'),
  randomBytes(64),
]);
export const GIF = Buffer.concat([Buffer.from('GIF89a'), randomBytes(32)]);

/** A multipart/form-data body with one file part. */
export function multipartBody(part: { field?: string; fileName: string; contentType: string; data: Buffer }) {
  const boundary = `----nbtest${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.fileName}"\r\n` +
        `Content-Type: ${part.contentType}\r\n\r\n`,
    ),
    part.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(
  t: TestContext,
  headers: Record<string, string>,
  file: { fileName: string; contentType: string; data: Buffer },
) {
  const body = multipartBody(file);
  return t.app.inject({
    method: 'POST',
    url: '/api/funds/payees/files',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** Uploads a PNG and returns its fileId. */
export async function uploadPng(t: TestContext, headers: Record<string, string>): Promise<string> {
  const res = await upload(t, headers, { fileName: 'licence.png', contentType: 'image/png', data: PNG });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return res.json().data.fileId as string;
}

export function wirePayee(overrides: Record<string, unknown> = {}) {
  return {
    type: 'wire',
    name: 'Zhang San Trading Co',
    bankName: 'Bank of China',
    accountNumber: 'CN00123456789',
    accountType: 'business',
    swiftCode: 'BKCHCNBJ',
    address: '1 Fuxingmen Inner Street, Beijing',
    businessRegistrationNumber: '91110000100000000X',
    idNumber: '110101199001011234',
    signatory: 'Zhang San',
    ...overrides,
  };
}

export function paypalPayee(overrides: Record<string, unknown> = {}) {
  return { type: 'paypal', name: 'Li Si', paypalAccount: 'li.si@example.com', ...overrides };
}

export function savePayee(t: TestContext, headers: Record<string, string>, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/funds/payees', headers, payload: body });
}

export function reviewPayee(
  t: TestContext,
  headers: Record<string, string>,
  payeeId: string,
  body: { action: string; reason?: string },
) {
  return t.app.inject({ method: 'POST', url: `/api/admin/payees/${payeeId}/review`, headers, payload: body });
}

/** A wire payee of this user, approved by the given operator; returns its id. */
export async function approvedWirePayee(
  t: TestContext,
  user: SignedIn,
  operator: SignedIn,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const saved = await savePayee(t, user.headers, wirePayee(overrides));
  if (saved.statusCode !== 200) throw new Error(`save failed: ${saved.body}`);
  const payeeId = saved.json().data.payeeId as string;
  const reviewed = await reviewPayee(t, operator.headers, payeeId, { action: 'approve' });
  if (reviewed.statusCode !== 200) throw new Error(`approve failed: ${reviewed.body}`);
  return payeeId;
}
