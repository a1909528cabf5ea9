import { PAYEE_ACCOUNT_TYPES, PAYEE_STATUSES, PAYEE_TYPES, SETTLEMENT_STATUSES } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { flattenLocale, type LocaleTree, staticTranslationKeys } from '../../lib/testing/locale-coverage';
import en from '../../locales/en-US/payouts.json';
import zh from '../../locales/zh-CN/payouts.json';
import { WIRE_NOT_APPROVED } from './lib/settlement-form';

const sources = import.meta.glob<string>('./**/*.tsx', { query: '?raw', import: 'default', eager: true });

describe('payouts locale files', () => {
  const enKeys = flattenLocale(en as LocaleTree);
  const zhKeys = flattenLocale(zh as LocaleTree);

  it('have the same keys in both languages', () => {
    expect([...zhKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
  });

  it('contain every key the pages use', () => {
    const used = [
      ...staticTranslationKeys(sources),
      WIRE_NOT_APPROVED,
      ...PAYEE_STATUSES.map((status) => `payees.status.${status}`),
      ...PAYEE_TYPES.flatMap((type) => [
        `payees.type.${type}`,
        `payees.typeHint.${type}`,
        `payees.actions.add.${type}`,
        `payees.revoke.title.${type}`,
        ...['add', 'edit', 'supplement', 'resubmit'].map((kind) => `payees.editor.title.${kind}.${type}`),
        `payees.empty.${type}.title`,
        `payees.empty.${type}.body`,
      ]),
      ...PAYEE_ACCOUNT_TYPES.map((type) => `payees.accountType.${type}`),
      ...['edit', 'supplement', 'resubmit'].map((kind) => `payees.actions.${kind}`),
      ...['approved', 'inReview'].map((reason) => `payees.noEdit.${reason}`),
      ...['unsupportedFormat', 'tooLarge', 'uploadFailed'].map((problem) => `payees.files.problem.${problem}`),
      ...[
        'name',
        'bankName',
        'accountNumber',
        'accountType',
        'swiftCode',
        'signatory',
        'businessRegistrationNumber',
        'idNumber',
        'address',
        'paypalAccount',
      ].map((field) => `payees.field.${field}`),
      ...SETTLEMENT_STATUSES.map((status) => `settle.status.${status}`),
      ...['none', 'pending_review', 'supplement_submitted', 'needs_supplement', 'rejected'].map(
        (key) => `settle.wireHint.${key}`,
      ),
      ...['first', 'last', 'next', 'previous'].map((type) => `settle.records.${type}`),
    ];
    expect(used.length).toBeGreaterThan(100);
    for (const key of used) expect(enKeys.has(key), key).toBe(true);
  });

  it('keep interpolation placeholders the same in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of enKeys) expect(placeholders(zhKeys.get(key) ?? ''), key).toEqual(placeholders(text));
  });
});
