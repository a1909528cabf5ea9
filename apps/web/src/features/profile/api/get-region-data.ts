import type { RegionEntry } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loadRegions } from '../lib/region-cache';
import { profileKeys } from './keys';

export const REGION_DATA_PATH = '/region-data.json';

/** GET /region-data.json (no /api prefix, not enveloped), from the localStorage cache when its version matches. */
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

export function useRegionData() {
  return useQuery({
    queryKey: profileKeys.regions,
    queryFn: ({ signal }) => getRegionData(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
