import type { RegionEntry } from '@namebourse/contract';
import { getRegionData } from '../../platform/region-data.ts';

interface RegionIndex {
  byCountry: Map<string, RegionEntry>;
}

let index: RegionIndex | undefined;

/** The served /region-data.json, indexed by country code (built once). */
function regions(): RegionIndex {
  if (index) return index;
  const entries = JSON.parse(getRegionData().json.toString('utf8')) as RegionEntry[];
  index = {
    byCountry: new Map(entries.map((entry) => [entry.c, entry])),
  };
  return index;
}

/** A country (`c`) of the region data, or undefined. */
export function findCountry(code: string): RegionEntry | undefined {
  return regions().byCountry.get(code.toUpperCase());
}
