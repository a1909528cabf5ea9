/** TanStack Query keys of the buyer's auction consoles. */
export const myAuctionKeys = {
  all: ['my-auctions'] as const,
  bidding: (query: object) => ['my-auctions', 'bidding', query] as const,
  won: (query: object) => ['my-auctions', 'won', query] as const,
};
