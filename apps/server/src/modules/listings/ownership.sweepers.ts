import type { App } from '../../platform/app-context.ts';
import { applyOutcome, lookupProof } from './ownership.checks.ts';
import { claimDueRechecks, leaseRechecks, type ProofRow } from './ownership.repository.ts';

/** How long a claimed re-check holds its proof out of the due set while its DNS lookup runs. */
const RECHECK_LEASE_MS = 10 * 60_000;
/** DNS lookups of one batch in flight at once (the rest wait): we never hammer a resolver. */
const LOOKUP_CONCURRENCY = 8;

/**
 * Re-checks verified ownership proofs (issue 16), `listings.ownership.recheck`: due proofs
 * (`next_check_at <= now`) are claimed FOR UPDATE SKIP LOCKED and leased (their next check moved
 * RECHECK_LEASE_MS on) in the sweep's transaction; once it has committed, their TXT records are
 * asked of DNS outside any transaction, and each result is written in its own short transaction,
 * conditionally on the lease (so two instances never both apply a check, and a crash mid-check
 * only delays it to the lease's end). Outcomes: see applyOutcome (misses pause listings).
 */
export function registerOwnershipSweepers(app: App): void {
  app.platform.sweeper.register<ProofRow>({
    name: 'listings.ownership.recheck',
    batchSize: 50,
    claim: (tx, now, limit) => claimDueRechecks(tx, now, limit),
    applyBatch: async (tx, rows, now) => {
      const lease = new Date(now.getTime() + RECHECK_LEASE_MS);
      await leaseRechecks(
        tx,
        rows.map((r) => r.id),
        lease,
        now,
      );
      return () => recheckAll(app, rows, lease, now);
    },
    apply: async (tx, row, now) => {
      const lease = new Date(now.getTime() + RECHECK_LEASE_MS);
      await leaseRechecks(tx, [row.id], lease, now);
      return () => recheckAll(app, [row], lease, now);
    },
  });
}

async function recheckAll(app: App, rows: readonly ProofRow[], lease: Date, now: Date): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++] as ProofRow;
      try {
        await recheck(app, row, lease, now);
      } catch (err) {
        app.log.error({ err, proofId: row.id.toString() }, 'ownership re-check failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUP_CONCURRENCY, rows.length) }, worker));
}

async function recheck(app: App, row: ProofRow, lease: Date, now: Date): Promise<void> {
  const outcome = await lookupProof(app.platform.dns, row.domain, row.token);
  await app.platform.db.transaction(async (tx) => {
    await applyOutcome(tx, row, outcome, now, lease);
  });
}
