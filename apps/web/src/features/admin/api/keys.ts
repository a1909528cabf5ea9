/** Query keys of the operator console; everything under ['admin'] (the operator itself is lib/operator). */
export const adminKeys = {
  all: ['admin'] as const,
  ledgerCheck: () => ['admin', 'ledger-check'] as const,
  payees: () => ['admin', 'payees'] as const,
  payeeList: (query: object) => ['admin', 'payees', query] as const,
  settlements: () => ['admin', 'settlements'] as const,
  settlementList: (query: object) => ['admin', 'settlements', query] as const,
  users: () => ['admin', 'users'] as const,
  userList: (query: object) => ['admin', 'users', 'list', query] as const,
  user: (accountNo: string) => ['admin', 'users', 'detail', accountNo] as const,
  auctions: () => ['admin', 'auctions'] as const,
  auctionList: (query: object) => ['admin', 'auctions', query] as const,
  deliveries: () => ['admin', 'deliveries'] as const,
  deliveryList: (query: object) => ['admin', 'deliveries', query] as const,
  listingReviews: () => ['admin', 'listing-review'] as const,
  listingReviewList: (query: object) => ['admin', 'listing-review', query] as const,
};
