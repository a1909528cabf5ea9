import { describe, expect, it } from 'vitest';
import { type Bundles, usedKeyProblems } from './i18n-used-keys.ts';

/** Two languages with the same namespaces: `common` and `orders`. */
function bundles(zhOrders: Record<string, string> = { 'status.paid': '已支付', items_other: '{{count}} 项' }): Bundles {
  const orders: Record<string, string> = {
    'status.paid': 'Paid',
    items_one: '{{count}} item',
    items_other: '{{count}} items',
  };
  return new Map<string, Map<string, Record<string, string>>>([
    [
      'zh-CN',
      new Map<string, Record<string, string>>([
        ['common', { ok: '确定' }],
        ['orders', zhOrders],
      ]),
    ],
    [
      'en-US',
      new Map<string, Record<string, string>>([
        ['common', { ok: 'OK' }],
        ['orders', orders],
      ]),
    ],
  ]);
}

const page = (body: string) => ({
  'src/orders-page.tsx': `const { t } = useTranslation('orders');\n${body}`,
});

describe('usedKeyProblems', () => {
  it('accepts keys of the file namespace, of common, plural forms and computed keys with a known start', () => {
    const result = usedKeyProblems(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a computed key
      page("t('status.paid'); t('ok'); t('items', { count }); t(`status.${order.status}`); t(key);"),
      bundles(),
    );
    expect(result.problems).toEqual([]);
    expect(result.checked).toBe(4);
  });

  it('reports a key missing from a language, with the file and line', () => {
    const result = usedKeyProblems(page("\nt('status.paid');"), bundles({ items_other: '{{count}} 项' }));
    expect(result.problems).toEqual([
      "src/orders-page.tsx:3: 'status.paid' missing in zh-CN (namespaces common, orders)",
    ]);
  });

  it("reports keys of another file's namespace, unknown keys and unknown computed starts", () => {
    const sources = {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a computed key
      'src/home.tsx': "const { t } = useTranslation('common');\nt('status.paid'); t('no.such.key'); t(`nosuch.${x}`);",
    };
    const missing = usedKeyProblems(sources, bundles()).problems.map((p) => p.split(' missing')[0]);
    expect(missing).toEqual([
      "src/home.tsx:2: 'status.paid'",
      "src/home.tsx:2: 'status.paid'",
      "src/home.tsx:2: 'no.such.key'",
      "src/home.tsx:2: 'no.such.key'",
      "src/home.tsx:2: 'nosuch.'",
      "src/home.tsx:2: 'nosuch.'",
    ]);
  });

  it("follows an 'ns:' prefix and a call's ns option; a computed namespace may be any", () => {
    expect(
      usedKeyProblems({ 'a.tsx': "useTranslation('common'); t('orders:status.paid');" }, bundles()).problems,
    ).toEqual([]);
    expect(
      usedKeyProblems({ 'a.tsx': "useTranslation('common'); t('status.paid', { ns: 'orders' });" }, bundles()).problems,
    ).toEqual([]);
    expect(usedKeyProblems({ 'a.tsx': "useTranslation(ns); t('status.paid');" }, bundles()).problems).toEqual([]);
    expect(usedKeyProblems({ 'a.tsx': "useTranslation(ns); t('nope');" }, bundles()).problems).toHaveLength(2);
  });
});
