import type { DomainTransfer, TransferDirection, TransferKind, TransferStatus } from '@namebourse/contract';
import type { TransferRow } from './domain-transfers.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A transfer row as the contract's DomainTransfer; every returned field listed. */
export function presentTransfer(row: TransferRow): DomainTransfer {
  const pendingOut = row.status === 'pending' && row.direction === 'out';
  return {
    transferId: row.id.toString(),
    domain: row.domain,
    direction: row.direction as TransferDirection,
    kind: row.kind as TransferKind,
    status: row.status as TransferStatus,
    reason: row.status === 'failed' || row.status === 'cancelled' ? row.reason : null,
    fromRegistrar: row.fromRegistrar,
    toRegistrar: row.toRegistrar,
    requestedAt: row.requestedAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    authCodeExpiresAt: row.direction === 'out' ? iso(row.authCodeExpiresAt) : null,
    cancelRequested: pendingOut && row.cancelRequested,
  };
}
