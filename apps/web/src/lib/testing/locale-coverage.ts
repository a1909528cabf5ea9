/**
 * Test helpers for locale coverage: flatten a locale JSON tree into dotted keys, and collect the
 * static `t('key')` calls of a feature's source files (loaded by the caller with import.meta.glob).
 * Key parity between zh-CN and en-US is checked for every namespace by `npm run i18n:check`.
 */
export type LocaleTree = { [key: string]: string | LocaleTree };

export function flattenLocale(tree: LocaleTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flattenLocale(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

export function staticTranslationKeys(sources: Record<string, string>): string[] {
  const keys = new Set<string>();
  for (const source of Object.values(sources)) {
    for (const [, key = ''] of source.matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'/g)) keys.add(key);
  }
  return [...keys].sort();
}
