import { describe, expect, it } from 'vitest';
import { flattenLocale, type LocaleTree } from '../../lib/testing/locale-coverage';
import enMy from '../../locales/en-US/myAuctions.json';
import enOrders from '../../locales/en-US/orders.json';
import zhMy from '../../locales/zh-CN/myAuctions.json';
import zhOrders from '../../locales/zh-CN/orders.json';
import { ORDER_ACTION_KEYS } from './order-actions';
import { PAY_DIALOG_KEYS } from './pay-dialog';
import { SELECTION_BAR_KEYS } from './selection-bar';
import { PAID_KEYS } from './use-order-payments';

/** The namespaces of the pages that pay orders, and where their selection bar shows the amount. */
const PAGES = [
  { ns: 'myAuctions', zh: zhMy, en: enMy, totalLine: false, actions: 'won' },
  { ns: 'orders', zh: zhOrders, en: enOrders, totalLine: true, actions: 'actions' },
];

/** A key, or its plural forms. */
const has = (keys: Map<string, string>, key: string) => keys.has(key) || keys.has(`${key}_other`);

describe('the namespaces of the pages that pay orders', () => {
  for (const page of PAGES) {
    it(`${page.ns} holds every text of the pay dialog, the selection bar, the order buttons and the toasts`, () => {
      const wanted = [
        ...PAY_DIALOG_KEYS,
        ...SELECTION_BAR_KEYS,
        ...PAID_KEYS,
        ...(page.totalLine ? ['selection.total'] : []),
        ...ORDER_ACTION_KEYS.map((key) => `${page.actions}.${key}`),
        'loading',
        'pagination',
      ];
      for (const tree of [page.zh, page.en]) {
        const keys = flattenLocale(tree as LocaleTree);
        for (const key of wanted) expect(has(keys, key), `${page.ns}:${key}`).toBe(true);
      }
    });
  }
});
