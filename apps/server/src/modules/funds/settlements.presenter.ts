import type { AuditEntry, QueuedSettlement, QueueState, SettlementRecord } from '@namebourse/contract';
import type { PayeeRow } from './payees.repository.ts';
import type { SettlementRow } from './settlements.repository.ts';

/** A settlement as its owner sees it: what was asked, the fee, what arrives, where, and the bank's reference of a paid wire. */
export function presentSettlement(row: SettlementRow): SettlementRecord {
  return {
    settlementId: row.id,
    amountCents: row.amountCents,
    feeCents: row.feeCents,
    netCents: row.amountCents - row.feeCents,
    currency: 'USD',
    target: row.target,
    payee: row.payeeLabel,
    note: row.note,
    status: row.status,
    failureReason: row.failureReason,
    bankReference: row.bankReference,
    requestedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A settlement as the review console shows it: the owner, the payee's bank details (wire), the history and
 * its queue state (reviewer, age).
 */
export function presentAdminSettlement(
  row: SettlementRow,
  owner: { accountNo: string; email: string },
  payee: PayeeRow | undefined,
  history: AuditEntry[],
  queue: QueueState,
): QueuedSettlement {
  return {
    ...presentSettlement(row),
    accountNo: owner.accountNo,
    email: owner.email,
    payeeDetails:
      row.target === 'wire' && payee
        ? {
            name: payee.name,
            bankName: payee.bankName,
            accountNumber: payee.accountNumber,
            swiftCode: payee.swiftCode,
            address: payee.address,
          }
        : null,
    history,
    queue,
  };
}
