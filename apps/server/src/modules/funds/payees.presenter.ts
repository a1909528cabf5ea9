import { type AdminPayee, type AuditEntry, FUNDS_LIMITS, type Payee, type PayeeFile } from '@namebourse/contract';
import type { PayeeFileMeta, PayeeRow } from './payees.repository.ts';

const DAY_MS = 24 * 3600 * 1000;

/** An account number as shown outside the review console: only the last 4 characters. */
export function maskAccountNumber(accountNumber: string | null): string | null {
  if (accountNumber === null) return null;
  return `****${accountNumber.slice(-4)}`;
}

/** How a payee is named on a settlement (snapshot at application): name, bank and masked account. */
export function payeeLabel(row: PayeeRow): string {
  if (row.type === 'paypal') return `${row.name} · PayPal ${row.paypalAccount ?? ''}`.trim();
  return [row.name, row.bankName, maskAccountNumber(row.accountNumber)].filter(Boolean).join(' · ');
}

export function isInReview(status: PayeeRow['status']): boolean {
  return status === 'pending_review' || status === 'supplement_submitted';
}

export function presentPayeeFile(file: PayeeFileMeta): PayeeFile {
  return {
    fileId: file.id,
    fileName: file.fileName,
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    url: `/api/funds/payees/files/${encodeURIComponent(file.id)}`,
  };
}

/** A payee as its owner sees it (account number masked). */
export function presentPayee(row: PayeeRow, files: PayeeFileMeta[]): Payee {
  return {
    payeeId: row.id,
    type: row.type,
    status: row.status,
    name: row.name,
    bankName: row.bankName,
    accountNumber: maskAccountNumber(row.accountNumber),
    accountType: row.accountType,
    swiftCode: row.swiftCode,
    address: row.address,
    businessRegistrationNumber: row.businessRegistrationNumber,
    idNumber: row.idNumber,
    signatory: row.signatory,
    paypalAccount: row.paypalAccount,
    files: files.filter((f) => f.payeeId === row.id).map(presentPayeeFile),
    reviewNote: row.reviewNote,
    canEdit: row.status !== 'approved',
    submittedAt: row.submittedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reviewDueAt: isInReview(row.status)
      ? new Date(row.submittedAt.getTime() + FUNDS_LIMITS.payeeReviewDays * DAY_MS).toISOString()
      : null,
  };
}

/** One recorded change; `actor` is the acting account's number, or 'system'. */
/** A payee as the review console shows it: the owner, the whole account number and the history. */
export function presentAdminPayee(
  row: PayeeRow,
  files: PayeeFileMeta[],
  owner: { accountNo: string; email: string },
  history: AuditEntry[],
): AdminPayee {
  return {
    ...presentPayee(row, files),
    accountNo: owner.accountNo,
    email: owner.email,
    accountNumberFull: row.accountNumber,
    history,
  };
}
