// The "every key the web code uses exists" part of check-i18n.ts, as a pure function so that it can be tested.
//
// A literal key (`t('key')`, `t('ns:key')`, `i18nKey="key"`) must exist in every language, in a namespace the
// file can reach: the `ns:` prefix, else the call's `{ ns: '…' }`, else the file's `useTranslation('…')`
// namespaces and `common` (the fallback namespace). A file whose namespace or key prefix is computed
// (`useTranslation(ns)`, `keyPrefix`) may reach any namespace. Of a key built at run time only the fixed start is
// checked (`t(`status.${s}`)` needs some `status.…` key); `t(key)` cannot be checked.

/** language → namespace → flattened keys (`a.b.c` → text). */
export type Bundles = Map<string, Map<string, Record<string, string>>>;

const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * A key exists when it, or one of its plural forms, is in the namespace (under any prefix when `anyPrefix`); a
 * key ending in '.' (the fixed start of a computed key) exists when some key begins with it.
 */
function hasKey(keys: Record<string, string> | undefined, key: string, anyPrefix: boolean): boolean {
  if (!keys) return false;
  if (key.endsWith('.'))
    return Object.keys(keys).some((k) => k.startsWith(key) || (anyPrefix && k.includes(`.${key}`)));
  const forms = [key, ...PLURAL_FORMS.map((form) => `${key}_${form}`)];
  if (forms.some((k) => k in keys)) return true;
  return anyPrefix && Object.keys(keys).some((k) => forms.some((form) => k.endsWith(`.${form}`)));
}

interface Use {
  key: string;
  ns: string | undefined;
  at: number;
}

function usesIn(src: string): Use[] {
  return [
    ...[...src.matchAll(/\bt\(\s*(['"])([^'"`$]+?)\1\s*(,\s*\{[^)]*?\bns:\s*'([\w-]+)')?/g)].map((m) => ({
      key: m[2] as string,
      ns: m[4],
      at: m.index,
    })),
    ...[...src.matchAll(/\bi18nKey=(?:\{\s*)?(['"])([^'"`$]+?)\1/g)].map((m) => ({
      key: m[2] as string,
      ns: undefined,
      at: m.index,
    })),
    // t(`status.${s}`): the part before the first placeholder must at least name a group of keys.
    ...[...src.matchAll(/\bt\(\s*`([\w:.-]+)\.\$\{/g)].map((m) => ({
      key: `${m[1] as string}.`,
      ns: undefined,
      at: m.index,
    })),
  ];
}

/** Checks the sources (path → text) against the bundles; returns the problems and how many keys were checked. */
export function usedKeyProblems(
  sources: Record<string, string>,
  bundles: Bundles,
): { problems: string[]; checked: number } {
  const problems: string[] = [];
  const languages = [...bundles.keys()];
  const allNamespaces = [...new Set(languages.flatMap((lang) => [...(bundles.get(lang)?.keys() ?? [])]))];
  let checked = 0;
  for (const [file, src] of Object.entries(sources)) {
    const declared = [...src.matchAll(/useTranslation\(\s*(?:\[([^\]]*)\]|'([\w-]+)'|"([\w-]+)")?\s*([,)])/g)];
    const fileNs = new Set<string>(['common']);
    const anyPrefix = /keyPrefix/.test(src);
    let anyNs = anyPrefix || /useTranslation\(\s*[A-Za-z_$]/.test(src);
    for (const [, list, single, double] of declared) {
      if (list !== undefined) for (const [, ns] of list.matchAll(/'([\w-]+)'/g)) fileNs.add(ns ?? '');
      else if (single ?? double) fileNs.add((single ?? double) as string);
    }
    if (!declared.length && !/useTranslation|i18nKey/.test(src)) anyNs = true; // t handed in, or i18next.t
    for (const use of usesIn(src)) {
      let { key } = use;
      let candidates: string[];
      const colon = key.indexOf(':');
      if (colon > 0 && allNamespaces.includes(key.slice(0, colon))) {
        candidates = [key.slice(0, colon)];
        key = key.slice(colon + 1);
      } else if (use.ns) candidates = [use.ns];
      else if (anyNs) candidates = allNamespaces;
      else candidates = [...fileNs];
      checked++;
      const line = src.slice(0, use.at).split('\n').length;
      for (const lang of languages) {
        if (!candidates.some((ns) => hasKey(bundles.get(lang)?.get(ns), key, anyPrefix)))
          problems.push(`${file}:${line}: '${use.key}' missing in ${lang} (namespaces ${candidates.join(', ')})`);
      }
    }
  }
  return { problems, checked };
}
