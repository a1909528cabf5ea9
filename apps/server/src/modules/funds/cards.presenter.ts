import type { BankCard } from '@namebourse/contract';
import type { BankCardRow } from './cards.repository.ts';

export function presentCard(row: BankCardRow): BankCard {
  return {
    cardId: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    holder: row.holder,
    createdAt: row.createdAt.toISOString(),
  };
}
