import { describe, expect, it } from 'vitest';
import { buildRegionData, getRegionData, RegionDataSchema } from './region-data.ts';

describe('region data', () => {
  const data = buildRegionData();

  it('has exactly the fields c, v, n, p, s on every entry and c, v, n on every province', () => {
    expect(data.length).toBeGreaterThan(230);
    for (const entry of data) {
      expect(Object.keys(entry).sort()).toEqual(['c', 'n', 'p', 's', 'v']);
      expect(entry.c).toMatch(/^[A-Z]{2}$/);
      expect(entry.p).toMatch(/^\d{1,4}$/);
      expect(entry.v.length).toBeGreaterThan(0);
      expect(entry.n.length).toBeGreaterThan(0);
      for (const s of entry.s) {
        expect(Object.keys(s).sort()).toEqual(['c', 'n', 'v']);
        expect(s.c.length).toBeGreaterThan(0);
      }
    }
    expect(RegionDataSchema.safeParse(data).success).toBe(true);
    expect(new Set(data.map((e) => e.c)).size).toBe(data.length);
  });

  it('lists China first with Chinese names and its 34 provincial divisions', () => {
    expect(data.slice(0, 5).map((e) => e.c)).toEqual(['CN', 'HK', 'MO', 'TW', 'US']);
    const cn = data[0]!;
    expect(cn).toMatchObject({ c: 'CN', v: '中国', n: 'China', p: '86' });
    expect(cn.s).toHaveLength(34);
    expect(cn.s.find((s) => s.c === 'GD')).toEqual({ c: 'GD', v: '广东省', n: 'Guangdong' });
    expect(cn.s.find((s) => s.c === 'BJ')).toEqual({ c: 'BJ', v: '北京市', n: 'Beijing' });
    for (const s of cn.s) expect(s.v).toMatch(/[\u4e00-\u9fff]/);
  });

  it('gives dial codes as digits and sorts the rest by English name', () => {
    const byCode = new Map(data.map((e) => [e.c, e]));
    expect(byCode.get('US')?.p).toBe('1');
    expect(byCode.get('HK')).toMatchObject({ p: '852', v: '中国香港' });
    expect(byCode.get('GB')).toMatchObject({ n: 'United Kingdom', v: '英国', p: '44' });
    expect(byCode.get('US')?.s.find((s) => s.c === 'CA')?.n).toBe('California');
    expect(byCode.has('AQ')).toBe(false); // no dial code of its own
    const rest = data.slice(5).map((e) => e.n);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it("lists the ISO 3166-2 subdivisions of 200 countries, with Hong Kong's 18 districts in Chinese", () => {
    const byCode = new Map(data.map((e) => [e.c, e]));
    expect(data.filter((e) => e.s.length > 0).length).toBeGreaterThanOrEqual(200);
    expect(data.reduce((n, e) => n + e.s.length, 0)).toBeGreaterThan(5000);
    expect(byCode.get('GB')?.s.find((s) => s.c === 'ENG')).toEqual({ c: 'ENG', v: '英格兰', n: 'England' });
    expect(byCode.get('FR')?.s.find((s) => s.c === '75C')?.n).toBe('Paris');
    expect(byCode.get('JP')?.s).toHaveLength(47);
    const hk = byCode.get('HK')!;
    expect(hk.s).toHaveLength(18);
    expect(hk.s.find((s) => s.c === 'HCW')).toEqual({ c: 'HCW', v: '中西区', n: 'Central and Western' });
    for (const s of hk.s) expect(s.v).toMatch(/^[\u4e00-\u9fff]+区$/);
    for (const entry of data) {
      expect(new Set(entry.s.map((s) => s.c)).size).toBe(entry.s.length);
      const names = entry.s.map((s) => s.n);
      if (entry.c !== 'CN') expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    }
  });

  it('serialises once and caches the payload with a strong ETag', () => {
    const a = getRegionData();
    expect(getRegionData()).toBe(a);
    expect(a.etag).toMatch(/^"[\w-]+"$/);
    expect(JSON.parse(a.json.toString('utf8'))).toEqual(data);
    expect(a.gzip().length).toBeLessThan(a.json.length / 2);
    expect(a.brotli()).toBe(a.brotli());
  });
});
