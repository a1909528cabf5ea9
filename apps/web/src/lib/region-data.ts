import { CLIENT, type RegionEntry } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** Served by the server outside /api, not enveloped (spec §3). */
export const REGION_DATA_PATH = '/region-data.json';

/** localStorage key of the cached region data (spec §7: cached locally under version stamp 20250901). */
export const REGION_CACHE_KEY = 'nb.regionData';

/** TanStack Query key of the region data (one list for every feature). */
export const REGION_DATA_QUERY_KEY = ['region-data'] as const;

export interface RegionCacheEntry {
  version: string;
  data: RegionEntry[];
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isRegionList(value: unknown): value is RegionEntry[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (entry) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof entry.c === 'string' &&
        typeof entry.n === 'string' &&
        typeof entry.v === 'string' &&
        typeof entry.p === 'string' &&
        Array.isArray(entry.s),
    )
  );
}

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The cached list when it carries the current version stamp and looks right; null otherwise. */
export function readCachedRegions(
  storage: Storage | null = defaultStorage(),
  version: string = CLIENT.regionDataVersion,
): RegionEntry[] | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(REGION_CACHE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<RegionCacheEntry>;
    if (parsed.version !== version || !isRegionList(parsed.data)) {
      storage.removeItem(REGION_CACHE_KEY);
      return null;
    }
    return parsed.data;
  } catch {
    return null;
  }
}

export function writeCachedRegions(
  data: RegionEntry[],
  storage: Storage | null = defaultStorage(),
  version: string = CLIENT.regionDataVersion,
): void {
  if (!storage) return;
  try {
    storage.setItem(REGION_CACHE_KEY, JSON.stringify({ version, data } satisfies RegionCacheEntry));
  } catch {
    // Storage full or unavailable: the list is fetched again next time.
  }
}

/**
 * The region list from the local cache, or fetched and then cached. A failed or malformed fetch
 * rejects (the page shows 'Failed to retrieve region data. Please refresh the page').
 */
export async function loadRegions(
  fetchRegions: () => Promise<unknown>,
  storage: Storage | null = defaultStorage(),
): Promise<RegionEntry[]> {
  const cached = readCachedRegions(storage);
  if (cached) return cached;
  const fresh = await fetchRegions();
  if (!isRegionList(fresh)) throw new Error('region data malformed');
  writeCachedRegions(fresh, storage);
  return fresh;
}

/** GET /region-data.json (no /api prefix, not enveloped, via the api client's raw mode), from the localStorage cache when its version matches. */
export function getRegionData(signal?: AbortSignal): Promise<RegionEntry[]> {
  return loadRegions(() =>
    api.get<unknown>(REGION_DATA_PATH, undefined, {
      baseUrl: '',
      raw: true,
      errorMode: 'silent',
      signal,
      timeoutMs: 15000,
    }),
  );
}

/** The region data, fetched once per page load (and cached across loads under the version stamp). */
export function useRegionData() {
  return useQuery({
    queryKey: REGION_DATA_QUERY_KEY,
    queryFn: ({ signal }) => getRegionData(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

/** The name of a region entry in the UI language (v: Chinese, n: English). */
export function regionName(entry: { v: string; n: string }, language: string): string {
  return language.startsWith('zh') ? entry.v : entry.n;
}

/** The first country with that dial code (the region data lists CN, HK, MO, TW, US first). */
export function countryForDialCode(regions: readonly RegionEntry[], dialCode: string): RegionEntry | undefined {
  return regions.find((entry) => entry.p === dialCode);
}
