import type { Payee } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import {
  isMasked,
  paypalDefaults,
  paypalFormSchema,
  toSavePayeeRequest,
  upperAsTyped,
  wireDefaults,
  wireFormSchema,
} from './payee-form.ts';

const wire = {
  type: 'wire' as const,
  name: 'Zhang San',
  bankName: 'Bank of China Hong Kong',
  accountNumber: '012345678901',
  accountType: 'personal' as const,
  swiftCode: '',
  address: '1 Queens Road Central, Hong Kong',
  businessRegistrationNumber: '',
  idNumber: 'H1234567',
  signatory: 'Zhang San',
};

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('wire payee form', () => {
  it('accepts a complete form and leaves blank optional fields out', () => {
    const parsed = wireFormSchema.parse(wire);
    expect(parsed.swiftCode).toBeUndefined();
    expect(parsed.businessRegistrationNumber).toBeUndefined();
    expect(parsed.accountNumber).toBe('012345678901');
  });

  it('keeps a given SWIFT code and business registration number', () => {
    const parsed = wireFormSchema.parse({ ...wire, swiftCode: 'BKCHHKHH', businessRegistrationNumber: ' 12345678 ' });
    expect(parsed.swiftCode).toBe('BKCHHKHH');
    expect(parsed.businessRegistrationNumber).toBe('12345678');
  });

  it('allows A–Z and 0–9 only in the account number', () => {
    for (const accountNumber of ['0123-4567', 'abcd1234', '0123 4567', '账号12345'])
      expect(messages(wireFormSchema.safeParse({ ...wire, accountNumber })).accountNumber).toBe('bankAccountInvalid');
    expect(wireFormSchema.safeParse({ ...wire, accountNumber: 'GB29NWBK60161331926819' }).success).toBe(true);
  });

  it('refuses a malformed SWIFT code', () => {
    expect(messages(wireFormSchema.safeParse({ ...wire, swiftCode: 'BKCH1' })).swiftCode).toBe('swiftInvalid');
    expect(wireFormSchema.safeParse({ ...wire, swiftCode: 'BKCHHKHH123' }).success).toBe(true);
  });

  it('wants the address between 10 and 120 characters', () => {
    expect(messages(wireFormSchema.safeParse({ ...wire, address: 'Short st' })).address).toBeDefined();
    expect(messages(wireFormSchema.safeParse({ ...wire, address: 'x'.repeat(121) })).address).toBeDefined();
    expect(wireFormSchema.safeParse({ ...wire, address: 'x'.repeat(10) }).success).toBe(true);
    expect(wireFormSchema.safeParse({ ...wire, address: 'x'.repeat(120) }).success).toBe(true);
  });

  it('wants names in English or Pinyin', () => {
    const result = messages(
      wireFormSchema.safeParse({ ...wire, name: '张三', signatory: '张三', bankName: '中国银行' }),
    );
    expect(result).toMatchObject({ name: 'latinOnly', signatory: 'latinOnly', bankName: 'latinOnly' });
  });

  it('needs an account type to be chosen', () => {
    expect(messages(wireFormSchema.safeParse({ ...wire, accountType: '' })).accountType).toBeDefined();
  });

  it('upper-cases account numbers as typed', () => {
    expect(upperAsTyped('gb29nwbk')).toBe('GB29NWBK');
  });
});

describe('PayPal payee form', () => {
  it('needs a name and a valid e-mail', () => {
    expect(paypalFormSchema.safeParse({ type: 'paypal', name: 'Li Si', paypalAccount: 'li@example.com' }).success).toBe(
      true,
    );
    expect(messages(paypalFormSchema.safeParse({ type: 'paypal', name: 'Li Si', paypalAccount: 'nope' }))).toEqual({
      paypalAccount: 'email',
    });
  });
});

const savedWire: Payee = {
  payeeId: 'P1',
  type: 'wire',
  status: 'rejected',
  name: 'Zhang San',
  bankName: 'BOC',
  accountNumber: '********8901',
  accountType: 'business',
  swiftCode: null,
  address: '1 Queens Road Central',
  businessRegistrationNumber: 'BR1',
  idNumber: 'H1',
  signatory: 'Zhang San',
  paypalAccount: null,
  files: [],
  reviewNote: 'Blurry image',
  canEdit: true,
  submittedAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
  reviewDueAt: null,
};

describe('form defaults', () => {
  it('start empty for a new payee', () => {
    expect(wireDefaults(null)).toMatchObject({ name: '', accountNumber: '', accountType: '', swiftCode: '' });
    expect(paypalDefaults(null)).toEqual({ type: 'paypal', name: '', paypalAccount: '' });
  });

  it('prefill a saved payee, but not a masked account number', () => {
    const values = wireDefaults(savedWire);
    expect(values).toMatchObject({ name: 'Zhang San', accountType: 'business', swiftCode: '', accountNumber: '' });
    expect(wireDefaults({ ...savedWire, accountNumber: '012345678901' }).accountNumber).toBe('012345678901');
    expect(isMasked('********8901')).toBe(true);
    expect(isMasked('012345678901')).toBe(false);
  });
});

describe('toSavePayeeRequest', () => {
  it('adds the uploaded images, at most four', () => {
    const request = toSavePayeeRequest(wireFormSchema.parse(wire), ['F1', 'F2', 'F3', 'F4', 'F5']);
    expect(request.fileIds).toEqual(['F1', 'F2', 'F3', 'F4']);
    expect(request).toMatchObject({ type: 'wire', accountNumber: '012345678901' });
  });
});
