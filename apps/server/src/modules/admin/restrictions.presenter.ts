import {
  isRestrictionScope,
  type Restriction,
  type RestrictionNotice,
  type RestrictionScope,
  type RestrictionStatus,
} from '@namebourse/contract';
import type { RestrictionRow } from './restrictions.repository.ts';

/** The scopes of a row, in the contract's terms (unknown values, which the schema never writes, are dropped). */
function scopesOf(row: Pick<RestrictionRow, 'scopes'>): RestrictionScope[] {
  return row.scopes.filter(isRestrictionScope);
}

/**
 * Where a restriction stands at `now`: ended when its `until` came before it was lifted (the sweeper
 * records an end as a lift at `until`, by nobody), lifted when an operator (or a newer restriction)
 * lifted it first, active otherwise.
 */
export function restrictionStatus(row: Pick<RestrictionRow, 'until' | 'liftedAt'>, now: Date): RestrictionStatus {
  const stop = row.liftedAt ?? now;
  if (row.until && row.until.getTime() <= stop.getTime()) return 'ended';
  return row.liftedAt ? 'lifted' : 'active';
}

/** A restriction for the operator console; operators named by account number (`#id` once deleted). */
export function presentRestriction(
  row: RestrictionRow,
  now: Date,
  accountNoOf: (id: bigint | null) => string | null,
): Restriction {
  const status = restrictionStatus(row, now);
  return {
    restrictionId: row.id.toString(),
    scopes: scopesOf(row),
    reason: row.reason,
    until: row.until?.toISOString() ?? null,
    status,
    createdAt: row.createdAt.toISOString(),
    createdBy: accountNoOf(row.createdBy),
    liftedAt: status === 'active' ? null : ((row.liftedAt ?? row.until)?.toISOString() ?? null),
    liftedBy: status === 'lifted' ? accountNoOf(row.liftedBy) : null,
    liftReason: status === 'lifted' ? row.liftReason : null,
  };
}

/** What the restricted user is told (the banner, Account.Restricted's data): no operator names. */
export function presentRestrictionNotice(row: RestrictionRow): RestrictionNotice {
  return { scopes: scopesOf(row), reason: row.reason, until: row.until?.toISOString() ?? null };
}
