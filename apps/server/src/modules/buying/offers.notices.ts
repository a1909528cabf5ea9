import type { MessageKind } from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import { notify } from '../messages/messages.service.ts';
import type { OfferRow } from './offers.repository.ts';
import type { OfferRole } from './offers.rules.ts';

/**
 * The messages of an offer's steps (messages.templates.trading.ts): each goes to the side that
 * must answer or learn of it, with a link to that side's offers list. Keyed by the history step, so
 * a retried step never tells twice and two steps at the same instant are both told.
 */

export const OFFER_LINKS: Record<OfferRole, string> = {
  buyer: '/console/offers',
  seller: '/console/offers?role=seller',
};

export interface OfferNotice {
  offer: OfferRow;
  kind: Extract<
    MessageKind,
    'offer_received' | 'offer_countered' | 'offer_accepted' | 'offer_rejected' | 'offer_expired'
  >;
  to: OfferRole;
  /** The history step it reports (its id keys the message). */
  eventId: bigint;
  by: OfferRole | 'system';
  orderId?: string | null;
  payBy?: Date | null;
  reason?: string;
  now: Date;
}

export async function notifyOffer(tx: Tx, notice: OfferNotice): Promise<void> {
  const { offer } = notice;
  await notify(tx, {
    userId: notice.to === 'buyer' ? offer.buyerId : offer.sellerId,
    kind: notice.kind,
    params: {
      offerId: offer.id.toString(),
      listingId: offer.listingId.toString(),
      domain: offer.domain,
      amountCents: offer.amountCents,
      by: notice.by,
      ...(notice.orderId ? { orderId: notice.orderId } : {}),
      ...(notice.payBy ? { payBy: notice.payBy.toISOString() } : {}),
      ...(notice.reason ? { reason: notice.reason } : {}),
    },
    link: OFFER_LINKS[notice.to],
    dedupeKey: `offer-event:${notice.eventId}:${notice.to}`,
    now: notice.now,
  });
}
