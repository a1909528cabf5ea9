/**
 * TanStack Query keys and paths of buying from sellers (buy now, cart, offers, watched listings), shared by the
 * market pages (features/listings) and the buyer's console pages (features/buying).
 */
export const buyingKeys = {
  all: ['buying'] as const,
  /** The signed-in buyer's state of one market listing (GET /api/market/:domain/mine). */
  mines: () => [...buyingKeys.all, 'mine'] as const,
  mine: (domain: string) => [...buyingKeys.mines(), domain] as const,
  /** GET /api/cart. */
  cart: () => [...buyingKeys.all, 'cart'] as const,
  /** GET /api/offers (any role and filter). */
  offers: () => [...buyingKeys.all, 'offers'] as const,
};

/** The watchlist's root (lots and listings; the auctions area and the watchlist page share it). */
export const WATCHLIST_ROOT = ['watchlist'] as const;
/** The public market's root (lists and listing pages of features/listings). */
export const MARKET_ROOT = ['market'] as const;

export const CART_PATH = '/cart';
export const WATCHLIST_PATH = '/watchlist';
export const listingPath = (listingId: string) => `/listings/${encodeURIComponent(listingId)}`;
export const marketMinePath = (domain: string) => `/market/${encodeURIComponent(domain)}/mine`;

/** Where the buyer goes after buying: one order in the order list, their domains, the recharge page, offers. */
export const BUYER_LINKS = {
  order: (orderId: string) => `/console/order/list?orderId=${encodeURIComponent(orderId)}`,
  myDomains: '/console/domain/list',
  offers: '/console/offers',
  cart: '/console/cart',
  market: '/market',
} as const;
