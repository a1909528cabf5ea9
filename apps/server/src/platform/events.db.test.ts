import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, openTestDatabase } from '../../test/helpers.ts';
import { type Database, openDatabase } from '../db/open-database.ts';
import { ManualClock } from './clock.ts';
import { createEventBus, type DomainEvent, EVENTS_CHANNEL, type EventBus } from './events.ts';

function captureLogger(): { log: FastifyBaseLogger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log: log as unknown as FastifyBaseLogger, lines };
}

/** Resolves with the first `n` events a subscription receives (or rejects after `ms`). */
function collect(bus: EventBus, name: string, n: number, ms = 5000): Promise<DomainEvent[]> {
  return new Promise((resolve, reject) => {
    const got: DomainEvent[] = [];
    const timer = setTimeout(() => {
      off();
      reject(new Error(`timed out with ${got.length}/${n} events`));
    }, ms);
    const off = bus.subscribe(name, (event) => {
      got.push(event);
      if (got.length === n) {
        clearTimeout(timer);
        off();
        resolve(got);
      }
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const T0 = new Date('2026-01-05T00:00:00.000Z');

describe.each(enginesFor('sql'))('EventBus on %s', (engine) => {
  let database: Database;
  let url: string | undefined;
  const buses: EventBus[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    url = database.url;
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await database?.close();
  });

  async function bus(
    log: FastifyBaseLogger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
    db = database,
  ) {
    const b = await createEventBus(db, log, { clock: new ManualClock(T0), reconnectDelayMs: 50 });
    buses.push(b);
    return b;
  }

  it('delivers to subscribers of the name and of *, once each, until unsubscribed', async () => {
    const b = await bus();
    const named: DomainEvent[] = [];
    const all: DomainEvent[] = [];
    const other: DomainEvent[] = [];
    const offNamed = b.subscribe('bid.placed', (e) => named.push(e));
    b.subscribe('*', (e) => all.push(e));
    b.subscribe('order.paid', (e) => other.push(e));

    await b.publish('bid.placed', { auctionId: '7', amountCents: 1500 });
    await sleep(50);
    expect(named).toEqual([
      { name: 'bid.placed', payload: { auctionId: '7', amountCents: 1500 }, at: T0.toISOString() },
    ]);
    expect(all).toHaveLength(1);
    expect(other).toHaveLength(0);

    offNamed();
    await b.publish('bid.placed', { auctionId: '8' });
    await sleep(50);
    expect(named).toHaveLength(1);
    expect(all.map((e) => (e.payload as { auctionId: string }).auctionId)).toEqual(['7', '8']);
  });

  it('logs subscriber errors (sync and async) and never throws them to the publisher', async () => {
    const { log, lines } = captureLogger();
    const b = await bus(log);
    const received: unknown[] = [];
    b.subscribe('auction.closed', () => {
      throw new Error('boom');
    });
    b.subscribe('auction.closed', (async () => {
      throw new Error('async boom');
    }) as () => void);
    b.subscribe('auction.closed', (e) => received.push(e.payload));
    await expect(b.publish('auction.closed', { id: 1 })).resolves.toBeUndefined();
    await sleep(50);
    expect(received).toEqual([{ id: 1 }]);
    expect(lines.filter((l) => l.msg === 'event subscriber failed')).toHaveLength(2);
  });

  it('refuses payloads JSON cannot carry and bad names', async () => {
    const b = await bus();
    await expect(b.publish('x.y', { amount: 10n })).rejects.toThrow(TypeError);
    await expect(b.publish('*', {})).rejects.toThrow(TypeError);
    await expect(b.publish('', {})).rejects.toThrow(TypeError);
  });

  it('publishMany delivers every event in order, as publish would; a refused one sends none', async () => {
    const b = await bus();
    const got: DomainEvent[] = [];
    b.subscribe('*', (e) => got.push(e));
    await b.publishMany([
      { name: 'auction.closed', payload: { auctionId: '1' } },
      { name: 'bid.placed', payload: { auctionId: '2' } },
      { name: 'auction.closed', payload: { auctionId: '3' } },
    ]);
    await b.publishMany([]);
    await sleep(50);
    expect(got.map((e) => [e.name, (e.payload as { auctionId: string }).auctionId, e.at])).toEqual([
      ['auction.closed', '1', T0.toISOString()],
      ['bid.placed', '2', T0.toISOString()],
      ['auction.closed', '3', T0.toISOString()],
    ]);
    await expect(
      b.publishMany([
        { name: 'x.y', payload: { ok: true } },
        { name: 'x.y', payload: { amount: 10n } },
      ]),
    ).rejects.toThrow(TypeError);
    await expect(b.publishMany([{ name: '*', payload: {} }])).rejects.toThrow(TypeError);
    await sleep(50);
    expect(got).toHaveLength(3);
  });

  it('delivers nothing after close()', async () => {
    const b = await bus();
    const got: unknown[] = [];
    b.subscribe('*', (e) => got.push(e));
    await b.close();
    await b.publish('bid.placed', {});
    expect(got).toEqual([]);
  });

  it.runIf(engine === 'postgres')('an event published on one instance reaches the others, once each', async () => {
    const other = await openDatabase({ databaseUrl: url, poolSize: 2 });
    try {
      const a = await bus();
      const b = await bus(undefined, other);
      const onA = collect(a, 'order.paid', 2);
      const onB = collect(b, 'order.paid', 2);
      await a.publish('order.paid', { orderId: 'A1' });
      await b.publish('order.paid', { orderId: 'B1' });
      const [gotA, gotB] = await Promise.all([onA, onB]);
      expect(gotA.map((e) => e.payload)).toEqual([{ orderId: 'A1' }, { orderId: 'B1' }]);
      expect(gotB.map((e) => e.payload).sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)))).toEqual([
        { orderId: 'A1' },
        { orderId: 'B1' },
      ]);
      expect(gotB[0]?.at).toBe(T0.toISOString());
      // Nothing is delivered twice (own notifications are skipped).
      const extra: DomainEvent[] = [];
      a.subscribe('order.paid', (e) => extra.push(e));
      await sleep(200);
      expect(extra).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it.runIf(engine === 'postgres')('publishMany reaches the other instances, in order, once each', async () => {
    const other = await openDatabase({ databaseUrl: url, poolSize: 2 });
    try {
      const a = await bus();
      const b = await bus(undefined, other);
      // More than one statement's worth (slices of ~1 MB of payloads).
      const n = 3000;
      const filler = 'x'.repeat(500);
      const onB = collect(b, 'auction.closed', n, 20_000);
      const local: DomainEvent[] = [];
      a.subscribe('auction.closed', (e) => local.push(e));
      await a.publishMany(
        Array.from({ length: n }, (_, i) => ({ name: 'auction.closed', payload: { auctionId: String(i), filler } })),
      );
      const ids = (await onB).map((e) => (e.payload as { auctionId: string }).auctionId);
      expect(ids).toEqual(Array.from({ length: n }, (_, i) => String(i)));
      expect(local).toHaveLength(n);
      await sleep(200);
      expect(local).toHaveLength(n);
    } finally {
      await other.close();
    }
  });

  it.runIf(engine === 'postgres')('the listener reconnects after its connection is killed', async () => {
    const a = await bus();
    const b = await bus();
    // Kill every LISTEN connection on this database (the dedicated listener clients).
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const listening = `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN ${EVENTS_CHANNEL}%'`;
      const killed = await admin.query<{ pid: number }>(
        `select pid, pg_terminate_backend(pid) from (${listening}) as l`,
      );
      expect(killed.rowCount).toBeGreaterThanOrEqual(2);
      // Wait for the listeners to come back: as many LISTEN connections again, none of them a killed one (a
      // terminated backend can still be listed for a moment, so counting alone could pass before any came back).
      const old = new Set(killed.rows.map((r) => r.pid));
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const { rows } = await admin.query<{ pid: number }>(listening);
        if (rows.filter((r) => !old.has(r.pid)).length >= old.size) break;
        await sleep(50);
      }
    } finally {
      await admin.end();
    }
    const onB = collect(b, 'auction.closed', 1);
    await a.publish('auction.closed', { id: 'after-reconnect' });
    expect((await onB)[0]?.payload).toEqual({ id: 'after-reconnect' });
  });
});
