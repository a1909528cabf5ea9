import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  canSettle,
  canSettleByWire,
  centsToInput,
  settlementFormSchema,
  settlementPreview,
  WIRE_NOT_APPROVED,
} from './settlement-form.ts';

const rule = { settlementMinCents: 5_000, settlementFeeCents: 100 };
const ctx = { earningsCents: 12_345, wireApproved: true, rule };

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('settlementFormSchema', () => {
  it('turns dollars into integer cents and leaves a blank note out', () => {
    expect(settlementFormSchema(ctx).parse({ amount: '50', target: 'balance', note: '  ' })).toEqual({
      amountCents: 5_000,
      target: 'balance',
      note: undefined,
    });
    expect(settlementFormSchema(ctx).parse({ amount: '123.45', target: 'wire', note: ' rent ' })).toEqual({
      amountCents: 12_345,
      target: 'wire',
      note: 'rent',
    });
  });

  it('needs at least $50 and no more than the available earnings', () => {
    const schema = settlementFormSchema(ctx);
    expect(issues(schema.safeParse({ amount: '49.99', target: 'balance', note: '' }))).toEqual({
      amount: 'settlementMin',
    });
    expect(issues(schema.safeParse({ amount: '123.46', target: 'balance', note: '' }))).toEqual({
      amount: 'settlementMax',
    });
    expect(issues(schema.safeParse({ amount: '', target: 'balance', note: '' }))).toEqual({ amount: 'required' });
    expect(issues(schema.safeParse({ amount: '50.001', target: 'balance', note: '' }))).toEqual({
      amount: 'amountInvalid',
    });
    expect(issues(schema.safeParse({ amount: '-50', target: 'balance', note: '' }))).toEqual({
      amount: 'amountInvalid',
    });
  });

  it('refuses wire without an approved wire payee', () => {
    const schema = settlementFormSchema({ ...ctx, wireApproved: false });
    expect(issues(schema.safeParse({ amount: '60', target: 'wire', note: '' }))).toEqual({ target: WIRE_NOT_APPROVED });
    expect(schema.safeParse({ amount: '60', target: 'balance', note: '' }).success).toBe(true);
  });

  it('limits the note to 200 characters', () => {
    const schema = settlementFormSchema(ctx);
    expect(schema.safeParse({ amount: '60', target: 'balance', note: 'x'.repeat(200) }).success).toBe(true);
    expect(Object.keys(issues(schema.safeParse({ amount: '60', target: 'balance', note: 'x'.repeat(201) })))).toEqual([
      'note',
    ]);
  });
});

describe('settlementPreview', () => {
  it('shows the $1 fee and the net amount live', () => {
    expect(settlementPreview('50', 100)).toEqual({ amountCents: 5_000, feeCents: 100, netCents: 4_900 });
    expect(settlementPreview('123.4', 100)).toEqual({ amountCents: 12_340, feeCents: 100, netCents: 12_240 });
    expect(settlementPreview('0.5', 100)?.netCents).toBe(0);
    expect(settlementPreview('abc', 100)).toBeNull();
  });

  it('takes the fee in force (a parameter)', () => {
    expect(settlementPreview('50', 250)).toEqual({ amountCents: 5_000, feeCents: 250, netCents: 4_750 });
  });
});

describe('helpers', () => {
  it('amountProblem is null for a settleable amount', () => {
    expect(amountProblem('123.45', 12_345, 5_000)).toBeNull();
    expect(amountProblem('20', 12_345, 2_000)).toBeNull();
    expect(amountProblem('19.99', 12_345, 2_000)).toBe('settlementMin');
  });

  it('centsToInput writes the amount field', () => {
    expect(centsToInput(12_345)).toBe('123.45');
    expect(centsToInput(5_000)).toBe('50.00');
    expect(centsToInput(7)).toBe('0.07');
  });

  it('canSettleByWire needs an approved wire payee', () => {
    expect(canSettleByWire([{ type: 'wire', status: 'approved' }])).toBe(true);
    expect(canSettleByWire([{ type: 'wire', status: 'pending_review' }])).toBe(false);
    expect(canSettleByWire([{ type: 'paypal', status: 'approved' }])).toBe(false);
    expect(canSettleByWire([])).toBe(false);
  });

  it('canSettle needs the minimum in force in earnings', () => {
    expect(canSettle(4_999, 5_000)).toBe(false);
    expect(canSettle(5_000, 5_000)).toBe(true);
    expect(canSettle(4_999, 2_000)).toBe(true);
  });
});
