import { outsideRequestTx } from './request-tx.ts';

/**
 * Group commit for work that queues on one lock (ADR 0011): callers submit items under a key;
 * while a batch for that key runs, newcomers wait and go together in the next batch, in arrival
 * order, at most `maxBatch` at a time. The runner settles every item of its batch (a value or an
 * error each), so one item's refusal never fails the others. Batching is per process: a second
 * instance runs its own batches and the database lock still orders them.
 */

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export class KeyedBatcher<I, O> {
  readonly #queues = new Map<string, Waiting<I, O>[]>();

  constructor(
    private readonly run: (key: string, items: I[]) => Promise<Settled<O>[]>,
    private readonly maxBatch = 64,
  ) {}

  submit(key: string, item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      const queue = this.#queues.get(key);
      if (queue) {
        queue.push({ item, resolve, reject });
        return;
      }
      this.#queues.set(key, [{ item, resolve, reject }]);
      // A batch serves several requests: it never runs in the transaction of the one that started it.
      void outsideRequestTx(() => this.#drain(key));
    });
  }

  /** Keys with work queued or running (for tests and metrics). */
  get busyKeys(): number {
    return this.#queues.size;
  }

  async #drain(key: string): Promise<void> {
    const queue = this.#queues.get(key) as Waiting<I, O>[];
    while (queue.length > 0) {
      const batch = queue.splice(0, this.maxBatch);
      let results: Settled<O>[];
      try {
        results = await this.run(
          key,
          batch.map((w) => w.item),
        );
      } catch (error) {
        results = batch.map(() => ({ ok: false, error }));
      }
      batch.forEach((waiting, i) => {
        const result = results[i] ?? { ok: false, error: new Error('batch runner returned too few results') };
        if (result.ok) waiting.resolve(result.value);
        else waiting.reject(result.error);
      });
    }
    // Synchronously after the last check: a submit from now on starts a new drain.
    this.#queues.delete(key);
  }
}
