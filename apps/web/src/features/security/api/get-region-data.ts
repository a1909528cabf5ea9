import { CLIENT, type RegionEntry } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { securityKeys } from './keys';

export const REGION_DATA_PATH = '/region-data.json';
const CACHE_KEY = `nb.regionData.${CLIENT.regionDataVersion}`;

function readCache(): RegionEntry[] | null {
  try {
    const text = localStorage.getItem(CACHE_KEY);
    const value = text ? (JSON.parse(text) as unknown) : null;
    return Array.isArray(value) && value.length > 0 ? (value as RegionEntry[]) : null;
  } catch {
    return null;
  }
}

/** /region-data.json (raw, no envelope), cached in local storage under the version stamp (spec §7). */
export async function getRegionData(signal?: AbortSignal): Promise<RegionEntry[]> {
  const cached = readCache();
  if (cached) return cached;
  const data = await api.get<unknown>(REGION_DATA_PATH, undefined, {
    raw: true,
    baseUrl: '',
    errorMode: 'silent',
    signal,
  });
  if (!Array.isArray(data)) throw new Error('region data');
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify(data));
  } catch {
    // Storage full or unavailable: the data is still used.
  }
  return data as RegionEntry[];
}

export function useRegionData() {
  return useQuery({
    queryKey: securityKeys.regions(),
    queryFn: ({ signal }) => getRegionData(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
