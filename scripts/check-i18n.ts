// i18n completeness: every web locale key and every error code in both languages, with the same
// interpolation placeholders, every help-centre document written in both languages, every key the
// web code names literally (`t('key')`, `i18nKey="key"`) present in both languages, and no zh-CN text
// using a word the glossary (glossary.ts) forbids.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CATALOGUE, FIELD_MESSAGES, LOCALES } from '../packages/contract/src/index.ts';
import { GLOSSARY, glossaryProblems, glossarySelfProblems } from './glossary.ts';
import { type Bundles, usedKeyProblems } from './i18n-used-keys.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const problems: string[] = [];

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

function flatten(obj: Json, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
    for (const [k, v] of Object.entries(obj)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (Array.isArray(obj)) {
    for (const [i, v] of obj.entries()) flatten(v, `${prefix}[${i}]`, out);
  } else {
    out[prefix] = String(obj ?? '');
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)[^}]*\}\}|\{(\w+)\}/g)].map((m) => m[1] ?? m[2]).sort();

export function compareLocales(a: Record<string, string>, b: Record<string, string>, label: string): string[] {
  const out: string[] = [];
  const [la, lb] = LOCALES;
  for (const k of Object.keys(a)) {
    if (!(k in b)) out.push(`${label}: '${k}' missing in ${lb}`);
    else if (placeholders(a[k] ?? '').join() !== placeholders(b[k] ?? '').join())
      out.push(`${label}: '${k}' has different placeholders in ${la} and ${lb}`);
  }
  for (const k of Object.keys(b)) if (!(k in a)) out.push(`${label}: '${k}' missing in ${la}`);
  for (const [lang, set] of [
    [la, a],
    [lb, b],
  ] as const)
    for (const [k, v] of Object.entries(set)) if (v.trim() === '') out.push(`${label}: '${k}' is empty in ${lang}`);
  return out;
}

// 1. Web locale namespaces
const localesDir = join(root, 'apps/web/src/locales');
const [zh, en] = LOCALES;
const namespaces = new Set<string>();
for (const lang of LOCALES) {
  const dir = join(localesDir, lang);
  if (!existsSync(dir)) problems.push(`locale folder missing: ${lang}`);
  else for (const f of readdirSync(dir)) if (f.endsWith('.json')) namespaces.add(f);
}
for (const ns of namespaces) {
  const files = LOCALES.map((l) => join(localesDir, l, ns));
  const missing = files.filter((f) => !existsSync(f));
  if (missing.length) {
    problems.push(`namespace ${ns} missing in ${missing.map((m) => m.split('/').at(-2)).join(', ')}`);
    continue;
  }
  const [a, b] = files.map((f) => flatten(JSON.parse(readFileSync(f, 'utf8')) as Json));
  problems.push(...compareLocales(a!, b!, `locales/${ns}`));
}

// 1b. Keys the web code uses (i18n-used-keys.ts): every literal key in both languages.
const bundles: Bundles = new Map();
for (const lang of LOCALES) {
  const byNs = new Map<string, Record<string, string>>();
  for (const ns of namespaces)
    if (existsSync(join(localesDir, lang, ns)))
      byNs.set(
        ns.replace(/\.json$/, ''),
        flatten(JSON.parse(readFileSync(join(localesDir, lang, ns), 'utf8')) as Json),
      );
  bundles.set(lang, byNs);
}

/** The web app's non-test sources, by path from the repository root. */
function webSources(dir: string, out: Record<string, string> = {}): Record<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) webSources(path, out);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
      out[relative(root, path)] = readFileSync(path, 'utf8');
  }
  return out;
}

const usedKeys = usedKeyProblems(webSources(join(root, 'apps/web/src')), bundles);
problems.push(...usedKeys.problems);

// 2. Error catalogue and field messages
for (const [code, def] of Object.entries(ERROR_CATALOGUE)) {
  for (const l of LOCALES) if (!def[l]?.trim()) problems.push(`error ${code}: no ${l} text`);
}
for (const [key, def] of Object.entries(FIELD_MESSAGES)) {
  if (placeholders(def[zh]).join() !== placeholders(def[en]).join())
    problems.push(`field message ${key}: placeholders differ`);
}

// 2b. The glossary: one zh-CN word per concept, in the web texts and in the server's messages.
problems.push(...glossarySelfProblems(GLOSSARY));
for (const [ns, texts] of bundles.get(zh) ?? []) problems.push(...glossaryProblems(texts, `locales/${zh}/${ns}.json`));
problems.push(
  ...glossaryProblems(
    Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, def]) => [code, def[zh]])),
    `error catalogue (${zh})`,
  ),
  ...glossaryProblems(
    Object.fromEntries(Object.entries(FIELD_MESSAGES).map(([key, def]) => [key, def[zh]])),
    `field messages (${zh})`,
  ),
);

// 2c. The server's own Chinese texts (mail, invoices, ledger memos, exports): every non-test source line.
function serverSources(dir: string, out: Record<string, string> = {}): Record<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) serverSources(path, out);
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
      for (const [i, line] of readFileSync(path, 'utf8').split('\n').entries())
        if (/[\u4e00-\u9fff]/.test(line)) out[`${relative(root, path)}:${i + 1}`] = line;
  }
  return out;
}
for (const dir of ['apps/server/src', 'packages/contract/src'])
  problems.push(...glossaryProblems(serverSources(join(root, dir)), 'source'));

// 3. Help-centre Markdown documents
const contentDir = join(root, 'apps/web/src/features/support/content');
if (existsSync(contentDir)) {
  const docs = LOCALES.map((l) => new Set(existsSync(join(contentDir, l)) ? readdirSync(join(contentDir, l)) : []));
  for (const f of docs[0]!) if (!docs[1]!.has(f)) problems.push(`help document ${f} missing in ${en}`);
  for (const f of docs[1]!) if (!docs[0]!.has(f)) problems.push(`help document ${f} missing in ${zh}`);
  for (const f of docs[0]!) {
    const lines = readFileSync(join(contentDir, zh, f), 'utf8').split('\n');
    problems.push(
      ...glossaryProblems(
        Object.fromEntries(lines.map((line, i) => [`line ${i + 1}`, line])),
        `help document ${zh}/${f}`,
      ),
    );
  }
}

if (problems.length) {
  console.error(`i18n check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `i18n: ok (${namespaces.size} namespaces, ${usedKeys.checked} keys used in code, ${Object.keys(ERROR_CATALOGUE).length} error codes, both languages)`,
);
