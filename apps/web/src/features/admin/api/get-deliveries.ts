import {
  type AdminDeliveriesQuery,
  type AdminDelivery,
  AdminDeliverySchema,
  type Page,
  pageSchema,
} from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const ADMIN_DELIVERIES_PATH = '/admin/deliveries';

export type AdminDeliveriesListQuery = Pick<AdminDeliveriesQuery, 'status' | 'page'> & { pageSize?: number };

const PageOfDeliveries = pageSchema(AdminDeliverySchema);

/** GET /api/admin/deliveries?status&page (support/admin): won lots whose delivery is failed, pending or under way. */
export async function getAdminDeliveries(
  query: AdminDeliveriesListQuery,
  signal?: AbortSignal,
): Promise<Page<AdminDelivery>> {
  return PageOfDeliveries.parse(await api.get<unknown>(ADMIN_DELIVERIES_PATH, query, { errorMode: 'message', signal }));
}

export function useAdminDeliveries(query: AdminDeliveriesListQuery) {
  return useQuery({
    queryKey: adminKeys.deliveryList(query),
    queryFn: ({ signal }) => getAdminDeliveries(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
