import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/open-database.ts';
import { type Clock, SystemClock } from './clock.ts';

/** A domain event as subscribers receive it. */
export interface DomainEvent {
  name: string;
  payload: unknown;
  /** ISO time of publication (from the clock). */
  at: string;
}

export type EventListener = (event: DomainEvent) => void;

/**
 * Domain events (DESIGN.md §3): `bid.placed`, `auction.closed`, `order.paid` …
 * In-process on PGlite; on PostgreSQL also carried by LISTEN/NOTIFY, so an event published on one
 * instance reaches the subscribers of every instance, once per instance. Delivery is best effort
 * (an instance whose listener connection is down misses events): state lives in the database,
 * events only tell live views to look.
 */
export interface EventBus {
  /** Delivers to local subscribers and, on PostgreSQL, to every other instance. Publish after commit. */
  publish(name: string, payload: unknown): Promise<void>;
  /**
   * Publishes many events in order, as `publish` would one by one, but in one round trip per
   * bounded slice on PostgreSQL (a sweep closing 10,000 lots publishes 10,000 events).
   */
  publishMany(events: readonly { name: string; payload: unknown }[]): Promise<void>;
  /** Subscribes to one event name, or to all with '*'. Returns the unsubscribe function. */
  subscribe(name: string | '*', fn: EventListener): () => void;
  close(): Promise<void>;
}

/** The NOTIFY channel every instance listens on. */
export const EVENTS_CHANNEL = 'namebourse_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; keep events small (ids, not documents). */
export const MAX_EVENT_BYTES = 7900;

export interface EventBusOptions {
  clock?: Clock;
  /** Delay before reconnecting the listener after its connection fails (default 1000 ms, doubled up to 30 s). */
  reconnectDelayMs?: number;
}

/** Wire format of a notification: instance id, name, payload, time. */
interface Wire {
  i: string;
  n: string;
  p: unknown;
  a: string;
}

