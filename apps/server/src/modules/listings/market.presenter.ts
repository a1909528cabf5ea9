import { descriptionFor, type ListingMode, type MarketDetail, type MarketListing } from '@namebourse/contract';
import type { MarketDetailRow, MarketRow } from './market.repository.ts';

type Locale = 'zh-CN' | 'en-US';

/** Where a listing's logo is served (the logo routes answer it). */
export const logoUrl = (logoId: bigint | null) => (logoId === null ? null : `/api/listing-logos/${logoId}`);

/** A seller's account number as buyers see it: the first two and last two characters ('NB****21'). */
export function maskAccountNo(accountNo: string): string {
  if (accountNo.length <= 4) return `${accountNo.slice(0, 1)}****`;
  return `${accountNo.slice(0, 2)}****${accountNo.slice(-2)}`;
}

/** A row of the market as the contract's MarketListing; the description in the reader's language, else the other. */
export function presentMarketListing(row: MarketRow, locale: Locale): MarketListing {
  return {
    listingId: row.id.toString(),
    domain: row.domain,
    tld: row.tld,
    length: row.length,
    mode: row.mode as ListingMode,
    priceCents: row.priceCents,
    floorCents: row.floorCents,
    industries: row.industries,
    keywords: row.keywords,
    description: descriptionFor(locale, row.descriptionZh, row.descriptionEn),
    logoUrl: logoUrl(row.logoId),
    listedAt: row.listedAt.toISOString(),
  };
}

/** One listing's public page: both descriptions, the lot of a seller auction, the next calendar price, the masked seller. */
export function presentMarketDetail(found: MarketDetailRow, locale: Locale, now: Date): MarketDetail {
  const l = found.listing;
  const listedAt = l.listedAt ?? l.createdAt;
  return {
    ...presentMarketListing(
      {
        id: l.id,
        domain: l.domain,
        tld: l.tld,
        length: l.length,
        mode: l.mode,
        priceCents: l.priceCents,
        floorCents: l.floorCents,
        industries: l.industries,
        keywords: l.keywords,
        descriptionZh: l.descriptionZh,
        descriptionEn: l.descriptionEn,
        logoId: l.logoId,
        listedAt,
      },
      locale,
    ),
    descriptionZh: l.descriptionZh,
    descriptionEn: l.descriptionEn,
    auctionId: l.mode === 'auction' && l.auctionId !== null ? l.auctionId.toString() : null,
    nextPrice: found.nextPrice,
    expiresAt: l.expiresAt ? l.expiresAt.toISOString() : null,
    seller: maskAccountNo(found.sellerAccountNo),
    heldHere: l.source === 'held',
    serverTime: now.toISOString(),
  };
}
