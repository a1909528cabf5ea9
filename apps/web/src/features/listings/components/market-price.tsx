import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MarketListing } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';

/**
 * A listing's price as a card shows it: the active price of a fixed-price listing; for an offer listing (its card's
 * 'Make offer' chip says so) the minimum offer, and the buy-now price when the seller set one.
 */
export function MarketPrice({ listing }: { listing: Pick<MarketListing, 'mode' | 'priceCents' | 'floorCents'> }) {
  const { t, i18n } = useTranslation(['market', 'listings']);
  const lng = i18n.resolvedLanguage ?? i18n.language;
  if (listing.mode !== 'offer' && listing.priceCents !== null) {
    return (
      <Typography
        component="span"
        sx={{ fontWeight: 800, typography: 'textXl', fontVariantNumeric: 'tabular-nums', color: 'text.primary' }}
        data-testid="market-price"
      >
        {formatMoney(listing.priceCents, lng)}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 0.25 }} data-testid="market-price">
      <Typography component="span" sx={{ typography: 'textLg', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
        {listing.floorCents !== null
          ? t('market:card.minOffer', { price: formatMoney(listing.floorCents, lng) })
          : t('market:card.anyOffer')}
      </Typography>
      {listing.priceCents !== null ? (
        <Typography component="span" sx={{ typography: 'textSm', color: 'text.secondary' }}>
          {t('market:card.buyNow', { price: formatMoney(listing.priceCents, lng) })}
        </Typography>
      ) : null}
    </Box>
  );
}
