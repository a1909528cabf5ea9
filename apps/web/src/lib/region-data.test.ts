import type { RegionEntry } from '@namebourse/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  countryForDialCode,
  loadRegions,
  REGION_CACHE_KEY,
  readCachedRegions,
  regionName,
  writeCachedRegions,
} from './region-data.ts';

const REGIONS: RegionEntry[] = [
  { c: 'CN', v: '中国', n: 'China', p: '86', s: [{ c: 'GD', v: '广东省', n: 'Guangdong' }] },
  { c: 'US', v: '美国', n: 'United States', p: '1', s: [] },
  { c: 'CA', v: '加拿大', n: 'Canada', p: '1', s: [] },
];

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

describe('region cache', () => {
  it('stores the list under the version stamp 20250901 and reads it back', () => {
    const storage = memoryStorage();
    expect(readCachedRegions(storage)).toBeNull();
    writeCachedRegions(REGIONS, storage);
    expect(JSON.parse(storage.map.get(REGION_CACHE_KEY) ?? '{}').version).toBe('20250901');
    expect(readCachedRegions(storage)).toEqual(REGIONS);
  });

  it('drops a cache of another version or a malformed one', () => {
    const storage = memoryStorage();
    storage.setItem(REGION_CACHE_KEY, JSON.stringify({ version: '20240101', data: REGIONS }));
    expect(readCachedRegions(storage)).toBeNull();
    expect(storage.map.has(REGION_CACHE_KEY)).toBe(false);
    storage.setItem(REGION_CACHE_KEY, '{not json');
    expect(readCachedRegions(storage)).toBeNull();
    storage.setItem(REGION_CACHE_KEY, JSON.stringify({ version: '20250901', data: [{ c: 1 }] }));
    expect(readCachedRegions(storage)).toBeNull();
  });

  it('fetches once, then serves the cache; a failed or malformed fetch rejects', async () => {
    const storage = memoryStorage();
    const fetcher = vi.fn(async () => REGIONS);
    expect(await loadRegions(fetcher, storage)).toEqual(REGIONS);
    expect(await loadRegions(fetcher, storage)).toEqual(REGIONS);
    expect(fetcher).toHaveBeenCalledTimes(1);

    await expect(loadRegions(async () => ({ code: '500' }), memoryStorage())).rejects.toThrow();
    await expect(
      loadRegions(async () => {
        throw new Error('offline');
      }, memoryStorage()),
    ).rejects.toThrow('offline');
  });

  it('works without storage', async () => {
    expect(await loadRegions(async () => REGIONS, null)).toEqual(REGIONS);
  });

  it('names and dial codes', () => {
    expect(regionName(REGIONS[0] as RegionEntry, 'zh-CN')).toBe('中国');
    expect(regionName(REGIONS[0] as RegionEntry, 'en-US')).toBe('China');
    expect(countryForDialCode(REGIONS, '1')?.c).toBe('US');
    expect(countryForDialCode(REGIONS, '999')).toBeUndefined();
  });
});
