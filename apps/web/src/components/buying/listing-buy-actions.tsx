import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { BuyResult, ListingMode, Offer } from '@namebourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { publicParametersQuery } from '../../lib/public-parameters.ts';
import { useDisplayTimeZone } from '../../lib/render-env.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { lazyOnOpen } from '../lazy-on-open.tsx';
import { AddToCartButton } from './add-to-cart-button.tsx';
import { useMarketMine } from './api/get-market-mine.ts';
import { BUYER_LINKS } from './api/keys.ts';
import { ListingWatchStar } from './listing-watch-star.tsx';
import { canBuyNow } from './purchase-failure.ts';
import { useBuyerSignIn } from './use-sign-in.ts';

// The dialogs' code arrives when first opened (the public page's first load stays light).
export const LazyBuyNowDialog = lazyOnOpen(() => import('./buy-now-dialog.tsx'));
const LazyMakeOfferDialog = lazyOnOpen(() => import('./make-offer-dialog.tsx'));

/**
 * Readies a buying dialog when its button is hovered or focused: its code, and the tax rate it shows (a public
 * parameter), so the dialog opens with its total rather than a placeholder.
 */
export function usePreloadBuyingDialog(dialog: { preload: () => Promise<unknown> }) {
  const queryClient = useQueryClient();
  return () => {
    void dialog.preload();
    void queryClient.prefetchQuery(publicParametersQuery());
  };
}

export interface BuyableListing {
  listingId: string;
  domain: string;
  mode: ListingMode;
  priceCents: number | null;
  floorCents: number | null;
}

/**
 * The buyer's actions on a listing's public page: Buy now (fixed price, or an offer listing's buy-now price),
 * Add to cart / In cart, Make an offer (offer listings) or the buyer's open offer, and the watch star. The
 * buyer's own state is asked in the browser once signed in; visitors see the buttons and are sent to sign in;
 * the seller sees no buying buttons on their own listing.
 */
export function ListingBuyActions({ listing }: { listing: BuyableListing }) {
  const { t } = useTranslation('buying');
  const { isLogin, signIn } = useBuyerSignIn();
  const mine = useMarketMine(listing.domain, isLogin);
  const preloadBuy = usePreloadBuyingDialog(LazyBuyNowDialog);
  const preloadOffer = usePreloadBuyingDialog(LazyMakeOfferDialog);
  const [dialog, setDialog] = useState<'buy' | 'offer' | null>(null);
  // Bought here: the listing is gone from the market, so its buttons give way to the order.
  const [bought, setBought] = useState<BuyResult | null>(null);
  const state = isLogin ? mine.data : undefined;
  if (listing.mode === 'auction') return null;

  const star = (
    <ListingWatchStar listingId={listing.listingId} domain={listing.domain} isWatched={state?.isWatched ?? false} />
  );
  if (state?.isOwn) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="listing-buy-actions">
        <Alert severity="info" sx={{ flex: 1 }} data-testid="listing-own">
          {t('listing.own')}
        </Alert>
      </Box>
    );
  }

  if (bought) {
    return (
      <Alert severity="success" data-testid="listing-bought">
        {bought.paid ? t('listing.bought') : t('listing.boughtUnpaid')}{' '}
        <Link component={RouterLink} to={BUYER_LINKS.order(bought.orderId)}>
          {t('buy.viewOrder')}
        </Link>
      </Alert>
    );
  }

  const buyable = canBuyNow(listing);
  const offerMode = listing.mode === 'offer';
  const openOffer = state?.offer ?? null;
  const open = (which: 'buy' | 'offer') => (isLogin ? setDialog(which) : signIn());

  return (
    <Box sx={{ display: 'grid', gap: 1.25 }} data-testid="listing-buy-actions">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {buyable ? (
          <Button
            variant="contained"
            size="large"
            startIcon={<ShoppingBagOutlined />}
            onClick={() => open('buy')}
            onMouseEnter={preloadBuy}
            onFocus={preloadBuy}
            sx={{ flex: '1 1 160px' }}
            data-testid="listing-buy-now"
          >
            {t('buy.button')}
          </Button>
        ) : null}
        {offerMode && !openOffer ? (
          <Button
            variant={buyable ? 'outlined' : 'contained'}
            size="large"
            startIcon={<LocalOfferOutlined />}
            onClick={() => open('offer')}
            onMouseEnter={preloadOffer}
            onFocus={preloadOffer}
            sx={{ flex: '1 1 160px' }}
            data-testid="listing-make-offer"
          >
            {t('offer.button')}
          </Button>
        ) : null}
        {star}
      </Box>
      {buyable ? (
        <AddToCartButton
          listingId={listing.listingId}
          domain={listing.domain}
          inCart={state?.inCart ?? false}
          fullWidth
        />
      ) : null}
      {openOffer ? <OpenOffer offer={openOffer} /> : null}
      {buyable ? (
        <LazyBuyNowDialog
          open={dialog === 'buy'}
          onClose={() => setDialog(null)}
          onBought={setBought}
          listing={{ listingId: listing.listingId, domain: listing.domain, priceCents: listing.priceCents }}
          balanceCents={state?.availableBalanceCents ?? null}
        />
      ) : null}
      {offerMode ? (
        <LazyMakeOfferDialog
          open={dialog === 'offer'}
          onClose={() => setDialog(null)}
          listing={{ listingId: listing.listingId, domain: listing.domain, floorCents: listing.floorCents }}
        />
      ) : null}
    </Box>
  );
}

/** The buyer's open (or countered) offer on the listing, with a link to My offers. */
function OpenOffer({ offer }: { offer: Offer }) {
  const { t } = useTranslation('buying');
  const locale = useLocale();
  const timeZone = useDisplayTimeZone();
  const countered = offer.status === 'countered';
  return (
    <Box
      sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover', display: 'grid', gap: 0.5 }}
      role="group"
      aria-label={t('listing.myOffer')}
      data-testid="listing-my-offer"
    >
      <Typography sx={{ typography: 'textSm', fontWeight: 700 }}>{t('listing.myOffer')}</Typography>
      <Typography sx={{ typography: 'textMd' }}>
        {countered
          ? t('listing.offerCountered', { amount: formatMoney(offer.amountCents, locale) })
          : t('listing.offerOpen', { amount: formatMoney(offer.amountCents, locale) })}
      </Typography>
      <Typography sx={{ typography: 'textSm', color: 'text.secondary' }}>
        {t('listing.offerExpires', { date: formatDateTime(offer.expiresAt, locale, timeZone) })}
      </Typography>
      <Link component={RouterLink} to={BUYER_LINKS.offers} sx={{ typography: 'textSm' }}>
        {t('listing.manageOffers')}
      </Link>
    </Box>
  );
}
