export { AddToCartButton } from './add-to-cart-button.tsx';
export { type BuyableListing, ListingBuyActions } from './listing-buy-actions.tsx';
export { ListingWatchStar } from './listing-watch-star.tsx';
export { MarketRowActions } from './market-row-actions.tsx';
export {
  canBuyNow,
  PRICE_CHANGED_CODE,
  PURCHASE_FAILED_CODE,
  type PurchaseFailureInfo,
  purchaseFailureKey,
  purchaseFailureOf,
} from './purchase-failure.ts';
