import { sharedKeys } from '../../../lib/query-keys.ts';
import type { HistoryQuery } from '../lib/history-filter.ts';

/** TanStack Query keys of the funds area. */
export const fundsKeys = {
  all: sharedKeys.funds,
  summary: () => [...fundsKeys.all, 'summary'] as const,
  transactionsAll: () => [...fundsKeys.all, 'transactions'] as const,
  transactions: (query: HistoryQuery) => [...fundsKeys.transactionsAll(), query] as const,
  rechargesAll: () => [...fundsKeys.all, 'recharges'] as const,
  recharges: (page: number, pageSize: number) => [...fundsKeys.rechargesAll(), { page, pageSize }] as const,
  recharge: (rechargeId: string) => [...fundsKeys.all, 'recharge', rechargeId] as const,
  cards: () => [...fundsKeys.all, 'cards'] as const,
  sandboxSession: (sessionId: string) => ['payments', 'sandbox', sessionId] as const,
};
