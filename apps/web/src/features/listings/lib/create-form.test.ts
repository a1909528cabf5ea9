import { describe, expect, it } from 'vitest';
import { createBody, emptyCreateForm, splitKeywords } from './create-form.ts';

describe('createBody', () => {
  it('turns dollar text into exact cents per mode', () => {
    const fixed = createBody({ ...emptyCreateForm('Alpha.com'), price: '1,234.56' }, 'en-US');
    expect(fixed.body).toEqual({ domain: 'alpha.com', mode: 'fixed', priceCents: 123_456, endOption: '3m' });
    const offer = createBody({ ...emptyCreateForm('a.com'), mode: 'offer', floor: '3', buyNow: '19.99' }, 'en-US');
    expect(offer.body).toMatchObject({ mode: 'offer', floorCents: 300, priceCents: 1_999 });
    const offerOpen = createBody({ ...emptyCreateForm('a.com'), mode: 'offer' }, 'en-US');
    expect(offerOpen.body).toEqual({ domain: 'a.com', mode: 'offer', endOption: '3m' });
  });

  it('refuses a price under $3.00, more than two decimals and a buy-now under the floor, in the reader’s language', () => {
    expect(createBody({ ...emptyCreateForm('a.com'), price: '2.99' }, 'en-US').errors).toEqual({
      price: 'The minimum listing price is $3.00',
    });
    expect(createBody({ ...emptyCreateForm('a.com'), price: '3.001' }, 'zh-CN').errors?.price).toBe(
      '请输入有效金额（最多两位小数）',
    );
    expect(
      createBody({ ...emptyCreateForm('a.com'), mode: 'offer', floor: '50', buyNow: '40' }, 'en-US').errors,
    ).toEqual({ buyNow: 'Invalid range: max must be ≥ min' });
    expect(createBody(emptyCreateForm('www.a.com'), 'en-US').errors?.domain).toBe(
      'Invalid domain format. Use dots (.) between parts. Exclude www.',
    );
  });

  it('splits keywords on either comma width and new lines', () => {
    expect(splitKeywords('brand, short，  ai\nshop,')).toEqual(['brand', 'short', 'ai', 'shop']);
  });
});
