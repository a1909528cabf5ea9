import type { AdminSettlement, AuditEntry, Settlement } from '@namebourse/contract';
import type { PayeeRow } from './payees.repository.ts';
import type { SettlementRow } from './settlements.repository.ts';

/** A settlement as its owner sees it: what was asked, the fee, what arrives, and where. */
export function presentSettlement(row: SettlementRow): Settlement {
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
    requestedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A settlement as the review console shows it: the owner, the payee's bank details (wire) and the history. */
export function presentAdminSettlement(
  row: SettlementRow,
  owner: { accountNo: string; email: string },
  payee: PayeeRow | undefined,
  history: AuditEntry[],
): AdminSettlement {
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
  };
}
