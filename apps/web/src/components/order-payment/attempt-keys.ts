import { isUncertainFailure, newIdempotencyKey } from '../../lib/idempotency-key.ts';

export { isUncertainFailure };

/**
 * Idempotency keys per payment intent (e.g. the sorted order ids): the same intent keeps its key until it has a
 * definite answer, so paying again after a timeout or a lost connection cannot pay twice; after a success or a
 * refusal the next attempt is a new request with a new key.
 */
export class AttemptKeys {
  private readonly keys = new Map<string, string>();

  constructor(private readonly newKey: () => string = newIdempotencyKey) {}

  keyFor(intent: string): string {
    let key = this.keys.get(intent);
    if (!key) {
      key = this.newKey();
      this.keys.set(intent, key);
    }
    return key;
  }

  /** Call after the attempt settled: forgets the key unless the outcome is unknown. */
  settle(intent: string, error?: unknown): void {
    if (error !== undefined && isUncertainFailure(error)) return;
    this.keys.delete(intent);
  }
}

/** The intent of paying these orders: their ids, sorted, so the same set always maps to one key. */
export function payIntent(orderIds: readonly string[]): string {
  return [...orderIds].sort().join(',');
}
