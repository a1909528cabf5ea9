import type { AuctionDetail } from '@namebourse/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { centsToDecimalString, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { type PageHeadInput, usePageHead } from '../../../lib/page-head.tsx';

type LotHeadSource = Pick<
  AuctionDetail,
  'auctionId' | 'domain' | 'status' | 'currentPriceCents' | 'winningPriceCents' | 'bidderCount' | 'endsAt'
>;

const AVAILABILITY = {
  scheduled: 'https://schema.org/PreOrder',
  bidding: 'https://schema.org/InStock',
  ended: 'https://schema.org/SoldOut',
  cancelled: 'https://schema.org/Discontinued',
} as const;

/**
 * A lot page's head: the title names the domain and its current price (the closing price once closed), the
 * description says what the page offers, and a schema.org Product with its Offer describes the lot to search engines.
 */
export function lotHead(lot: LotHeadSource, t: TFunction, lng: string): PageHeadInput {
  const closed = lot.status === 'ended' || lot.status === 'cancelled';
  const priceCents = closed && lot.winningPriceCents !== null ? lot.winningPriceCents : lot.currentPriceCents;
  const price = formatMoney(priceCents, lng);
  const description = t('auctions:lot.metaDescription', {
    domain: lot.domain,
    price,
    bidders: lot.bidderCount,
    endsAt: formatDateTime(lot.endsAt, lng, 'UTC'),
  });
  return {
    title: t(closed ? 'auctions:lot.metaTitleClosed' : 'auctions:lot.metaTitle', { domain: lot.domain, price }),
    description,
    ogType: 'product',
    jsonLd: [
      {
        '@type': 'Product',
        name: lot.domain,
        description,
        sku: lot.auctionId,
        category: 'Domain name',
        offers: {
          '@type': 'Offer',
          price: centsToDecimalString(priceCents),
          priceCurrency: 'USD',
          availability: AVAILABILITY[lot.status],
          priceValidUntil: lot.endsAt.slice(0, 10),
        },
      },
    ],
  };
}

/** Declares the lot page's head (the generic lot title while the lot loads). */
export function useLotHead(lot: LotHeadSource | undefined): void {
  const { t, i18n } = useTranslation('auctions');
  usePageHead(lot ? lotHead(lot, t, i18n.resolvedLanguage ?? i18n.language) : { title: t('lot.title') });
}
