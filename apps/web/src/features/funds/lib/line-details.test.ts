import { describe, expect, it } from 'vitest';
import { lineDetails } from './line-details.ts';

describe('lineDetails', () => {
  it('names known references and drops a memo that only repeats them', () => {
    expect(lineDetails({ refType: 'recharge', refId: 'R1', memo: 'Top-up R1 (card visa •••• 4242)' })).toEqual({
      ref: { key: 'history.ref.recharge', id: 'R1' },
      note: '',
    });
  });

  it('keeps a memo that adds something (the domain of an order)', () => {
    expect(lineDetails({ refType: 'order', refId: 'O7', memo: 'example.com' })).toEqual({
      ref: { key: 'history.ref.order', id: 'O7' },
      note: 'example.com',
    });
  });

  it('falls back to the memo for other references (an operator adjustment)', () => {
    expect(lineDetails({ refType: 'user', refId: '42', memo: 'Goodwill credit' })).toEqual({
      ref: null,
      note: 'Goodwill credit',
    });
    expect(lineDetails({ refType: null, refId: null, memo: '' })).toEqual({ ref: null, note: '' });
  });
});
