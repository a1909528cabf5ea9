import { randomBytes } from 'node:crypto';
import { type BankCard, FUNDS_LIMITS } from '@namebourse/contract';
import type { FastifyInstance } from 'fastify';
import type { CardDetails } from '../../adapters/payments/port.ts';
import type { Tx } from '../../db/open-database.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { recordAudit } from '../admin/audit.service.ts';
import { presentCard } from './cards.presenter.ts';
import {
  type BankCardRow,
  countActiveCards,
  findActiveCard,
  insertCard,
  listActiveCards,
  lockCardsOf,
  markCardRemoved,
} from './cards.repository.ts';

type FundsApp = Pick<FastifyInstance, 'platform'>;

/**
 * Bank cards saved with the payment provider (spec §2 funds: bank cards). The provider keeps the
 * card; we keep its token and what may be shown (brand, last 4, expiry, holder), at most
 * FUNDS_LIMITS.cardsMax per account. A card is saved when a top-up paid with it succeeds and the
 * user asked the provider's page to keep it.
 */

/** The customer at the provider for one of our users. */
export function customerRefOf(userId: bigint): string {
  return `cus_nb${userId}`;
}

export async function listCards(app: FundsApp, userId: bigint): Promise<BankCard[]> {
  return (await listActiveCards(app.platform.db, userId)).map(presentCard);
}

/** The user's saved card, or Funds.CardNotFound. */
export async function getActiveCard(app: FundsApp, userId: bigint, cardId: string): Promise<BankCardRow> {
  const card = await findActiveCard(app.platform.db, userId, cardId);
  if (!card || card.provider !== app.platform.payments.name) throw new AppError('Funds.CardNotFound');
  return card;
}

/** Removes a saved card: detached at the provider first (so it can no longer be charged), then here. */
export async function removeCard(app: FundsApp, user: Pick<AuthUser, 'id' | 'role'>, cardId: string) {
  const { db, clock, payments } = app.platform;
  const card = await findActiveCard(db, user.id, cardId);
  if (!card) throw new AppError('Funds.CardNotFound');
  if (card.provider === payments.name) await payments.detachCard(customerRefOf(user.id), card.providerToken);
  await db.transaction(async (tx) => {
    const now = clock.now();
    if (!(await markCardRemoved(tx, user.id, cardId, now))) return;
    await recordAudit(tx, { entityType: 'bank_card', entityId: cardId, action: 'remove', actor: user, now });
  });
  return listCards(app, user.id);
}

/**
 * Saves the card a successful payment carried (inside the webhook's transaction). Returns the
 * provider token to detach once committed when the account already has the most cards it may keep.
 */
export async function saveCardFromPayment(
  tx: Tx,
  input: { userId: bigint; provider: string; card: CardDetails & { token: string }; now: Date },
): Promise<{ saved: boolean; detachToken: string | null }> {
  await lockCardsOf(tx, input.userId);
  if ((await countActiveCards(tx, input.userId)) >= FUNDS_LIMITS.cardsMax) {
    return { saved: false, detachToken: input.card.token };
  }
  const saved = await insertCard(tx, {
    id: `BC${randomBytes(8).toString('hex').toUpperCase()}`,
    userId: input.userId,
    provider: input.provider,
    providerToken: input.card.token,
    brand: input.card.brand,
    last4: input.card.last4,
    expMonth: input.card.expMonth,
    expYear: input.card.expYear,
    holder: input.card.holder,
    createdAt: input.now,
  });
  return { saved, detachToken: null };
}
