import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { RegionEntry } from '@namebourse/contract';
import countries from 'i18n-iso-countries';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import { z } from 'zod';
import subdivisionFile from './region-subdivisions.json' with { type: 'json' };

/**
 * /region-data.json (spec §3, §7): countries with their provinces/states, exactly the fields
 * `{ c, v, n, p, s: [{ c, v, n }] }`.
 *
 * - `c`: ISO 3166-1 alpha-2 (countries) or the ISO 3166-2 subdivision suffix (states, e.g. 'GD').
 * - `v`: Chinese name (i18n-iso-countries 'zh'; a hand table for China's 34 provincial divisions;
 *   CLDR's Chinese subdivision names where it has them; other states fall back to the English name).
 * - `n`: English name (a common short form, e.g. 'China', 'South Korea').
 * - `p`: the dial code as digits without '+', e.g. '86' (libphonenumber-js getCountryCallingCode).
 *   Territories without a telephone numbering plan of their own (Antarctica, Bouvet Island, …)
 *   are left out.
 * - `s`: provinces/states from region-subdivisions.json (ISO 3166-2 codes and CLDR names, built by
 *   scripts/build-region-subdivisions.ts; Unicode License v3), sorted by English name (China's in
 *   the customary administrative order); an empty list where none are known.
 *
 * Countries: CN, HK, MO, TW, US first, then the rest by English name.
 */
export const RegionSubdivisionSchema = z.strictObject({ c: z.string(), v: z.string(), n: z.string() });
export const RegionEntrySchema = z.strictObject({
  c: z.string(),
  v: z.string(),
  n: z.string(),
  p: z.string(),
  s: z.array(RegionSubdivisionSchema),
});
export const RegionDataSchema = z.array(RegionEntrySchema);

const require = createRequire(import.meta.url);

/** [ISO 3166-2 suffix, English name, Chinese name if known], per ISO 3166-1 alpha-2 country. */
const SUBDIVISIONS = subdivisionFile.countries as Record<string, string[][]>;

const FIRST = ['CN', 'HK', 'MO', 'TW', 'US'];

/** Common English names where the ISO short name is long or formal. */
const ENGLISH_NAMES: Record<string, string> = {
  CN: 'China',
  HK: 'Hong Kong, China',
  MO: 'Macao, China',
  TW: 'Taiwan, China',
  US: 'United States',
  GB: 'United Kingdom',
  RU: 'Russia',
  KR: 'South Korea',
  KP: 'North Korea',
  IR: 'Iran',
  LA: 'Laos',
  SY: 'Syria',
  TZ: 'Tanzania',
  MD: 'Moldova',
  FM: 'Micronesia',
  MK: 'North Macedonia',
  VA: 'Vatican City',
  CZ: 'Czechia',
  BN: 'Brunei',
  GM: 'Gambia',
  PS: 'Palestine',
  VG: 'British Virgin Islands',
  VI: 'U.S. Virgin Islands',
  FK: 'Falkland Islands',
  SX: 'Sint Maarten',
  MF: 'Saint Martin',
};

const CHINESE_NAMES: Record<string, string> = {
  HK: '中国香港',
  MO: '中国澳门',
  TW: '中国台湾',
};

/** China's 34 provincial-level divisions (ISO 3166-2:CN codes), in the customary order. */
const CHINA_PROVINCES: [code: string, zh: string, en: string][] = [
  ['BJ', '北京市', 'Beijing'],
  ['TJ', '天津市', 'Tianjin'],
  ['HE', '河北省', 'Hebei'],
  ['SX', '山西省', 'Shanxi'],
  ['NM', '内蒙古自治区', 'Inner Mongolia'],
  ['LN', '辽宁省', 'Liaoning'],
  ['JL', '吉林省', 'Jilin'],
  ['HL', '黑龙江省', 'Heilongjiang'],
  ['SH', '上海市', 'Shanghai'],
  ['JS', '江苏省', 'Jiangsu'],
  ['ZJ', '浙江省', 'Zhejiang'],
  ['AH', '安徽省', 'Anhui'],
  ['FJ', '福建省', 'Fujian'],
  ['JX', '江西省', 'Jiangxi'],
  ['SD', '山东省', 'Shandong'],
  ['HA', '河南省', 'Henan'],
  ['HB', '湖北省', 'Hubei'],
  ['HN', '湖南省', 'Hunan'],
  ['GD', '广东省', 'Guangdong'],
  ['GX', '广西壮族自治区', 'Guangxi'],
  ['HI', '海南省', 'Hainan'],
  ['CQ', '重庆市', 'Chongqing'],
  ['SC', '四川省', 'Sichuan'],
  ['GZ', '贵州省', 'Guizhou'],
  ['YN', '云南省', 'Yunnan'],
  ['XZ', '西藏自治区', 'Tibet (Xizang)'],
  ['SN', '陕西省', 'Shaanxi'],
  ['GS', '甘肃省', 'Gansu'],
  ['QH', '青海省', 'Qinghai'],
  ['NX', '宁夏回族自治区', 'Ningxia'],
  ['XJ', '新疆维吾尔自治区', 'Xinjiang'],
  ['TW', '台湾省', 'Taiwan'],
  ['HK', '香港特别行政区', 'Hong Kong'],
  ['MO', '澳门特别行政区', 'Macao'],
];

function subdivisions(country: string): RegionEntry['s'] {
  if (country === 'CN') return CHINA_PROVINCES.map(([c, v, n]) => ({ c, v, n }));
  return (SUBDIVISIONS[country] ?? [])
    .map(([c = '', n = '', v = n]) => ({ c, v, n }))
    .sort((a, b) => a.n.localeCompare(b.n, 'en'));
}

/** Builds the region list (pure; about 20 ms). Use `getRegionData()` for the cached payload. */
export function buildRegionData(): RegionEntry[] {
  countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
  countries.registerLocale(require('i18n-iso-countries/langs/zh.json'));
  const entries: RegionEntry[] = [];
  for (const code of Object.keys(countries.getAlpha2Codes())) {
    if (!isSupportedCountry(code)) continue;
    const n = ENGLISH_NAMES[code] ?? countries.getName(code, 'en') ?? code;
    const v = CHINESE_NAMES[code] ?? countries.getName(code, 'zh') ?? n;
    entries.push({ c: code, v, n, p: getCountryCallingCode(code), s: subdivisions(code) });
  }
  const rank = (c: string) => {
    const i = FIRST.indexOf(c);
    return i === -1 ? FIRST.length : i;
  };
  return entries.sort((a, b) => rank(a.c) - rank(b.c) || a.n.localeCompare(b.n, 'en'));
}

export interface RegionDataPayload {
  /** The JSON text as UTF-8. */
  json: Buffer;
  /** Strong ETag of the JSON. */
  etag: string;
  gzip(): Buffer;
  brotli(): Buffer;
}

let cached: RegionDataPayload | undefined;

/** The serialised region data, built on first use and kept in memory (compressed forms too). */
export function getRegionData(): RegionDataPayload {
  if (cached) return cached;
  const json = Buffer.from(JSON.stringify(buildRegionData()), 'utf8');
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  let gz: Buffer | undefined;
  let br: Buffer | undefined;
  cached = {
    json,
    etag,
    gzip: () => {
      gz ??= gzipSync(json, { level: 9 });
      return gz;
    },
    brotli: () => {
      br ??= brotliCompressSync(json, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      });
      return br;
    },
  };
  return cached;
}
