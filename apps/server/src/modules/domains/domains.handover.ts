import type { DomainStatus } from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import { type DomainRow, findUserDomain, updateDomainIf } from './domains.repository.ts';
import { transferOutAllowedFrom } from './domains.rules.ts';

/** Statuses a domain can change hands in (a sale): not leaving, not lost, not waiting for the registry. */
const HANDOVER_STATUSES: readonly DomainStatus[] = ['normal', 'renewable'];

/**
 * A sale of a domain held here (a seller auction now; fixed-price and offer sales with issue 17):
 * the seller's My domains row becomes the buyer's, inside the caller's transaction — no registrar
 * transfer, both accounts are ours. Group, notes, the listed flag and any transfer code are the
 * seller's and go; the transfer-out wait starts again (a change of holder). Returns the buyer's row,
 * or undefined when the seller no longer holds it in a state that can change hands (the caller
 * refunds the buyer).
 */
export async function handOverDomain(
  tx: Tx,
  input: {
    domain: string;
    fromUserId: bigint;
    toUserId: bigint;
    orderId: string;
    /** The transfer-out wait in force (the transferOutWaitDays parameter); absent: its default (tests). */
    transferOutWaitDays?: number;
    now: Date;
  },
): Promise<DomainRow | undefined> {
  const row = await findUserDomain(tx, input.fromUserId, input.domain, { lock: true });
  if (!row || row.pendingOperation !== null || row.disputed) return undefined;
  return updateDomainIf(
    tx,
    row.id,
    { status: HANDOVER_STATUSES, pendingOperation: null },
    {
      userId: input.toUserId,
      groupId: null,
      notes: null,
      listed: false,
      orderId: input.orderId,
      acquiredAt: input.now,
      transferOutAllowedFrom: transferOutAllowedFrom(input.now, input.transferOutWaitDays),
      reclaimableUntil: null,
      authCodeHash: null,
      authCodeIssuedAt: null,
      authCodeExpiresAt: null,
      updatedAt: input.now,
    },
  );
}
