import type { TransactionLine } from '@namebourse/contract';

/** References the history names in the UI language ('Top-up R…', 'Order O…'). */
export const KNOWN_REFS = ['recharge', 'order', 'settlement', 'auction'] as const;
export type KnownRef = (typeof KNOWN_REFS)[number];

export interface LineDetails {
  /** The reference as a funds-namespace key and its id; null when the reference is not one the page knows. */
  ref: { key: `history.ref.${KnownRef}`; id: string } | null;
  /** The server's memo when it says more than the reference (a domain, an operator's reason), else ''. */
  note: string;
}

/** What the Details column of a ledger line shows. */
export function lineDetails(line: Pick<TransactionLine, 'refType' | 'refId' | 'memo'>): LineDetails {
  const memo = line.memo.trim();
  if (line.refType && line.refId && (KNOWN_REFS as readonly string[]).includes(line.refType)) {
    return {
      ref: { key: `history.ref.${line.refType as KnownRef}`, id: line.refId },
      note: memo && !memo.includes(line.refId) ? memo : '',
    };
  }
  return { ref: null, note: memo };
}
