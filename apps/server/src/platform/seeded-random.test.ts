import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.ts';

const draw = (random: () => number, n: number) => Array.from({ length: n }, () => random());

describe('seededRandom', () => {
  it('gives the same sequence for the same seed', () => {
    expect(draw(seededRandom(42), 100)).toEqual(draw(seededRandom(42), 100));
  });

  it('draws numbers in [0, 1) that are not all alike', () => {
    const values = draw(seededRandom(7), 10_000);
    for (const value of values) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
    expect(new Set(values).size).toBeGreaterThan(9_900);
  });

  it('gives different sequences for different seeds', () => {
    expect(draw(seededRandom(1), 20)).not.toEqual(draw(seededRandom(2), 20));
  });

  it('keeps the mulberry32 sequence (seeded data and latencies depend on it)', () => {
    expect(draw(seededRandom(1), 3)).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
  });
});
