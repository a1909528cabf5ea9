import type { OrdersQuery } from '@namebourse/contract';
import { sharedKeys } from '../../../lib/query-keys.ts';

/** TanStack Query keys of the orders area. */
export const orderKeys = {
  all: sharedKeys.orders,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (query: Partial<OrdersQuery>) => [...orderKeys.lists(), query] as const,
  detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
};
