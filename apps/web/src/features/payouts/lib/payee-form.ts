import {
  FUNDS_LIMITS,
  type PAYEE_ACCOUNT_TYPES,
  type Payee,
  PaypalPayeeFieldsSchema,
  type SavePayeeRequest,
  WirePayeeFieldsSchema,
} from '@namebourse/contract';
import { z } from 'zod';

/**
 * The payee forms: the contract's field schemas (the server parses the same ones), with the optional wire
 * fields taking '' for "not given". Messages are contract field-message keys (lib/form-errors localises them).
 */

/** '' (after trimming) means "not given" for an optional text field. */
function optionalText<T extends z.ZodType<string | undefined, string | undefined>>(inner: T) {
  return z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(inner);
}

const wire = WirePayeeFieldsSchema.shape;

export const wireFormSchema = WirePayeeFieldsSchema.extend({
  swiftCode: optionalText(wire.swiftCode),
  businessRegistrationNumber: optionalText(wire.businessRegistrationNumber),
});
export type WireFields = z.output<typeof wireFormSchema>;

export const paypalFormSchema = PaypalPayeeFieldsSchema;
export type PaypalFields = z.output<typeof paypalFormSchema>;

/** What the wire form holds while typing (every field a string; '' for an unchosen account type). */
export interface WireFormValues {
  type: 'wire';
  name: string;
  bankName: string;
  accountNumber: string;
  accountType: (typeof PAYEE_ACCOUNT_TYPES)[number] | '';
  swiftCode: string;
  address: string;
  businessRegistrationNumber: string;
  idNumber: string;
  signatory: string;
}

export interface PaypalFormValues {
  type: 'paypal';
  name: string;
  paypalAccount: string;
}

/** The form fields in display order: server field errors go under these. */
export const WIRE_FIELDS = [
  'name',
  'bankName',
  'swiftCode',
  'accountNumber',
  'accountType',
  'address',
  'businessRegistrationNumber',
  'idNumber',
  'signatory',
] as const satisfies readonly (keyof WireFormValues)[];
export const PAYPAL_FIELDS = ['name', 'paypalAccount'] as const satisfies readonly (keyof PaypalFormValues)[];

/** A bank account number or SWIFT code as typed: upper case (the account allows A–Z and 0–9 only). */
export function upperAsTyped(value: string): string {
  return value.toUpperCase();
}

/** True when the server sent the account number masked (display only): the user types it again to edit. */
export function isMasked(value: string | null | undefined): boolean {
  return !value || /[^A-Z0-9]/.test(value);
}

export function wireDefaults(payee: Payee | null): WireFormValues {
  return {
    type: 'wire',
    name: payee?.name ?? '',
    bankName: payee?.bankName ?? '',
    accountNumber: payee && !isMasked(payee.accountNumber) ? (payee.accountNumber ?? '') : '',
    accountType: payee?.accountType ?? '',
    swiftCode: payee?.swiftCode ?? '',
    address: payee?.address ?? '',
    businessRegistrationNumber: payee?.businessRegistrationNumber ?? '',
    idNumber: payee?.idNumber ?? '',
    signatory: payee?.signatory ?? '',
  };
}

export function paypalDefaults(payee: Payee | null): PaypalFormValues {
  return { type: 'paypal', name: payee?.name ?? '', paypalAccount: payee?.paypalAccount ?? '' };
}

/** The POST /funds/payees body: the parsed fields and the uploaded images, in order. */
export function toSavePayeeRequest(fields: WireFields | PaypalFields, fileIds: readonly string[]): SavePayeeRequest {
  return { ...fields, fileIds: fileIds.slice(0, FUNDS_LIMITS.payeeFilesMax) };
}
