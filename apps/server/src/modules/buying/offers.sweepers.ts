import type { App } from '../../platform/app-context.ts';
import { claimExpiredOffers, type OfferRow } from './offers.repository.ts';
import { expireOffer } from './offers.service.ts';

/**
 * The offers' deadline (DESIGN.md §3): an open or countered offer not answered within
 * BUYING_RULES.offerExpiryDays of its last step expires (by the system; both sides told). Claimed
 * FOR UPDATE SKIP LOCKED and re-checked under the lock, so a second instance never applies twice.
 */
export function registerOfferSweepers(app: App): void {
  app.platform.sweeper.register<OfferRow>({
    name: 'offers.expiry',
    claim: (tx, now, limit) => claimExpiredOffers(tx, now, limit),
    apply: (tx, row, now) => expireOffer(tx, row, now),
  });
}
