import type { Order, OrdersQuery, Page } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

export const ORDERS_PATH = '/orders';
export const ORDERS_PAGE_SIZE = 10;

export type OrdersFilter = Pick<OrdersQuery, 'status' | 'keyword' | 'page'>;

/** GET /api/orders?status&keyword&page&pageSize → Page<Order>; errors are shown in the page (ErrorView). */
export function getOrders(filter: OrdersFilter, signal?: AbortSignal): Promise<Page<Order>> {
  return api.get<Page<Order>>(
    ORDERS_PATH,
    {
      status: filter.status,
      keyword: filter.keyword?.trim() || undefined,
      page: filter.page,
      pageSize: ORDERS_PAGE_SIZE,
    },
    { errorMode: 'message', signal },
  );
}

/** A page of orders with the moment (browser clock) its answer arrived, which the pay countdowns start from. */
export interface ReceivedOrders extends Page<Order> {
  receivedAtMs: number;
}

/** The orders of one page of the list; the previous page stays on screen while the next one loads. */
export function useOrders(filter: OrdersFilter, enabled = true) {
  return useQuery({
    queryKey: orderKeys.list({ ...filter, pageSize: ORDERS_PAGE_SIZE }),
    queryFn: async ({ signal }): Promise<ReceivedOrders> => ({
      ...(await getOrders(filter, signal)),
      receivedAtMs: Date.now(),
    }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/orders/:orderId → Order ('The order does not exist or has expired' when it is not the caller's). */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return api.get<Order>(`${ORDERS_PATH}/${encodeURIComponent(orderId)}`, undefined, { errorMode: 'message', signal });
}

/** One order, as a one-row list (with its arrival time, like a page of the list). */
export function useOrder(orderId: string | null) {
  return useQuery({
    queryKey: orderKeys.detail(orderId ?? ''),
    queryFn: async ({ signal }): Promise<ReceivedOrders> => {
      const order = await getOrder(orderId ?? '', signal);
      return { items: [order], total: 1, page: 1, pageSize: 1, receivedAtMs: Date.now() };
    },
    enabled: Boolean(orderId),
  });
}
