// Builds apps/server/src/platform/region-subdivisions.json, the provinces/states of /region-data.json,
// from Unicode CLDR (cldr-core and cldr-subdivisions-full, Unicode License v3, devDependencies only)
// plus a short hand table for the places ISO 3166-2 and CLDR leave without subdivisions.
//
//   npx tsx scripts/build-region-subdivisions.ts      (then review the diff and commit the file)
//
// The server reads the committed file and needs neither package at run time. A test
// (build-region-subdivisions.test.ts) fails when the file and this script disagree.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT = resolve(root, 'apps/server/src/platform/region-subdivisions.json');
const require = createRequire(resolve(root, 'package.json'));
const serverRequire = createRequire(resolve(root, 'apps/server/package.json'));

/** One subdivision: ISO 3166-2 suffix, English name, and a Chinese name where one is known. */
export type Subdivision = [code: string, en: string] | [code: string, en: string, zh: string];

export interface SubdivisionFile {
  source: string;
  licence: string;
  countries: Record<string, Subdivision[]>;
}

/**
 * Places with no subdivisions in ISO 3166-2 (so none in CLDR) whose addresses customarily name
 * one. The codes are the ones /region-data.json used before (kept so saved billing addresses stay
 * valid); the names are the official ones.
 */
const SUPPLEMENT: Record<string, Subdivision[]> = {
  // The 18 districts of Hong Kong.
  HK: [
    ['HCW', 'Central and Western', '中西区'],
    ['HEA', 'Eastern', '东区'],
    ['HSO', 'Southern', '南区'],
    ['HWC', 'Wan Chai', '湾仔区'],
    ['KKC', 'Kowloon City', '九龙城区'],
    ['KKT', 'Kwun Tong', '观塘区'],
    ['KSS', 'Sham Shui Po', '深水埗区'],
    ['KWT', 'Wong Tai Sin', '黄大仙区'],
    ['KYT', 'Yau Tsim Mong', '油尖旺区'],
    ['NIS', 'Islands', '离岛区'],
    ['NKT', 'Kwai Tsing', '葵青区'],
    ['NNO', 'North', '北区'],
    ['NSK', 'Sai Kung', '西贡区'],
    ['NST', 'Sha Tin', '沙田区'],
    ['NTM', 'Tuen Mun', '屯门区'],
    ['NTP', 'Tai Po', '大埔区'],
    ['NTW', 'Tsuen Wan', '荃湾区'],
    ['NYL', 'Yuen Long', '元朗区'],
  ],
  // The nine parishes of Bermuda.
  BM: [
    ['DEV', 'Devonshire Parish'],
    ['HA', 'Hamilton Parish'],
    ['PAG', 'Paget Parish'],
    ['PEM', 'Pembroke Parish'],
    ['SAN', 'Sandys Parish'],
    ['SGE', "Saint George's Parish"],
    ['SMI', "Smith's Parish"],
    ['SOU', 'Southampton Parish'],
    ['WAR', 'Warwick Parish'],
  ],
  // The seven districts of Kosovo (no ISO 3166-1 code either; 'XK' is the user-assigned one).
  XK: [
    ['XDG', 'Gjakova'],
    ['XGJ', 'Gjilan'],
    ['XKM', 'Mitrovica'],
    ['XPE', 'Peja'],
    ['XPI', 'Pristina'],
    ['XPR', 'Prizren'],
    ['XUF', 'Ferizaj'],
  ],
};

interface Containment {
  supplemental: { subdivisionContainment: Record<string, { _contains: string[] }> };
}
interface SubdivisionNames {
  subdivisions: { localeDisplayNames: { subdivisions: Record<string, string> } };
}

/** The subdivision list, built in memory (deterministic: same packages → same result). */
export function buildSubdivisions(): SubdivisionFile {
  const containment = (require('cldr-core/supplemental/subdivisionContainment.json') as Containment).supplemental
    .subdivisionContainment;
  const en = (require('cldr-subdivisions-full/subdivisions/en/en.json') as SubdivisionNames).subdivisions
    .localeDisplayNames.subdivisions;
  const zh = (require('cldr-subdivisions-full/subdivisions/zh/zh.json') as SubdivisionNames).subdivisions
    .localeDisplayNames.subdivisions;
  const cldrVersion = (require('cldr-core/package.json') as { version: string }).version;
  // CLDR lists overseas territories with an ISO 3166-1 code of their own (us-as, fr-re, nl-aw…)
  // as subdivisions without a name: they take their country name.
  const countries = serverRequire('i18n-iso-countries') as typeof import('i18n-iso-countries');
  countries.registerLocale(serverRequire('i18n-iso-countries/langs/en.json'));
  countries.registerLocale(serverRequire('i18n-iso-countries/langs/zh.json'));

  const out: Record<string, Subdivision[]> = {};
  for (const country of Object.keys(containment).filter((k) => /^[A-Z]{2}$/.test(k))) {
    // Every level (regions and their provinces, nations and their councils…), as ISO 3166-2 lists them.
    const list: Subdivision[] = [];
    const seen = new Set<string>();
    const queue = [...(containment[country]?._contains ?? [])];
    while (queue.length > 0) {
      const id = queue.shift()!;
      queue.push(...(containment[id]?._contains ?? []));
      const code = id.slice(2).toUpperCase();
      if (seen.has(code)) continue;
      const name = en[id] ?? (/^[A-Z]{2}$/.test(code) ? countries.getName(code, 'en') : undefined);
      if (!name) continue; // e.g. fi-01 (Åland), which is a country of its own here (AX)
      seen.add(code);
      const chinese = zh[id];
      list.push(chinese ? [code, name, chinese] : [code, name]);
    }
    if (list.length > 0) out[country] = list;
  }
  for (const [country, list] of Object.entries(SUPPLEMENT)) {
    if (out[country]) throw new Error(`${country} now has CLDR subdivisions: drop it from SUPPLEMENT`);
    out[country] = list;
  }
  const sorted: Record<string, Subdivision[]> = {};
  for (const country of Object.keys(out).sort()) {
    sorted[country] = out[country]!.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }
  return {
    source:
      `Unicode CLDR ${cldrVersion} (cldr-core, cldr-subdivisions-full: subdivisionContainment and the en/zh ` +
      'subdivision names), plus HK, BM and XK from scripts/build-region-subdivisions.ts. ' +
      'Entries are [ISO 3166-2 code suffix, English name, Chinese name if known]. Generated: do not edit by hand.',
    licence:
      'CLDR data: Copyright © 2004-2026 Unicode, Inc., Unicode License v3 (https://www.unicode.org/license.txt); ' +
      'see THIRD_PARTY_NOTICES.md.',
    countries: sorted,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const data = buildSubdivisions();
  writeFileSync(OUTPUT, `${JSON.stringify(data)}\n`);
  execFileSync(resolve(root, 'node_modules/.bin/biome'), ['format', '--write', OUTPUT], { stdio: 'inherit' });
  const count = Object.values(data.countries).reduce((n, list) => n + list.length, 0);
  console.log(`${Object.keys(data.countries).length} countries, ${count} subdivisions → ${OUTPUT}`);
}
