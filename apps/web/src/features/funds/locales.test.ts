import { RECHARGE_METHODS, RECHARGE_STATUSES, TRANSACTION_TYPES, USER_BUCKETS } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { flattenLocale, type LocaleTree, staticTranslationKeys } from '../../lib/testing/locale-coverage';
import en from '../../locales/en-US/funds.json';
import zh from '../../locales/zh-CN/funds.json';
import { CARD_ERROR_KEYS, TEST_CARD_KINDS } from './lib/card';
import { FAILURE_REASONS } from './lib/failure-reason';
import { KNOWN_REFS } from './lib/line-details';
import { FUND_TABS } from './pages/fund-page';

const sources = import.meta.glob<string>('./**/*.tsx', { query: '?raw', import: 'default', eager: true });

describe('funds locale files', () => {
  const enKeys = flattenLocale(en as LocaleTree);
  const zhKeys = flattenLocale(zh as LocaleTree);

  it('have the same keys in both languages, with the same placeholders', () => {
    expect([...zhKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
    const placeholders = (text: string | undefined) =>
      [...(text ?? '').matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of enKeys) expect(placeholders(zhKeys.get(key)), key).toEqual(placeholders(text));
  });

  it('contain every key the pages use', () => {
    const used = [
      ...staticTranslationKeys(sources),
      ...CARD_ERROR_KEYS,
      'topup.amountMax',
      ...FUND_TABS.map((tab) => `tabs.${tab}`),
      ...TRANSACTION_TYPES.map((type) => `types.${type}`),
      ...USER_BUCKETS.map((bucket) => `buckets.${bucket}`),
      ...RECHARGE_STATUSES.map((status) => `statuses.${status}`),
      ...RECHARGE_METHODS.map((method) => `methods.${method}`),
      ...['csv', 'xlsx'].map((format) => `history.export.${format}`),
      ...['from', 'to'].map((name) => `history.filters.${name}`),
      ...TEST_CARD_KINDS.map((kind) => `sandbox.card.hints.${kind}`),
      ...FAILURE_REASONS.map((reason) => `result.failed.reasons.${reason}`),
      'result.failed.reasonUnknown',
      ...KNOWN_REFS.map((ref) => `history.ref.${ref}`),
      ...['page', 'current', 'previous', 'next', 'first', 'last'].map((key) => `pagination.${key}`),
      ...['processing', 'succeeded', 'failed', 'expired'].map((status) => `sandbox.closedBody.${status}`),
    ];
    expect(used.length).toBeGreaterThan(150);
    for (const key of used) {
      expect(enKeys.has(key), `en-US ${key}`).toBe(true);
      expect(zhKeys.has(key), `zh-CN ${key}`).toBe(true);
    }
  });

  it('name every transaction type differently', () => {
    for (const keys of [enKeys, zhKeys]) {
      const names = TRANSACTION_TYPES.map((type) => keys.get(`types.${type}`));
      expect(new Set(names).size).toBe(TRANSACTION_TYPES.length);
    }
  });
});
