import type { ErrorCode } from '@namebourse/contract';
import { AppError } from './errors.ts';

/** A transition table: from each status, the statuses it may move to (DESIGN.md §2). */
export type TransitionTable<S extends string> = Readonly<Record<S, readonly S[]>>;

export function canTransition<S extends string>(table: TransitionTable<S>, from: S, to: S): boolean {
  return table[from]?.includes(to) ?? false;
}

/**
 * Every status change goes through its entity's table: an illegal move is an error (409 with the
 * entity's own code: Order.InvalidTransition, Auction.InvalidTransition, Payee.InvalidTransition …),
 * never a silent write. Services call this before updating the row (and the update itself is
 * conditional on `from`, so a concurrent change cannot slip between).
 */
export function assertTransition<S extends string>(table: TransitionTable<S>, from: S, to: S, code: ErrorCode): void {
  if (!canTransition(table, from, to)) throw new AppError(code, { data: { from, to } });
}
