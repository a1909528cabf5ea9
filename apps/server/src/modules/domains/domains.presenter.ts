import type { DomainStatus, LockStatus, MyDomain } from '@namebourse/contract';
import type { DomainRow } from './domains.repository.ts';

/** A row of My domains as the contract's MyDomain; every returned field listed. */
export function presentDomain(row: DomainRow): MyDomain {
  return {
    domainId: row.id.toString(),
    name: row.name,
    tld: row.tld,
    registrar: row.registrar,
    status: row.status as DomainStatus,
    lockStatus: row.lockStatus as LockStatus,
    registeredAt: row.registeredAt ? row.registeredAt.toISOString() : null,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    acquiredAt: row.acquiredAt.toISOString(),
    orderId: row.orderId,
    group: row.groupName,
    notes: row.notes,
  };
}
