/** TanStack Query keys of the payouts area (payees and settlements). */
export const payoutsKeys = {
  all: ['payouts'] as const,
  payees: () => [...payoutsKeys.all, 'payees'] as const,
  summary: () => [...payoutsKeys.all, 'summary'] as const,
  settlementLists: () => [...payoutsKeys.all, 'settlements'] as const,
  settlements: (query: { status?: string; page: number; pageSize: number }) =>
    [...payoutsKeys.settlementLists(), query] as const,
};
