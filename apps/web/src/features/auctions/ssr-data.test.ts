import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { publicParametersHandler, publicParameterValues } from '../../lib/public-parameters.test-support.ts';
import { publicParametersKey } from '../../lib/public-parameters.ts';
import { auctionFixture } from '../../lib/testing/fixtures.ts';
import { HttpResponse, http, ok, server } from '../../lib/testing/index.ts';
import { BIDS_PAGE_SIZE, bidsQuery } from './api/get-bids.ts';
import { auctionKeys } from './api/keys.ts';
import { loadLot } from './ssr-data.ts';

describe('the lot page in the server render', () => {
  it('fetches the deposit rule (public parameters) with the lot, so the first view shows the server numbers', async () => {
    server.use(
      http.get('/api/auctions/42', () => ok(auctionFixture({ auctionId: '42' }))),
      http.get('/api/auctions/42/bids', () => ok({ items: [], total: 0, page: 1, pageSize: BIDS_PAGE_SIZE })),
      publicParametersHandler({ depositMinCents: 2_500, depositRateBps: 2_000 }),
    );
    const queryClient = new QueryClient();
    await loadLot({ params: { auctionId: '42' } } as unknown as LoaderFunctionArgs, { queryClient, lng: 'en-US' });
    expect(queryClient.getQueryData(publicParametersKey)).toEqual(
      publicParameterValues({ depositMinCents: 2_500, depositRateBps: 2_000 }),
    );
  });

  it('fetches the first page of bid records, so the page lists them before the app starts', async () => {
    const records = {
      items: [
        { bidderNo: 2, isMine: false, amountCents: 3_000, kind: 'manual', createdAt: '2026-11-27T10:00:00.000Z' },
      ],
      total: 1,
      page: 1,
      pageSize: BIDS_PAGE_SIZE,
    };
    server.use(
      http.get('/api/auctions/42', () => ok(auctionFixture({ auctionId: '42' }))),
      http.get('/api/auctions/42/bids', ({ request }) =>
        new URL(request.url).searchParams.get('page') === '1' ? ok(records) : ok({ ...records, items: [] }),
      ),
      publicParametersHandler({}),
    );
    const queryClient = new QueryClient();
    await loadLot({ params: { auctionId: '42' } } as unknown as LoaderFunctionArgs, { queryClient, lng: 'en-US' });
    expect(queryClient.getQueryData(bidsQuery('42', 1).queryKey)).toEqual(records);
  });

  it('still renders the lot when its bid records fail (the browser asks again)', async () => {
    server.use(
      http.get('/api/auctions/42', () => ok(auctionFixture({ auctionId: '42' }))),
      http.get('/api/auctions/42/bids', () => HttpResponse.error()),
      publicParametersHandler({}),
    );
    const queryClient = new QueryClient();
    await loadLot({ params: { auctionId: '42' } } as unknown as LoaderFunctionArgs, { queryClient, lng: 'en-US' });
    expect(queryClient.getQueryData(bidsQuery('42', 1).queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(auctionKeys.detail('42'))).toBeDefined();
  });
});
