import { describe, expect, it } from 'vitest';
import type { PriceableRow } from './listings.batch.repository.ts';
import { changeOf, newPrice, priceOutcome } from './listings.batch-price.ts';

const row = (over: Partial<PriceableRow> = {}): PriceableRow => ({
  id: '1',
  domain: 'a.com',
  mode: 'fixed',
  status: 'on_sale',
  priceCents: 1000,
  floorCents: null,
  ...over,
});

describe('newPrice', () => {
  it('sets, adds or changes by a percentage in integer cents', () => {
    expect(newPrice(1000, { priceCents: 499 })).toBe(499);
    expect(newPrice(1000, { deltaCents: -250 })).toBe(750);
    expect(newPrice(1000, { percent: 10 })).toBe(1100);
    expect(newPrice(1000, { percent: -90 })).toBe(100);
    expect(newPrice(1000, { percent: 1000 })).toBe(11000);
  });

  it('rounds a percentage to the cent, half up', () => {
    // 10 % off $9.95 = $8.955 → $8.96; 10 % off $9.85 = $8.865 → $8.87.
    expect(newPrice(995, { percent: -10 })).toBe(896);
    expect(newPrice(985, { percent: -10 })).toBe(887);
    // +12.5 % of $3.01 = $3.38625 → $3.39; +33.333 % of $3.00 = $3.99999 → $4.00.
    expect(newPrice(301, { percent: 12.5 })).toBe(339);
    expect(newPrice(300, { percent: 33.333 })).toBe(400);
    // Below half rounds down: $3.49 + 1 % = $3.5249 → $3.52.
    expect(newPrice(349, { percent: 1 })).toBe(352);
    // 0.1 is not exact in binary floating point; cents stay exact.
    expect(newPrice(1000, { percent: 0.1 })).toBe(1001);
  });

  it('stays exact on the largest prices (no float error, no overflow)', () => {
    expect(newPrice(10_000_000_000, { percent: 1000 })).toBe(110_000_000_000);
    expect(newPrice(9_999_999_999, { percent: -33.333333 })).toBe(6_666_666_699);
  });

  it('takes the one change the body asks for', () => {
    expect(changeOf({ percent: 5 })).toEqual({ percent: 5 });
    expect(changeOf({ deltaCents: -100 })).toEqual({ deltaCents: -100 });
    expect(changeOf({ priceCents: 300 })).toEqual({ priceCents: 300 });
  });
});

describe('priceOutcome', () => {
  it('changes fixed prices and offer buy-now prices in the editable statuses', () => {
    for (const status of ['on_sale', 'modification_review', 'pending_review', 'review_failed', 'supplement_required']) {
      expect(priceOutcome(row({ status }), { deltaCents: 100 })).toEqual({
        ok: true,
        oldPriceCents: 1000,
        newPriceCents: 1100,
      });
    }
    expect(priceOutcome(row({ mode: 'offer', floorCents: 500 }), { percent: -50 })).toMatchObject({
      ok: true,
      newPriceCents: 500,
    });
  });

  it('refuses what is not mine, not editable, auctions and offers without a buy-now price', () => {
    expect(priceOutcome(undefined, { percent: 5 })).toEqual({ ok: false, code: 'Listing.NotFound' });
    for (const status of ['off_shelf', 'selling', 'sold', 'expired']) {
      expect(priceOutcome(row({ status }), { percent: 5 })).toEqual({ ok: false, code: 'Listing.NotEditable' });
    }
    expect(priceOutcome(row({ mode: 'auction', priceCents: null }), { priceCents: 500 })).toMatchObject({
      code: 'Listing.NotEditable',
    });
    expect(priceOutcome(row({ mode: 'offer', priceCents: null }), { priceCents: 500 })).toMatchObject({
      code: 'Listing.NotEditable',
    });
  });

  it('refuses a result below $3.00, above the maximum, or an offer price below its floor', () => {
    expect(priceOutcome(row({ priceCents: 320 }), { deltaCents: -21 })).toEqual({
      ok: false,
      code: 'Request.Invalid',
      message: 'priceTooLow',
    });
    expect(priceOutcome(row({ priceCents: 320 }), { deltaCents: -20 })).toMatchObject({ ok: true, newPriceCents: 300 });
    // $3.33 − 10 % = $2.997 → $3.00 (rounds up to the minimum); $3.30 − 10 % = $2.97.
    expect(priceOutcome(row({ priceCents: 333 }), { percent: -10 })).toMatchObject({ ok: true, newPriceCents: 300 });
    expect(priceOutcome(row({ priceCents: 330 }), { percent: -10 })).toMatchObject({ message: 'priceTooLow' });
    expect(priceOutcome(row({ priceCents: 9_000_000_000 }), { percent: 20 })).toMatchObject({ message: 'tooBig' });
    expect(priceOutcome(row({ mode: 'offer', floorCents: 900 }), { percent: -20 })).toMatchObject({
      message: 'rangeInvalid',
    });
  });
});
