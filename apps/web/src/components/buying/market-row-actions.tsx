import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddToCartButton } from './add-to-cart-button.tsx';
import { MARKET_ROOT } from './api/keys.ts';
import { type BuyableListing, LazyBuyNowDialog, usePreloadBuyingDialog } from './listing-buy-actions.tsx';
import { canBuyNow } from './purchase-failure.ts';
import { useBuyerSignIn } from './use-sign-in.ts';

/**
 * A market row's compact actions for a listing with a buy-now price: Add to cart and Buy now (the same dialog
 * as the listing page). Drawn above the card's whole-card link so both stay clickable and focusable.
 */
export function MarketRowActions({ listing }: { listing: BuyableListing }) {
  const { t } = useTranslation('buying');
  const { isLogin, signIn } = useBuyerSignIn();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const preload = usePreloadBuyingDialog(LazyBuyNowDialog);
  if (!canBuyNow(listing)) return null;
  return (
    <Box
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', position: 'relative', zIndex: 1 }}
      data-testid="market-row-actions"
    >
      <Button
        size="small"
        variant="contained"
        onClick={() => (isLogin ? setOpen(true) : signIn())}
        onMouseEnter={preload}
        onFocus={preload}
        aria-label={t('buy.buttonFor', { domain: listing.domain })}
        data-testid="market-row-buy"
      >
        {t('buy.button')}
      </Button>
      <AddToCartButton listingId={listing.listingId} domain={listing.domain} size="small" />
      <LazyBuyNowDialog
        open={open}
        onClose={() => setOpen(false)}
        // Bought: the market asks again, so the sold row (and its Buy now) goes.
        onBought={() => void queryClient.invalidateQueries({ queryKey: MARKET_ROOT })}
        listing={{ listingId: listing.listingId, domain: listing.domain, priceCents: listing.priceCents }}
      />
    </Box>
  );
}
