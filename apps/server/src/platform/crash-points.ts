/**
 * Named points where a crash test may kill the process (config `NB_CRASH_POINTS=name:n,…`, never in
 * production): the n-th pass through the point sends SIGKILL to the process itself, exactly as a
 * `kill -9` at that moment would. Without the setting a pass costs one map lookup.
 */
export class CrashPoints {
  readonly #remaining = new Map<string, number>();

  constructor(points: Record<string, number>) {
    for (const [name, n] of Object.entries(points)) if (n > 0) this.#remaining.set(name, n);
  }

  /** Passes the named point; on its configured pass the process dies here and now. */
  pass(name: string): void {
    const left = this.#remaining.get(name);
    if (left === undefined) return;
    if (left > 1) {
      this.#remaining.set(name, left - 1);
      return;
    }
    this.#remaining.delete(name);
    process.kill(process.pid, 'SIGKILL');
  }
}

/** After a keyed business transaction (and its stored response) committed, before the response is sent. */
export const AFTER_KEYED_COMMIT = 'idempotency.after-commit';
