import { BUYING_RULES } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import {
  abilitiesOf,
  counterProblem,
  minimumOffer,
  type OfferListing,
  offerExpiresAt,
  offerProblem,
  statusAt,
  stepOf,
  turnOf,
} from './offers.rules.ts';

const NOW = new Date('2026-03-01T00:00:00Z');
const LISTING: OfferListing = {
  status: 'on_sale',
  paused: false,
  mode: 'offer',
  priceCents: 50_000,
  floorCents: 10_000,
};

describe('offer rules', () => {
  it('an open offer awaits the seller, a countered one the buyer, a closed one nobody', () => {
    expect(turnOf('open')).toBe('seller');
    expect(turnOf('countered')).toBe('buyer');
    for (const closed of ['accepted', 'rejected', 'expired'] as const) expect(turnOf(closed)).toBeNull();
  });

  it('the side whose turn it is accepts, rejects or counters; the buyer’s counter is offering again', () => {
    expect(stepOf('seller', 'accept', 'open')).toEqual({ to: 'accepted', action: 'accepted' });
    expect(stepOf('seller', 'reject', 'open')).toEqual({ to: 'rejected', action: 'rejected' });
    expect(stepOf('seller', 'counter', 'open')).toEqual({ to: 'countered', action: 'countered' });
    expect(stepOf('buyer', 'accept', 'countered')).toEqual({ to: 'accepted', action: 'accepted' });
    expect(stepOf('buyer', 'reject', 'countered')).toEqual({ to: 'rejected', action: 'rejected' });
    expect(stepOf('buyer', 'counter', 'countered')).toEqual({ to: 'open', action: 'offered' });
  });

  it('the buyer may withdraw their own open offer', () => {
    expect(stepOf('buyer', 'reject', 'open')).toEqual({ to: 'rejected', action: 'withdrawn' });
  });

  it('the other side is told it is not their turn; a closed offer cannot move', () => {
    expect(stepOf('buyer', 'accept', 'open')).toEqual({ error: 'Offer.NotYourTurn' });
    expect(stepOf('buyer', 'counter', 'open')).toEqual({ error: 'Offer.NotYourTurn' });
    expect(stepOf('seller', 'accept', 'countered')).toEqual({ error: 'Offer.NotYourTurn' });
    expect(stepOf('seller', 'counter', 'countered')).toEqual({ error: 'Offer.NotYourTurn' });
    expect(stepOf('seller', 'reject', 'countered')).toEqual({ error: 'Offer.NotYourTurn' });
    for (const closed of ['accepted', 'rejected', 'expired'] as const) {
      for (const role of ['buyer', 'seller'] as const) {
        expect(stepOf(role, 'accept', closed)).toEqual({ error: 'Offer.InvalidTransition' });
        expect(stepOf(role, 'reject', closed)).toEqual({ error: 'Offer.InvalidTransition' });
      }
    }
  });

  it('an offer past its expiry reads as expired before the sweeper gets to it', () => {
    const expiresAt = offerExpiresAt(NOW);
    expect(expiresAt.getTime() - NOW.getTime()).toBe(BUYING_RULES.offerExpiryDays * 86_400_000);
    expect(statusAt({ status: 'open', expiresAt }, new Date(expiresAt.getTime() - 1))).toBe('open');
    expect(statusAt({ status: 'countered', expiresAt }, expiresAt)).toBe('expired');
    expect(statusAt({ status: 'accepted', expiresAt }, new Date(expiresAt.getTime() + 1))).toBe('accepted');
  });

  it('a buyer’s amount: at least the floor (Offer.BelowFloor) and the platform’s minimum', () => {
    expect(minimumOffer({ floorCents: null })).toBe(BUYING_RULES.minOfferCents);
    expect(minimumOffer({ floorCents: 10_000 })).toBe(10_000);
    expect(offerProblem(9_999, LISTING)).toEqual({ code: 'Offer.BelowFloor', floorCents: 10_000 });
    expect(offerProblem(10_000, LISTING)).toBeNull();
    expect(offerProblem(BUYING_RULES.minOfferCents - 1, { floorCents: null })).toEqual({ field: 'priceTooLow' });
    expect(offerProblem(BUYING_RULES.minOfferCents, { floorCents: null })).toBeNull();
  });

  it('a seller’s counter: above the buyer’s amount, at most the buy-now price', () => {
    expect(counterProblem(12_000, 12_000, 50_000)).toMatchObject({ field: 'tooSmall', params: { min: '$120.01' } });
    expect(counterProblem(12_001, 12_000, 50_000)).toBeNull();
    expect(counterProblem(50_000, 12_000, 50_000)).toBeNull();
    expect(counterProblem(50_001, 12_000, 50_000)).toMatchObject({ field: 'tooBig', params: { max: '$500.00' } });
    expect(counterProblem(900_000, 12_000, null)).toBeNull();
    expect(counterProblem(BUYING_RULES.minOfferCents - 1, 0, null)).toEqual({ field: 'priceTooLow' });
  });

  it('what each side may do now', () => {
    const offer = { amountCents: 12_000 };
    expect(abilitiesOf('seller', 'open', offer, LISTING)).toEqual({
      canAccept: true,
      canReject: true,
      canCounter: true,
    });
    expect(abilitiesOf('buyer', 'open', offer, LISTING)).toEqual({
      canAccept: false,
      canReject: true,
      canCounter: false,
    });
    expect(abilitiesOf('buyer', 'countered', offer, LISTING)).toEqual({
      canAccept: true,
      canReject: true,
      canCounter: true,
    });
    expect(abilitiesOf('seller', 'countered', offer, LISTING)).toEqual({
      canAccept: false,
      canReject: false,
      canCounter: false,
    });
    // Nothing above the buy-now price to counter with; a listing no longer on sale cannot be bought.
    expect(abilitiesOf('seller', 'open', { amountCents: 50_000 }, LISTING).canCounter).toBe(false);
    expect(abilitiesOf('seller', 'open', offer, { ...LISTING, status: 'selling' }).canAccept).toBe(false);
    expect(abilitiesOf('buyer', 'countered', offer, { ...LISTING, paused: true })).toMatchObject({
      canAccept: false,
      canCounter: false,
    });
    expect(abilitiesOf('seller', 'expired', offer, LISTING)).toEqual({
      canAccept: false,
      canReject: false,
      canCounter: false,
    });
  });
});
