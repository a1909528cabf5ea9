import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSubdivisions, OUTPUT } from './build-region-subdivisions.ts';

describe('region-subdivisions.json', () => {
  it('is what scripts/build-region-subdivisions.ts builds from CLDR (run it after a CLDR upgrade)', () => {
    const committed = JSON.parse(readFileSync(OUTPUT, 'utf8')) as unknown;
    expect(committed).toEqual(buildSubdivisions());
  });
});
