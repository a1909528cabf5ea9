import { LISTING_RULES, type Locale, type Ownership, ownershipRecordName } from '@namebourse/contract';
import { DnsLookupError, type DnsPort } from '../../adapters/dns/dns.ts';
import type { Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { pauseForOwnership, resumeAfterOwnership } from './listings.pauses.ts';
import {
  type OwnershipReason,
  ownershipRecordValue,
  presentHeldHere,
  presentOwnership,
} from './ownership.presenter.ts';
import { findProof, type ProofRow, updateProofIf } from './ownership.repository.ts';
import { ensureProof, heldHere } from './ownership.service.ts';

/*
 * Checks of ownership proofs (issue 16): the user's "check now" and the sweeper's re-checks. DNS
 * is always asked OUTSIDE any transaction; the result is then written with a conditional update,
 * so a result that arrives after the proof changed (a new token, another check) is dropped. Apart
 * from ownership.service.ts because it pauses and resumes listings (listings.service.ts, which
 * itself reads verified proofs from ownership.service.ts).
 */

const HOUR_MS = 3_600_000;
/** A re-check that met a DNS outage (timeout, unreachable) is tried again this much later (not a miss). */
export const OWNERSHIP_TRANSIENT_RETRY_MS = LISTING_RULES.ownershipOutageRetryMinutes * 60_000;

/** What a DNS check found: the token, a miss (DNS answered without it) or an outage. */
export type CheckOutcome =
  | { kind: 'found' }
  | { kind: 'miss'; reason: Extract<OwnershipReason, 'nxdomain' | 'no_record' | 'wrong_token'> }
  | { kind: 'transient'; reason: Extract<OwnershipReason, 'timeout' | 'unreachable'> };

/** Asks DNS for the proof's TXT record (never inside a transaction) and says what it found. */
export async function lookupProof(dns: DnsPort, domain: string, token: string): Promise<CheckOutcome> {
  const expected = ownershipRecordValue(token);
  let records: string[];
  try {
    records = await dns.resolveTxt(ownershipRecordName(domain));
  } catch (error) {
    if (!(error instanceof DnsLookupError)) throw error;
    if (error.failure === 'nxdomain') return { kind: 'miss', reason: 'nxdomain' };
    return { kind: 'transient', reason: error.failure };
  }
  const values = records.map((r) => r.trim());
  if (values.includes(expected)) return { kind: 'found' };
  return { kind: 'miss', reason: values.length === 0 ? 'no_record' : 'wrong_token' };
}

/**
 * POST /api/ownership/:domain: checks the record now. A failed check is a normal answer (status
 * `failed` with the reason), not an error: the page shows why. On a verified proof a failed check
 * counts as a miss like the sweeper's (see applyOutcome).
 */
export async function checkOwnership(app: App, userId: bigint, domain: string, locale: Locale): Promise<Ownership> {
  const held = await heldHere(app, userId, domain);
  if (held) return presentHeldHere(domain, held.acquiredAt, locale);
  const { row, renewed } = await ensureProof(app, userId, domain);
  // A token just replaced cannot be published yet: show the new one without asking DNS.
  if (renewed) return presentOwnership(row, locale);
  const outcome = await lookupProof(app.platform.dns, domain, row.token);
  const now = app.platform.clock.now();
  const result = await app.platform.db.transaction(async (tx) => {
    const current = await findProof(tx, userId, domain, { forUpdate: true });
    // Replaced meanwhile (a new token): this lookup asked for the old one.
    if (!current || current.token !== row.token) return current;
    return applyOutcome(tx, current, outcome, now);
  });
  return presentOwnership(result ?? row, locale);
}

/**
 * Writes a check's outcome on a proof read (or locked) in `tx`, conditionally on it unchanged.
 * - found: verified, misses 0, next check in ownershipRecheckHours; a proof that had been verified
 *   and then failed (its listings paused) resumes its listings.
 * - miss on a pending/failed proof: failed with the reason.
 * - miss on a verified proof: one more miss; at ownershipMissesToPause in a row it fails and its
 *   listings are paused (with the message); before that, the next check as usual.
 * - outage on a pending/failed proof: failed with the reason (the user may try again).
 * - outage on a verified proof: not a miss; tried again in OWNERSHIP_TRANSIENT_RETRY_MS.
 * Returns the row as written, or undefined when the proof changed meanwhile (nothing written).
 */
export async function applyOutcome(
  tx: Tx,
  row: ProofRow,
  outcome: CheckOutcome,
  now: Date,
  /** The sweeper's lease: write only if the proof's next check is still this. */
  lease?: Date,
): Promise<ProofRow | undefined> {
  const seen = lease ? { ...row, nextCheckAt: lease } : row;
  const recheckAt = new Date(now.getTime() + LISTING_RULES.ownershipRecheckHours * HOUR_MS);
  const base = { lastCheckedAt: now, updatedAt: now };
  if (outcome.kind === 'found') {
    const written = await updateProofIf(tx, seen, {
      ...base,
      status: 'verified',
      verifiedAt: row.status === 'verified' && row.verifiedAt ? row.verifiedAt : now,
      nextCheckAt: recheckAt,
      misses: 0,
      reason: null,
    });
    if (written && row.status === 'failed' && row.verifiedAt !== null) {
      await resumeAfterOwnership(tx, row.userId, row.domain, now);
    }
    return written;
  }
  if (row.status !== 'verified') {
    return updateProofIf(tx, seen, { ...base, status: 'failed', reason: outcome.reason, nextCheckAt: null });
  }
  if (outcome.kind === 'transient') {
    return updateProofIf(tx, seen, {
      ...base,
      reason: outcome.reason,
      nextCheckAt: new Date(now.getTime() + OWNERSHIP_TRANSIENT_RETRY_MS),
    });
  }
  const misses = row.misses + 1;
  if (misses < LISTING_RULES.ownershipMissesToPause) {
    return updateProofIf(tx, seen, { ...base, misses, reason: outcome.reason, nextCheckAt: recheckAt });
  }
  const written = await updateProofIf(tx, seen, {
    ...base,
    status: 'failed',
    misses,
    reason: outcome.reason,
    nextCheckAt: null,
  });
  if (written) await pauseForOwnership(tx, row.userId, row.domain, now);
  return written;
}
