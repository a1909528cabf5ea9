import { DEFAULT_PARAMETERS, PUBLIC_PARAMETER_KEYS } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { publicParameterValues } from './public-parameters.test-support.ts';
import { getPublicParameters, SHOWN_PUBLIC_PARAMETERS } from './public-parameters.ts';
import { http, ok, server } from './testing/index.ts';

describe('public parameters', () => {
  it('are exactly the registry’s public parameters (the server sends those)', () => {
    expect([...SHOWN_PUBLIC_PARAMETERS].sort()).toEqual([...PUBLIC_PARAMETER_KEYS].sort());
  });

  it('reads the server’s values, ignoring keys it does not know', async () => {
    const values = publicParameterValues({ rechargeFeeCardBps: 295 });
    server.use(http.get('/api/parameters/public', () => ok({ ...values, somethingNew: 7 })));
    const read = await getPublicParameters();
    expect(read.rechargeFeeCardBps).toBe(295);
    expect(read.taxRateBps).toBe(DEFAULT_PARAMETERS.taxRateBps);
    expect(read).not.toHaveProperty('somethingNew');
  });

  it('refuses an answer without a number it shows (no silent fallback to a bundled default)', async () => {
    const { taxRateBps: _dropped, ...rest } = publicParameterValues();
    server.use(http.get('/api/parameters/public', () => ok(rest)));
    await expect(getPublicParameters()).rejects.toThrow();
    server.use(http.get('/api/parameters/public', () => ok({ ...rest, taxRateBps: 6.5 })));
    await expect(getPublicParameters()).rejects.toThrow();
  });
});
