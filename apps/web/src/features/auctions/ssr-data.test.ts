import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { publicParametersHandler, publicParameterValues } from '../../lib/public-parameters.test-support.ts';
import { publicParametersKey } from '../../lib/public-parameters.ts';
import { auctionFixture } from '../../lib/testing/fixtures.ts';
import { http, ok, server } from '../../lib/testing/index.ts';
import { loadLot } from './ssr-data.ts';

describe('the lot page in the server render', () => {
  it('fetches the deposit rule (public parameters) with the lot, so the first view shows the server numbers', async () => {
    server.use(
      http.get('/api/auctions/42', () => ok(auctionFixture({ auctionId: '42' }))),
      publicParametersHandler({ depositMinCents: 2_500, depositRateBps: 2_000 }),
    );
    const queryClient = new QueryClient();
    await loadLot({ params: { auctionId: '42' } } as unknown as LoaderFunctionArgs, { queryClient, lng: 'en-US' });
    expect(queryClient.getQueryData(publicParametersKey)).toEqual(
      publicParameterValues({ depositMinCents: 2_500, depositRateBps: 2_000 }),
    );
  });
});
