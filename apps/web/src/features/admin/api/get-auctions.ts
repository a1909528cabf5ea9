import type { AdminAuction, AdminAuctionsQuery, Page } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const ADMIN_AUCTIONS_PATH = '/admin/auctions';

export type AdminLotsQuery = Pick<AdminAuctionsQuery, 'status' | 'keyword' | 'page' | 'pageSize'>;

/** GET /api/admin/auctions?status&keyword&page (admin): every lot, newest first. */
export function getAdminAuctions(query: AdminLotsQuery, signal?: AbortSignal): Promise<Page<AdminAuction>> {
  return api.get<Page<AdminAuction>>(
    ADMIN_AUCTIONS_PATH,
    { ...query, keyword: query.keyword?.trim() || undefined },
    { errorMode: 'message', signal },
  );
}

export function useAdminAuctions(query: AdminLotsQuery) {
  return useQuery({
    queryKey: adminKeys.auctionList(query),
    queryFn: ({ signal }) => getAdminAuctions(query, signal),
    placeholderData: keepPreviousData,
  });
}
