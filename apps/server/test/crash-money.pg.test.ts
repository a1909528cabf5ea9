import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/open-database.ts';
import { getBalances, getLines, transfer } from '../src/modules/ledger/ledger.service.ts';
import { createOrder } from '../src/modules/orders/orders.service.ts';
import { findAnswers } from '../src/platform/idempotency.ts';
import { booksBalanced, LOAD_BALANCE_CENTS, LOAD_PASSWORD, seedBidders } from './bidding-load.ts';
import { createPgDatabase } from './helpers.ts';
import {
  type Exit,
  envelopeOf,
  freePort,
  type HttpAnswer,
  HttpUser,
  killAllServers,
  type ServerProcess,
  sleep,
  startServer,
  stopwatch,
} from './server-process.ts';

/**
 * `kill -9` between a keyed request's commit and its answer, for the request-transaction path of
 * the idempotency plugin (issue 12; bids, the batched path, are in crash.pg.test.ts). A server
 * process started with `NB_CRASH_POINTS=idempotency.after-commit:1` kills itself (SIGKILL) right
 * after its first keyed business transaction commits, before the answer leaves. The client, whose
 * answer was lost, asks again with the same Idempotency-Key on a server restarted without the
 * hook: it gets the committed answer as a replay (twice, byte for byte), the money moved once and
 * the books balance. Pay an order, start a top-up, apply for a settlement (behind MFA); then the
 * two controls: a payment killed the same way and never asked again is there whole with its
 * answer, and one killed from outside before its commit left nothing, so its key runs it at once.
 */

const HOOK = { NB_CRASH_POINTS: 'idempotency.after-commit:1' };
const ORDER_EX_TAX_CENTS = 123_400;
const RECHARGE_CENTS = 25_000;
const SETTLEMENT_CENTS = 6_000;
/** Earnings: enough for two settlements, so one applied twice would show. */
const EARNINGS_CENTS = 2 * SETTLEMENT_CENTS;

