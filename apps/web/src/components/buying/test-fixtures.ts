import { type BuyResult, type MarketMine, type Offer, OfferSchema } from '@namebourse/contract';

/** Test data of buying (the contract's shapes). */
export function mineFixture(patch: Partial<MarketMine> = {}): MarketMine {
  return { isWatched: false, inCart: false, isOwn: false, offer: null, availableBalanceCents: 500_000, ...patch };
}

export function buyResultFixture(patch: Partial<BuyResult> = {}): BuyResult {
  return {
    orderId: 'O77',
    status: 'paid_awaiting_delivery',
    paid: true,
    domain: 'cloudshop.com',
    priceCents: 129_900,
    taxCents: 7_794,
    amountCents: 137_694,
    shortfallCents: 0,
    payBy: null,
    ...patch,
  };
}

export function offerFixture(patch: Partial<Offer> = {}): Offer {
  return OfferSchema.parse({
    offerId: 'F1',
    listingId: '11',
    domain: 'cloudshop.com',
    status: 'open',
    role: 'buyer',
    amountCents: 50_000,
    lastBy: 'buyer',
    floorCents: 40_000,
    listingPriceCents: null,
    counterparty: 'NB****21',
    canAccept: false,
    canReject: true,
    canCounter: false,
    commissionBps: 500,
    commissionCents: 2_500,
    netCents: 47_500,
    taxCents: 3_000,
    totalCents: 53_000,
    expiresAt: '2026-12-04T02:00:00.000Z',
    orderId: null,
    orderStatus: null,
    history: [{ action: 'offered', by: 'buyer', amountCents: 50_000, at: '2026-11-27T02:00:00.000Z' }],
    createdAt: '2026-11-27T02:00:00.000Z',
    updatedAt: '2026-11-27T02:00:00.000Z',
    ...patch,
  });
}
