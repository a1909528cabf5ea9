import type { Order, OrdersQuery, Page } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { learnServerTimeFromOrders } from '../../../components/auction/server-clock.ts';
import { ORDERS_PATH } from '../../../components/order-payment/index.ts';
import { api } from '../../../lib/api-client.ts';
import { orderKeys } from './keys.ts';

export const ORDERS_PAGE_SIZE = 10;

export type OrdersFilter = Pick<OrdersQuery, 'status' | 'keyword' | 'page'>;

/**
 * GET /api/orders?status&keyword&page&pageSize → Page<Order>; errors are shown in the page (ErrorView). The
 * orders' time left to pay sets the server clock the pay countdowns read.
 */
export async function getOrders(filter: OrdersFilter, signal?: AbortSignal): Promise<Page<Order>> {
  const answer = await api.get<Page<Order>>(
    ORDERS_PATH,
    {
      status: filter.status,
      keyword: filter.keyword?.trim() || undefined,
      page: filter.page,
      pageSize: ORDERS_PAGE_SIZE,
    },
    { errorMode: 'message', signal },
  );
  learnServerTimeFromOrders(answer.items);
  return answer;
}

/** The orders of one page of the list; the previous page stays on screen while the next one loads. */
export function useOrders(filter: OrdersFilter, enabled = true) {
  return useQuery({
    queryKey: orderKeys.list({ ...filter, pageSize: ORDERS_PAGE_SIZE }),
    queryFn: ({ signal }) => getOrders(filter, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/orders/:orderId → Order ('The order does not exist or has expired' when it is not the caller's). */
export async function getOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  const order = await api.get<Order>(`${ORDERS_PATH}/${encodeURIComponent(orderId)}`, undefined, {
    errorMode: 'message',
    signal,
  });
  learnServerTimeFromOrders([order]);
  return order;
}

/** One order, as a one-row list (like a page of the list). */
export function useOrder(orderId: string | null) {
  return useQuery({
    queryKey: orderKeys.detail(orderId ?? ''),
    queryFn: async ({ signal }): Promise<Page<Order>> => {
      const order = await getOrder(orderId ?? '', signal);
      return { items: [order], total: 1, page: 1, pageSize: 1 };
    },
    enabled: Boolean(orderId),
  });
}
