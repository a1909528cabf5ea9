import { MAX_ROW_ID } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { enginesFor, suiteContext } from '../../../test/helpers.ts';
import type { SignedIn } from '../orders/orders.test-support.ts';
import { asUser, buildBuyingTestApp, fundedBuyer } from './buying.test-support.ts';

/**
 * Listing ids beyond PostgreSQL's bigint: 19 digits passed the old /^\d{1,19}$/ check and reached SQL,
 * where "bigint out of range" answered 500. They must get the answer a malformed id gets (a localised 4xx).
 */
const OVER_BIGINT = '9223372036854775808';
const TOO_LONG = '99999999999999999999';

type Call = (buyer: SignedIn, id: string, locale: string) => ReturnType<typeof asUser>;

describe.each(enginesFor('sql'))('listing ids beyond bigint, buying (%s)', (engine) => {
  const t = suiteContext(() => buildBuyingTestApp(engine), 120_000);

  const calls: [string, Call][] = [
    [
      'buy now',
      (buyer, id, locale) => asUser(t, buyer, 'POST', `/api/listings/${id}/buy`, {}, { 'accept-language': locale }),
    ],
    [
      'add to the cart',
      (buyer, id, locale) => asUser(t, buyer, 'POST', '/api/cart', { listingId: id }, { 'accept-language': locale }),
    ],
    [
      'remove from the cart',
      (buyer, id, locale) => asUser(t, buyer, 'DELETE', `/api/cart/${id}`, undefined, { 'accept-language': locale }),
    ],
    [
      'check out',
      (buyer, id, locale) =>
        asUser(
          t,
          buyer,
          'POST',
          '/api/cart/checkout',
          { items: [{ listingId: id, priceCents: 10_000 }] },
          { 'accept-language': locale },
        ),
    ],
  ];

  it.each(calls)('%s: answers an overlarge id as a malformed one, in the reader’s language', async (_name, call) => {
    const buyer = await fundedBuyer(t, 100_000);
    const malformed = await call(buyer, 'abc', 'en-US');
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect(malformed.json().code).toBe('Request.Invalid');
    for (const id of [OVER_BIGINT, TOO_LONG]) {
      const en = await call(buyer, id, 'en-US');
      expect(en.statusCode, en.body).toBe(malformed.statusCode);
      expect(en.json()).toMatchObject({ code: malformed.json().code, message: malformed.json().message });
      const zh = await call(buyer, id, 'zh-CN');
      expect(zh.statusCode, zh.body).toBe(malformed.statusCode);
      expect(zh.json().code).toBe(malformed.json().code);
      expect(zh.json().message).not.toBe(en.json().message);
      expect(zh.json().message).toMatch(/\p{Script=Han}/u);
    }
  });

  it('an id at the bigint maximum reaches the database and is simply not there', async () => {
    const buyer = await fundedBuyer(t, 100_000);
    const buy = await asUser(t, buyer, 'POST', `/api/listings/${MAX_ROW_ID}/buy`, {});
    expect(buy.statusCode, buy.body).toBe(400);
    expect(buy.json()).toMatchObject({ code: 'Commodity.PurchaseFailed', data: { reason: 'unavailable' } });
    const add = await asUser(t, buyer, 'POST', '/api/cart', { listingId: MAX_ROW_ID });
    expect(add.statusCode, add.body).toBe(400);
    expect(add.json()).toMatchObject({ code: 'Commodity.PurchaseFailed', data: { reason: 'unavailable' } });
    const remove = await asUser(t, buyer, 'DELETE', `/api/cart/${MAX_ROW_ID}`);
    expect(remove.statusCode, remove.body).toBe(404);
    expect(remove.json().code).toBe('Cart.NotInCart');
  });
});
