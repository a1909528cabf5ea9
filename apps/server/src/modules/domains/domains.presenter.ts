import {
  type DomainGroup,
  type DomainOperation,
  type DomainOperationKind,
  type DomainStatus,
  type LockStatus,
  type MyDomain,
  tldPrice,
} from '@namebourse/contract';
import type { DomainListRow, GroupRow, OperationRow } from './domains.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A row of My domains as the contract's MyDomain; every returned field listed. `now` (the
 * server's clock) hides a reclaim window that has passed.
 */
export function presentDomain(row: DomainListRow, now?: Date): MyDomain {
  const price = tldPrice(row.tld);
  return {
    domainId: row.id.toString(),
    name: row.name,
    tld: row.tld,
    registrar: row.registrar,
    status: row.status as DomainStatus,
    lockStatus: row.lockStatus as LockStatus,
    registeredAt: iso(row.registeredAt),
    expiresAt: iso(row.expiresAt),
    acquiredAt: row.acquiredAt.toISOString(),
    orderId: row.orderId,
    groupId: row.groupId === null ? null : row.groupId.toString(),
    group: row.groupName,
    notes: row.notes,
    transferOutAllowedFrom: row.transferOutAllowedFrom.toISOString(),
    reclaimableUntil:
      row.reclaimableUntil && (!now || row.reclaimableUntil > now) ? row.reclaimableUntil.toISOString() : null,
    renewalPriceCents: price.renewalCents,
    redemptionPriceCents: price.redemptionCents,
    redeemable: row.status === 'in_redemption' && row.pendingOperation === null,
    listed: row.listed,
    pendingOperation: (row.pendingOperation as DomainOperationKind | null) ?? null,
    authCodeExpiresAt: row.status === 'transferring_out' ? iso(row.authCodeExpiresAt) : null,
  };
}

export function presentGroup(row: GroupRow & { domainCount: number }): DomainGroup {
  return {
    groupId: row.id.toString(),
    name: row.name,
    description: row.description,
    domainCount: row.domainCount,
  };
}

export function presentOperation(row: OperationRow): DomainOperation {
  return {
    operationId: row.id.toString(),
    kind: row.kind as DomainOperationKind,
    status: row.status as DomainOperation['status'],
    reason: row.status === 'failed' ? row.reason : null,
    requestedAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
  };
}
