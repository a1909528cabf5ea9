import type { MarketDetail } from '@namebourse/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { centsToDecimalString, formatMoney } from '../../../lib/format.ts';
import { type PageHeadInput, usePageHead } from '../../../lib/page-head.tsx';

type HeadSource = Pick<MarketDetail, 'listingId' | 'domain' | 'mode' | 'priceCents' | 'floorCents' | 'expiresAt'> & {
  description: string | null;
};

/** The price a listing asks first: its buy-now price, else (offers) the minimum offer. */
export function headlinePriceCents(listing: Pick<MarketDetail, 'priceCents' | 'floorCents'>): number | null {
  return listing.priceCents ?? listing.floorCents;
}

/**
 * A listing page's head: the title names the domain and its price (or 'make an offer'), the description is the
 * seller's text (else a sentence with the price), and a schema.org Product with its Offer (price in USD) describes
 * the listing to search engines.
 */
export function marketListingHead(listing: HeadSource, t: TFunction, lng: string): PageHeadInput {
  const offerOnly = listing.priceCents === null;
  const price = listing.priceCents !== null ? formatMoney(listing.priceCents, lng) : '';
  const title = offerOnly
    ? t('market:detail.metaTitleOffer', { domain: listing.domain })
    : t('market:detail.metaTitle', { domain: listing.domain, price });
  const fallback = offerOnly
    ? t('market:detail.metaDescriptionOffer', { domain: listing.domain })
    : t('market:detail.metaDescription', { domain: listing.domain, price });
  const description = listing.description ? listing.description.replace(/\s+/g, ' ').slice(0, 300) : fallback;
  const offerPrice = headlinePriceCents(listing);
  const product: Record<string, unknown> = {
    '@type': 'Product',
    name: listing.domain,
    description,
    sku: listing.listingId,
    category: 'Domain name',
  };
  if (offerPrice !== null) {
    product.offers = {
      '@type': 'Offer',
      price: centsToDecimalString(offerPrice),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      ...(listing.expiresAt ? { priceValidUntil: listing.expiresAt.slice(0, 10) } : {}),
    };
  }
  return { title, description, ogType: 'product', jsonLd: [product] };
}

/** Declares the listing page's head (a generic title while the listing loads). */
export function useMarketListingHead(listing: HeadSource | undefined): void {
  const { t, i18n } = useTranslation('market');
  usePageHead(
    listing ? marketListingHead(listing, t, i18n.resolvedLanguage ?? i18n.language) : { title: t('detail.title') },
  );
}
