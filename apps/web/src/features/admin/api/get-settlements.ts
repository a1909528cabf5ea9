import {
  type AdminSettlement,
  AdminSettlementSchema,
  type Page,
  pageSchema,
  type SettlementStatus,
} from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const ADMIN_SETTLEMENTS_PATH = '/admin/settlements';

export interface AdminSettlementsQuery {
  /** 'open': in review + processing; 'all': every status (optionally one). */
  queue: 'open' | 'all';
  status?: SettlementStatus;
  page: number;
  pageSize?: number;
}

const PageOfSettlements = pageSchema(AdminSettlementSchema);

/** GET /api/admin/settlements (finance/admin). */
export async function getAdminSettlements(
  query: AdminSettlementsQuery,
  signal?: AbortSignal,
): Promise<Page<AdminSettlement>> {
  const params = { ...query, status: query.queue === 'all' ? query.status : undefined };
  return PageOfSettlements.parse(
    await api.get<unknown>(ADMIN_SETTLEMENTS_PATH, params, { errorMode: 'message', signal }),
  );
}

export function useAdminSettlements(query: AdminSettlementsQuery, enabled = true) {
  return useQuery({
    queryKey: adminKeys.settlementList(query),
    queryFn: ({ signal }) => getAdminSettlements(query, signal),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}
