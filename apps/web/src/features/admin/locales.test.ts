import {
  ADMIN_DELIVERY_STATUSES,
  LEDGER_KINDS,
  PAYEE_ACCOUNT_TYPES,
  PAYEE_STATUSES,
  PAYEE_TYPES,
  PLATFORM_ACCOUNTS,
  SETTLEMENT_STATUSES,
  SETTLEMENT_TARGETS,
  USER_BUCKETS,
  USER_ROLES,
} from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { flattenLocale, type LocaleTree, staticTranslationKeys } from '../../lib/testing/locale-coverage';
import en from '../../locales/en-US/admin.json';
import zh from '../../locales/zh-CN/admin.json';
import { PAYEE_ACTIONS, SETTLEMENT_ACTIONS } from './lib/actions';
import { adjustmentFormSchema } from './lib/forms';
import { HISTORY_ACTIONS } from './lib/history';
import { ADMIN_SECTIONS } from './lib/nav';

const sources = import.meta.glob<string>('./**/*.tsx', { query: '?raw', import: 'default', eager: true });

/** The admin-namespace keys the adjustment form's amount produces ('form.…'; the rest are contract field messages). */
function formMessages(): string[] {
  const keys = new Set<string>();
  for (const amount of ['0', '5000000']) {
    const result = adjustmentFormSchema.safeParse({ bucket: 'available', amount, reason: 'reason' });
    for (const issue of result.error?.issues ?? []) if (issue.message.startsWith('form.')) keys.add(issue.message);
  }
  return [...keys];
}

describe('admin locale files', () => {
  const enKeys = flattenLocale(en as LocaleTree);
  const zhKeys = flattenLocale(zh as LocaleTree);

  it('have the same keys in both languages', () => {
    expect([...zhKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
  });

  it('contain every key the pages use', () => {
    const used = [
      ...staticTranslationKeys(sources),
      ...formMessages(),
      ...ADMIN_SECTIONS.map((section) => `nav.${section}`),
      ...[...USER_ROLES, 'system'].map((role) => `role.${role}`),
      ...[...PAYEE_STATUSES, ...SETTLEMENT_STATUSES].map((status) => `status.${status}`),
      ...PLATFORM_ACCOUNTS.map((account) => `platform.${account}`),
      ...LEDGER_KINDS.map((kind) => `kind.${kind}`),
      ...USER_BUCKETS.map((bucket) => `bucket.${bucket}`),
      ...PAYEE_TYPES.map((type) => `payees.type.${type}`),
      ...PAYEE_ACCOUNT_TYPES.map((type) => `payees.accountType.${type}`),
      ...SETTLEMENT_TARGETS.map((target) => `settlements.target.${target}`),
      ...['review', 'all'].map((queue) => `payees.queue.${queue}`),
      ...['open', 'all'].map((queue) => `settlements.queue.${queue}`),
      ...PAYEE_ACTIONS.flatMap(({ action }) => [
        `payees.action.${action}`,
        `payees.confirm.${action}.title`,
        `payees.confirm.${action}.body`,
        `payees.done.${action}`,
      ]),
      ...SETTLEMENT_ACTIONS.flatMap(({ action }) => [
        `settlements.action.${action}`,
        `settlements.confirm.${action}.title`,
        `settlements.confirm.${action}.body`,
        `settlements.done.${action}`,
      ]),
      ...HISTORY_ACTIONS.map((action) => `history.action.${action}`),
      ...ADMIN_DELIVERY_STATUSES.flatMap((status) => [`deliveries.status.${status}`, `deliveries.empty.${status}`]),
    ];
    expect(formMessages()).toEqual(['form.amountZero', 'form.amountTooLarge']);
    expect(used.length).toBeGreaterThan(150);
    for (const key of used) expect(enKeys.has(key), key).toBe(true);
  });
});