class LocalSubscribers {
  readonly #byName = new Map<string, Set<EventListener>>();
  readonly #log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.#log = log;
  }

  add(name: string, fn: EventListener): () => void {
    let set = this.#byName.get(name);
    if (!set) {
      set = new Set();
      this.#byName.set(name, set);
    }
    // Wrap so that subscribing the same function twice yields two independent subscriptions.
    const entry: EventListener = (event) => fn(event);
    set.add(entry);
    return () => {
      const current = this.#byName.get(name);
      current?.delete(entry);
      if (current?.size === 0) this.#byName.delete(name);
    };
  }

  deliver(event: DomainEvent): void {
    const targets = [...(this.#byName.get(event.name) ?? []), ...(this.#byName.get('*') ?? [])];
    for (const fn of targets) {
      try {
        const result: unknown = fn(event);
        if (result instanceof Promise) {
          result.catch((err: unknown) => this.#log.error({ err, event: event.name }, 'event subscriber failed'));
        }
      } catch (err) {
        this.#log.error({ err, event: event.name }, 'event subscriber failed');
      }
    }
  }

  clear(): void {
    this.#byName.clear();
  }
}

/** JSON text of a payload; refuses what JSON cannot carry faithfully (bigint, functions …). */
function encode(name: string, payload: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(payload ?? null);
  } catch (err) {
    throw new TypeError(`Event ${name}: payload is not JSON-serialisable`, { cause: err });
  }
  if (text === undefined) throw new TypeError(`Event ${name}: payload is not JSON-serialisable`);
  return text;
}

function assertName(name: string): void {
  if (typeof name !== 'string' || name.length === 0 || name === '*') {
    throw new TypeError(`Invalid event name: ${JSON.stringify(name)}`);
  }
}

/** In-process bus (PGlite: one process owns the database). */
class InProcessEventBus implements EventBus {
  readonly #subs: LocalSubscribers;
  readonly #clock: Clock;
  #closed = false;

  constructor(log: FastifyBaseLogger, clock: Clock) {
    this.#subs = new LocalSubscribers(log);
    this.#clock = clock;
  }

  async publish(name: string, payload: unknown): Promise<void> {
    assertName(name);
    if (this.#closed) return;
    // Through JSON as on PostgreSQL, so subscribers see the same payload on both engines.
    const text = encode(name, payload);
    this.#subs.deliver({ name, payload: JSON.parse(text), at: this.#clock.now().toISOString() });
  }

  async publishMany(events: readonly { name: string; payload: unknown }[]): Promise<void> {
    for (const event of events) assertName(event.name);
    if (this.#closed) return;
    // Every payload is checked before any is delivered: a refused one delivers none.
    const texts = events.map((e) => encode(e.name, e.payload));
    const at = this.#clock.now().toISOString();
    events.forEach((e, i) => {
      this.#subs.deliver({ name: e.name, payload: JSON.parse(texts[i] as string), at });
    });
  }

  subscribe(name: string, fn: EventListener): () => void {
    return this.#subs.add(name, fn);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#subs.clear();
  }
}

/** The bytes of NOTIFY payloads sent in one statement by publishMany (a bounded statement size). */
const MANY_SLICE_BYTES = 1_000_000;

/**
 * PostgreSQL bus: local subscribers are called directly; other instances get the event through
 * `pg_notify` on the shared channel, received by one dedicated listener connection per instance
 * (its own notifications are recognised by the instance id and skipped, so each instance
 * delivers an event exactly once).
 */
class PostgresEventBus implements EventBus {
  readonly #id = randomUUID();
  readonly #database: Database;
  readonly #url: string;
  readonly #log: FastifyBaseLogger;
  readonly #clock: Clock;
  readonly #subs: LocalSubscribers;
  readonly #baseDelay: number;
  #delay: number;
  #client: pg.Client | null = null;
  #reconnectTimer: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(database: Database, url: string, log: FastifyBaseLogger, options: EventBusOptions) {
    this.#database = database;
    this.#url = url;
    this.#log = log;
    this.#clock = options.clock ?? new SystemClock();
    this.#subs = new LocalSubscribers(log);
    this.#baseDelay = options.reconnectDelayMs ?? 1000;
    this.#delay = this.#baseDelay;
  }

  /** Connects the listener; on failure logs and keeps retrying in the background. */
  async start(): Promise<void> {
    try {
      await this.#connect();
    } catch (err) {
      this.#log.error({ err }, 'event listener could not connect; retrying');
      this.#scheduleReconnect();
    }
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#url });
    const fail = (err: unknown) => {
      if (this.#client !== client) return;
      this.#client = null;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (this.#closed) return;
      this.#log.warn({ err }, 'event listener connection lost; reconnecting');
      this.#scheduleReconnect();
    };
    client.on('error', fail);
    client.on('end', () => fail(new Error('connection ended')));
    client.on('notification', (msg) => {
      if (msg.channel === EVENTS_CHANNEL && msg.payload) this.#receive(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (err) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.#closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
    this.#delay = this.#baseDelay;
  }

  #scheduleReconnect(): void {
    if (this.#closed || this.#reconnectTimer) return;
    const delay = this.#delay;
    this.#delay = Math.min(this.#delay * 2, 30_000);
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = null;
      if (this.#closed) return;
      this.#connect().catch((err: unknown) => {
        this.#log.warn({ err }, 'event listener reconnect failed');
        this.#scheduleReconnect();
      });
    }, delay);
    this.#reconnectTimer.unref();
  }

  #receive(raw: string): void {
    let wire: Wire;
    try {
      wire = JSON.parse(raw) as Wire;
    } catch (err) {
      this.#log.warn({ err }, 'ignored a malformed event notification');
      return;
    }
    if (wire.i === this.#id || typeof wire.n !== 'string') return;
    this.#subs.deliver({ name: wire.n, payload: wire.p, at: wire.a });
  }

  /** The NOTIFY text of one event (refused when too large) and its JSON body. */
  #wire(name: string, payload: unknown, at: string): { text: string; body: string; bytes: number } {
    const body = encode(name, payload);
    const text = `{"i":${JSON.stringify(this.#id)},"n":${JSON.stringify(name)},"a":${JSON.stringify(at)},"p":${body}}`;
    const bytes = Buffer.byteLength(text);
    if (bytes > MAX_EVENT_BYTES) throw new RangeError(`Event ${name} is too large for NOTIFY (${bytes} bytes)`);
    return { text, body, bytes };
  }

  async publish(name: string, payload: unknown): Promise<void> {
    assertName(name);
    if (this.#closed) return;
    const at = this.#clock.now().toISOString();
    const { text, body } = this.#wire(name, payload, at);
    await this.#database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${text})`);
    // Parsed back from JSON: local subscribers get the same payload the other instances get.
    this.#subs.deliver({ name, payload: JSON.parse(body), at });
  }

  async publishMany(events: readonly { name: string; payload: unknown }[]): Promise<void> {
    for (const event of events) assertName(event.name);
    if (this.#closed || events.length === 0) return;
    const at = this.#clock.now().toISOString();
    // Every event is checked before any is sent: a refused one sends none, as with publish.
    const wires = events.map((e) => ({ name: e.name, ...this.#wire(e.name, e.payload, at) }));
    let start = 0;
    while (start < wires.length) {
      let end = start;
      let bytes = 0;
      while (end < wires.length && (end === start || bytes + (wires[end]?.bytes ?? 0) <= MANY_SLICE_BYTES)) {
        bytes += wires[end]?.bytes ?? 0;
        end++;
      }
      const slice = wires.slice(start, end);
      // One statement (one transaction): the notifications reach listeners in this order.
      await this.#database.db.execute(
        sql`select pg_notify(${EVENTS_CHANNEL}, v.t)
            from unnest(${sql.param(slice.map((w) => w.text))}::text[]) with ordinality as v(t, n)
            order by v.n`,
      );
      for (const w of slice) this.#subs.deliver({ name: w.name, payload: JSON.parse(w.body), at });
      start = end;
    }
  }

  subscribe(name: string, fn: EventListener): () => void {
    return this.#subs.add(name, fn);
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = null;
    this.#subs.clear();
    const client = this.#client;
    this.#client = null;
    if (client) {
      client.removeAllListeners('notification');
      await client.end().catch(() => undefined);
    }
  }
}

/** Creates the event bus for this database: in-process on PGlite, LISTEN/NOTIFY on PostgreSQL. */
export async function createEventBus(
  database: Database,
  log: FastifyBaseLogger,
  options: EventBusOptions = {},
): Promise<EventBus> {
  const clock = options.clock ?? new SystemClock();
  if (database.kind !== 'postgres' || !database.url) return new InProcessEventBus(log, clock);
  const bus = new PostgresEventBus(database, database.url, log, { ...options, clock });
  await bus.start();
  return bus;
}
