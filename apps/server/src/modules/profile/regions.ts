import type { RegionEntry } from '@namebourse/contract';
import { getRegionData } from '../../platform/region-data.ts';

interface RegionIndex {
  byCountry: Map<string, RegionEntry>;
  dialCodes: Set<string>;
}

let index: RegionIndex | undefined;

/** The served /region-data.json, indexed by country code and dial code (built once). */
function regions(): RegionIndex {
  if (index) return index;
  const entries = JSON.parse(getRegionData().json.toString('utf8')) as RegionEntry[];
  index = {
    byCountry: new Map(entries.map((entry) => [entry.c, entry])),
    dialCodes: new Set(entries.map((entry) => entry.p)),
  };
  return index;
}

/** A country (`c`) of the region data, or undefined. */
export function findCountry(code: string): RegionEntry | undefined {
  return regions().byCountry.get(code.toUpperCase());
}

/** Whether a dial code (digits, e.g. '86') is a `p` of the region data. */
export function isKnownDialCode(dialCode: string): boolean {
  return regions().dialCodes.has(dialCode);
}