/** The `data` of an answer's envelope (the answer must be one). */
function dataOf<T>(answer: HttpAnswer): T {
  const envelope = envelopeOf(answer);
  if (!envelope) throw new Error(`not an envelope: ${answer.status} ${answer.body.slice(0, 200)}`);
  return envelope.data as T;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'kill -9 between a payment’s commit and its answer (PostgreSQL)',
  () => {
    let database: Database;
    let url: string;
    let port: number;
    let server: ServerProcess | null = null;
    let user: { id: bigint; email: string };
    const http = new HttpUser('127.0.0.1');
    const time = stopwatch();
    /** The balances the user should have: each step below moves them once. */
    const expected = {
      availableCents: LOAD_BALANCE_CENTS,
      frozenCents: 0,
      earningsCents: EARNINGS_CENTS,
      settlingCents: 0,
    };

    /** Stops the running server (if any) and starts one on the same port and database. */
    async function restart(env: Record<string, string> = {}): Promise<ServerProcess> {
      await server?.kill();
      server = await startServer({ databaseUrl: url, port, env });
      return server;
    }

    function call(method: string, path: string, options: { json?: unknown; key?: string } = {}): Promise<HttpAnswer> {
      if (!server) throw new Error('no server');
      return http.request(server.baseUrl, method, path, {
        ...(options.json === undefined ? {} : { json: options.json }),
        ...(options.key ? { headers: { 'idempotency-key': options.key } } : {}),
      });
    }

    /**
     * Sends a keyed request to a server started with the crash hook: the server must die (SIGKILL)
     * without answering. Returns how it exited.
     */
    async function sendIntoCrash(method: string, path: string, json: unknown, key: string): Promise<Exit> {
      const victim = server as ServerProcess;
      const lost = await call(method, path, { json, key }).then(
        (answer) => `answered ${answer.status} ${answer.body.slice(0, 200)}`,
        () => 'lost',
      );
      expect(lost, 'the answer of the request the hook cut off').toBe('lost');
      return victim.exited;
    }

    /**
     * The client's retries after the lost answer, on the restarted server: a replay of what was
     * committed (200, Idempotent-Replayed), and again the same bytes, which are the answer stored
     * with the change. Returns the replayed data.
     */
    async function retryTwice(method: string, path: string, json: unknown, key: string) {
      const first = await call(method, path, { json, key });
      expect(first.status, first.body).toBe(200);
      expect(first.headers['idempotent-replayed']).toBe('true');
      const second = await call(method, path, { json, key });
      expect(second.status).toBe(200);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body).toBe(first.body);
      expect((await keptAnswer(key))?.responseBody).toBe(first.body);
      return envelopeOf(first)?.data as Record<string, unknown>;
    }

    /** The answer kept with the key (what the killed request would have been told), or undefined. */
    async function keptAnswer(key: string) {
      const found = await findAnswers(database.db, [{ scope: `user:${user.id}`, key }], new Date());
      return found.get(`user:${user.id} ${key}`);
    }

    /** The funds summary over HTTP and the balances in the database are what the steps so far leave. */
    async function expectBalances() {
      const summary = envelopeOf(await call('GET', '/api/funds/summary'))?.data;
      expect(summary).toMatchObject(expected);
      const { settlingCents: _, ...balances } = expected;
      expect(await getBalances(database.db, user.id)).toEqual(balances);
      const books = await booksBalanced(database.db);
      expect(books.balanced, books.detail).toBe(true);
    }

    function newOrder(domain: string) {
      return database.db.transaction((tx) =>
        createOrder(tx, {
          buyerId: user.id,
          partner: 'partner-crash',
          source: 'auction',
          domain,
          amountExTaxCents: ORDER_EX_TAX_CENTS,
          now: new Date(),
        }),
      );
    }

    beforeAll(async () => {
      url = await createPgDatabase();
      database = await openDatabase({ databaseUrl: url, pgliteDir: 'memory://', poolSize: 4 });
      const now = new Date();
      // Money and complete contact information, and earnings as a sale leaves them.
      [user] = (await seedBidders(database.db, now, 1, 'money')) as [{ id: bigint; email: string }];
      await database.db.transaction((tx) =>
        transfer(tx, now, {
          kind: 'sale_proceeds',
          idempotencyKey: `money:earnings:${user.id}`,
          postings: [
            { account: { platform: 'partner_payables' }, amountCents: -EARNINGS_CENTS },
            { account: { userId: user.id, bucket: 'earnings' }, amountCents: EARNINGS_CENTS },
          ],
        }),
      );
      port = await freePort();
      await restart();
      await http.signIn((server as ServerProcess).baseUrl, user.email, LOAD_PASSWORD);
      await expectBalances();
      time.lap('database, user and server');
    }, 60_000);

    afterAll(async () => {
      await killAllServers();
      await database?.close();
      console.log(`crash-money: ${time}`);
    });

    it('pays an order once: the retry after the crash replays the payment', async () => {
      const order = await newOrder(`crashpay-${Date.now().toString(36)}.com`);
      const path = `/api/orders/${order.id}/pay`;
      const key = 'money-pay-1';
      await restart(HOOK);
      expect(await sendIntoCrash('POST', path, undefined, key)).toMatchObject({ signal: 'SIGKILL' });

      await restart();
      const paid = await retryTwice('POST', path, undefined, key);
      expect(paid).toMatchObject({
        orderId: order.id,
        status: 'paid_awaiting_delivery',
        amountCents: order.amountCents,
      });

      // Paid once: one payment in the ledger, the balance moved by the amount once.
      expect(dataOf<{ status: string }>(await call('GET', `/api/orders/${order.id}`)).status).toBe(
        'paid_awaiting_delivery',
      );
      const payments = await getLines(
        database.db,
        { userId: user.id, kind: 'order_payment' },
        { limit: 10, offset: 0 },
      );
      expect(payments.items.map((l) => l.amountCents)).toEqual([-order.amountCents]);
      expected.availableCents -= order.amountCents;
      await expectBalances();
      // Without a key, paying again is refused: the order is paid.
      const again = await call('POST', path);
      expect(again.status).toBe(409);
      expect(envelopeOf(again)?.code).toBe('Order.NotPayable');
      time.lap('pay');
    }, 60_000);

    it('starts a top-up once: the retry after the crash replays its checkout session', async () => {
      const body = { amountCents: RECHARGE_CENTS, method: 'alipay' };
      const key = 'money-recharge-1';
      await restart(HOOK);
      expect(await sendIntoCrash('POST', '/api/funds/recharge', body, key)).toMatchObject({ signal: 'SIGKILL' });

      await restart();
      const created = await retryTwice('POST', '/api/funds/recharge', body, key);
      expect(created).toMatchObject({ rechargeId: expect.any(String), payUrl: expect.any(String) });
      // One top-up: the one the replay names, recorded with the answer.
      const list = dataOf<{ total: number; items: unknown[] }>(await call('GET', '/api/funds/recharges'));
      expect(list).toMatchObject({ total: 1, items: [{ rechargeId: created.rechargeId, status: 'recharging' }] });
      expect(dataOf(await call('GET', `/api/funds/recharges/${created.rechargeId}`))).toMatchObject({
        amountCents: RECHARGE_CENTS,
        status: 'recharging',
      });
      await expectBalances(); // nothing credited before the provider confirms
      time.lap('recharge');
    }, 60_000);

    it('applies for a settlement once, behind MFA: the retry after the crash replays it', async () => {
      // An authenticator, bound through the API at the server's (manual) clock.
      const clockNow = async () =>
        Math.floor(Date.parse(dataOf<{ now: string }>(await call('GET', '/api/dev/clock')).now) / 1000);
      const info = dataOf<{
        secret: string;
      }>(await call('GET', '/api/account-manage/get-authenticator-binding-info'));
      const bound = await call('POST', '/api/account-manage/bind-authenticator', {
        json: { secret: info.secret, code: await generate({ secret: info.secret, epoch: await clockNow() }) },
      });
      expect(bound.status, bound.body).toBe(200);

      await restart(HOOK);
      // A later TOTP step than the binding's (a code is good once).
      await http.request((server as ServerProcess).baseUrl, 'POST', '/api/dev/clock/advance', {
        json: { seconds: 30 },
      });
      const key = 'money-settlement-1';
      const path = '/api/funds/settlements';
      const body = { amountCents: SETTLEMENT_CENTS, target: 'balance' };
      // The challenge is not a result: it commits nothing to replay, and the same key goes on.
      const asked = await call('POST', path, { json: body, key });
      expect(asked.status, asked.body).toBe(403);
      expect(envelopeOf(asked)?.code).toBe('Account.Mfa.Required');
      const challengeId = dataOf<{ challengeId: string }>(asked).challengeId;
      const verified = {
        ...body,
        mfaVerification: {
          challengeId,
          factors: [
            { method: 'AUTHENTICATOR', token: await generate({ secret: info.secret, epoch: await clockNow() }) },
          ],
        },
      };
      expect(await sendIntoCrash('POST', path, verified, key)).toMatchObject({ signal: 'SIGKILL' });

      await restart();
      // The client sends the same request again, its spent MFA verification included: the replay
      // answers before any MFA check.
      const applied = await retryTwice('POST', path, verified, key);
      expect(applied).toMatchObject({ amountCents: SETTLEMENT_CENTS, target: 'balance' });
      const list = dataOf<{ total: number; items: unknown[] }>(await call('GET', '/api/funds/settlements'));
      expect(list).toMatchObject({
        total: 1,
        items: [{ settlementId: applied.settlementId, amountCents: SETTLEMENT_CENTS }],
      });
      const requests = await getLines(
        database.db,
        { userId: user.id, kind: 'settlement_request' },
        { limit: 10, offset: 0 },
      );
      expect(requests.items.map((l) => l.amountCents)).toEqual([-SETTLEMENT_CENTS]);
      expected.earningsCents -= SETTLEMENT_CENTS;
      expected.settlingCents += SETTLEMENT_CENTS;
      await expectBalances();
      time.lap('settlement');
    }, 60_000);

    it('a request killed after its commit and never asked again is done whole, its answer kept', async () => {
      const order = await newOrder(`crashctl-${Date.now().toString(36)}.com`);
      const key = 'money-pay-unretried';
      await restart(HOOK);
      expect(await sendIntoCrash('POST', `/api/orders/${order.id}/pay`, undefined, key)).toMatchObject({
        signal: 'SIGKILL',
      });

      // Nothing half-done: the order paid, its payment in the ledger and the answer kept, together
      // (seen on a restarted server; the payment is not asked again).
      await restart();
      const row = dataOf<{ status: string }>(await call('GET', `/api/orders/${order.id}`));
      const kept = await keptAnswer(key);
      const payments = (
        await getLines(database.db, { userId: user.id, kind: 'order_payment' }, { limit: 10, offset: 0 })
      ).items.filter((l) => l.refId === order.id);
      expect({
        status: row.status,
        payments: payments.map((l) => l.amountCents),
        kept: kept && {
          status: kept.responseStatus,
          paid: JSON.parse(kept.responseBody ?? 'null'),
        },
      }).toMatchObject({
        status: 'paid_awaiting_delivery',
        payments: [-order.amountCents],
        kept: { status: 200, paid: { code: '200', data: { orderId: order.id, status: 'paid_awaiting_delivery' } } },
      });
      expected.availableCents -= order.amountCents;
      await expectBalances();
      time.lap('unretried');
    }, 60_000);

    it('a request killed before its commit left nothing: the retry with its key runs at once', async () => {
      const order = await newOrder(`crashmid-${Date.now().toString(36)}.com`);
      const path = `/api/orders/${order.id}/pay`;
      const key = 'money-pay-midway';
      // The user's balance is held by a top-up in progress (its ledger transaction, rolled back
      // after), so the payment waits inside its transaction; the server is killed from outside then.
      const victim = server as ServerProcess;
      let lost = '';
      const rolledBack = new Error('the held top-up is rolled back');
      await database.db
        .transaction(async (tx) => {
          await transfer(tx, new Date(), {
            kind: 'recharge',
            idempotencyKey: `money:held:${user.id}`,
            postings: [
              { account: { platform: 'gateway' }, amountCents: -1 },
              { account: { userId: user.id, bucket: 'available' }, amountCents: 1 },
            ],
          });
          const sent = call('POST', path, { key }).then(
            (answer) => `answered ${answer.status} ${answer.body.slice(0, 200)}`,
            () => 'lost',
          );
          await sleep(1_500);
          expect(await victim.kill()).toMatchObject({ signal: 'SIGKILL' });
          lost = await sent;
          throw rolledBack;
        })
        .catch((error: unknown) => {
          if (error !== rolledBack) throw error;
        });
      expect(lost, 'the answer of the request killed midway').toBe('lost');
      // Neither the payment nor an answer is there.
      expect(await keptAnswer(key)).toBeUndefined();
      await restart();
      expect(dataOf<{ status: string }>(await call('GET', `/api/orders/${order.id}`)).status).toBe('awaiting_payment');
      await expectBalances();

      const ran = await call('POST', path, { key });
      expect(ran.status, ran.body).toBe(200);
      expect(ran.headers['idempotent-replayed']).toBeUndefined();
      const again = await call('POST', path, { key });
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(ran.body);
      const payments = (
        await getLines(database.db, { userId: user.id, kind: 'order_payment' }, { limit: 10, offset: 0 })
      ).items.filter((l) => l.refId === order.id);
      expect(payments.map((l) => l.amountCents)).toEqual([-order.amountCents]);
      expected.availableCents -= order.amountCents;
      await expectBalances();
      time.lap('midway');
    }, 60_000);
  },
);
