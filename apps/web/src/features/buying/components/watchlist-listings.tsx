import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { WatchedListing } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LiveCountdown, MoneyText, useServerNow } from '../../../components/auction/index.ts';
import { useToggleListingWatch } from '../../../components/buying/api/watch-listing.ts';
import { AddToCartButton } from '../../../components/buying/index.ts';
import { CardList } from '../../../components/card-list.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { formatMoney } from '../../../lib/format.ts';
import { RemoveButton, WatchField, WatchRow } from './watchlist-row.tsx';

function unavailableKey(listing: WatchedListing): 'sold' | 'selling' | 'other' {
  return listing.status === 'sold' ? 'sold' : listing.status === 'selling' ? 'selling' : 'other';
}

/**
 * The watched fixed-price and offer listings: price (or the offer floor), time left of the listing's period, on sale
 * or not (a sold or withdrawn one stays, marked), add to cart (buy-now listings on sale) or make an offer, remove.
 */
export function WatchedListings({ listings }: { listings: WatchedListing[] }) {
  const { t } = useTranslation('watchlist');
  const now = useServerNow(listings.some((listing) => listing.expiresAt !== null));
  const toggle = useToggleListingWatch();
  const remove = (listing: WatchedListing) =>
    toggle.mutate(
      { listingId: listing.listingId, watch: false, domain: listing.domain },
      { onSuccess: () => showToast(t('remove.done', { domain: listing.domain }), 'success') },
    );
  return (
    <CardList data-testid="watched-listings">
      {listings.map((listing) => {
        const marketPath = `/market/${encodeURIComponent(listing.domain)}`;
        return (
          <WatchRow
            key={listing.listingId}
            id={listing.listingId}
            testId="watched-listing"
            domain={listing.domain}
            to={marketPath}
            linkLabel={t('listing.open', { domain: listing.domain })}
            kind={t(`listing.mode.${listing.mode}`)}
            price={
              <WatchField label={t('listing.price')}>
                {listing.priceCents !== null ? (
                  <MoneyText
                    cents={listing.priceCents}
                    sx={{ display: 'block', fontWeight: 700, typography: 'textLg' }}
                  />
                ) : (
                  <Typography sx={{ typography: 'textMd', fontWeight: 600 }}>{t('listing.noPrice')}</Typography>
                )}
                {listing.floorCents !== null ? (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('listing.floor', { price: formatMoney(listing.floorCents) })}
                  </Typography>
                ) : null}
              </WatchField>
            }
            time={
              <WatchField label={t('timeLeft')}>
                {listing.expiresAt === null ? (
                  <Typography sx={{ typography: 'textMd' }}>{t('listing.longTerm')}</Typography>
                ) : (
                  <LiveCountdown
                    endsAt={listing.expiresAt}
                    now={now}
                    icon
                    endedText={t('ended')}
                    aria-label={t('timeLeft')}
                  />
                )}
              </WatchField>
            }
            status={
              <StatusChip
                label={listing.available ? t('listing.available') : t(`listing.unavailable.${unavailableKey(listing)}`)}
                tone={listing.available ? 'success' : 'default'}
                status={listing.status}
                testId="watched-listing-status"
              />
            }
            actions={
              <>
                {listing.available && listing.mode === 'fixed' && listing.priceCents !== null ? (
                  <AddToCartButton listingId={listing.listingId} domain={listing.domain} size="small" />
                ) : null}
                {listing.available && listing.mode === 'offer' ? (
                  <Button
                    size="small"
                    variant="outlined"
                    component={RouterLink}
                    to={marketPath}
                    aria-label={t('listing.makeOfferFor', { domain: listing.domain })}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {t('listing.makeOffer')}
                  </Button>
                ) : null}
                <RemoveButton
                  domain={listing.domain}
                  pending={toggle.isPending && toggle.variables?.listingId === listing.listingId}
                  onClick={() => remove(listing)}
                />
              </>
            }
          />
        );
      })}
    </CardList>
  );
}
