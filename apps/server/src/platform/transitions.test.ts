import {
  AUCTION_TRANSITIONS,
  type ErrorCode,
  ORDER_TRANSITIONS,
  PAYEE_TRANSITIONS,
  RECHARGE_TRANSITIONS,
  SETTLEMENT_TRANSITIONS,
} from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { assertTransition, canTransition, type TransitionTable } from './transitions.ts';

/** Every entity with a transition table, and the code its illegal moves answer with. */
const TABLES: [string, TransitionTable<string>, ErrorCode][] = [
  ['order', ORDER_TRANSITIONS, 'Order.InvalidTransition'],
  ['auction', AUCTION_TRANSITIONS, 'Auction.InvalidTransition'],
  ['payee', PAYEE_TRANSITIONS, 'Payee.InvalidTransition'],
  ['settlement', SETTLEMENT_TRANSITIONS, 'Settlement.InvalidTransition'],
  ['recharge', RECHARGE_TRANSITIONS, 'Recharge.InvalidTransition'],
];

describe('transition tables', () => {
  it.each(TABLES)('%s: every legal move passes, every other is a 409 with its own code', (_name, table, code) => {
    const statuses = Object.keys(table);
    for (const from of statuses) {
      for (const to of statuses) {
        const legal = (table[from] ?? []).includes(to);
        expect(canTransition(table, from, to), `${from} → ${to}`).toBe(legal);
        if (legal) {
          expect(() => assertTransition(table, from, to, code)).not.toThrow();
          continue;
        }
        let thrown: unknown;
        try {
          assertTransition(table, from, to, code);
        } catch (err) {
          thrown = err;
        }
        expect(thrown, `${from} → ${to}`).toBeInstanceOf(AppError);
        expect(thrown).toMatchObject({ code, status: 409, data: { from, to } });
      }
    }
  });

  it('each entity has its own code', () => {
    expect(new Set(TABLES.map(([, , code]) => code)).size).toBe(TABLES.length);
  });

  it('a status the table does not know moves nowhere', () => {
    expect(canTransition(ORDER_TRANSITIONS as TransitionTable<string>, 'nonsense', 'completed')).toBe(false);
  });
});
