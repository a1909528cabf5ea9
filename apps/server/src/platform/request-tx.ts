import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from '../db/open-database.ts';

/**
 * A request's own transaction (ADR 0005 amendment): while a keyed request runs, every query made on
 * its behalf through `platform.db` goes into one transaction that the idempotency plugin opens
 * before the handler and commits together with the stored response. A service's own
 * `db.transaction(...)` then becomes a savepoint inside it. Outside such a request (other requests,
 * sweepers, batches) the same `db` is the plain database.
 */
interface RequestTxStore {
  tx: Tx | null;
  /** Set once the transaction has ended: late work (a timer, a subscriber) goes to the plain database. */
  done: boolean;
  /** Work on the outside world that must wait for the commit (see `afterCommit`). */
  afterCommit: (() => Promise<void>)[];
}

const storage = new AsyncLocalStorage<RequestTxStore>();

/** The transaction of the keyed request this code runs for, if one is open. */
export function currentRequestTx(): Tx | null {
  const store = storage.getStore();
  return store && !store.done ? store.tx : null;
}

/** Runs `fn` (and everything it starts) inside the request transaction `tx`. */
export function runInRequestTx<T>(tx: Tx, fn: () => T): { result: T; end: () => (() => Promise<void>)[] } {
  const store: RequestTxStore = { tx, done: false, afterCommit: [] };
  const result = storage.run(store, fn);
  return {
    result,
    /** Ends the binding; returns the work queued for after the commit (the caller runs it if it committed). */
    end: () => {
      store.done = true;
      return store.afterCommit.splice(0);
    },
  };
}

/**
 * Runs `work` once what the current code has written is committed: at once outside a request
 * transaction, after its commit inside one (and never if it rolls back). For calls to the outside
 * world that must not happen for a change that may still be undone (confirming a card charge):
 * the caller does not wait for it and its answer must not depend on it.
 */
export async function afterCommit(work: () => Promise<void>): Promise<void> {
  const store = storage.getStore();
  if (store && !store.done && store.tx) {
    store.afterCommit.push(work);
    return;
  }
  await work();
}

/**
 * Runs `fn` outside any request transaction: work shared by several requests (a batch of bids,
 * session checks) must never ride on the transaction of whichever request happened to start it.
 */
export function outsideRequestTx<T>(fn: () => T): T {
  return storage.exit(fn);
}

/**
 * The database every module uses: forwards to the current request's transaction when one is open,
 * to the plain database otherwise. Property reads only; the objects it hands out are the real ones.
 */
export function requestScopedDb(db: Db): Db {
  return new Proxy(db, {
    get(target, prop) {
      const tx = currentRequestTx();
      const actual = (tx ?? target) as unknown as Record<PropertyKey, unknown>;
      const value = Reflect.get(actual, prop, actual);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(actual) : value;
    },
  });
}
