import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { type Listing, sellerProceeds } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { AmountLine } from '../../../components/amount-line.tsx';
import { useServerNow } from '../../../components/auction/index.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { usePublicParameters } from '../../../lib/public-parameters.ts';
import { commissionPercent, FeeLock, feeLockState, ListingActivity } from './seller-listing-fees.tsx';

/** The price a sale would be made at now, and what it is: the price, an offer listing's floor, an auction's start. */
function basisOf(listing: Listing): { cents: number; kind: 'price' | 'floor' | 'start' } | null {
  if (listing.mode === 'auction')
    return listing.startPriceCents === null ? null : { cents: listing.startPriceCents, kind: 'start' };
  if (listing.priceCents !== null) return { cents: listing.priceCents, kind: 'price' };
  if (listing.floorCents !== null) return { cents: listing.floorCents, kind: 'floor' };
  return null;
}

/**
 * The listing's commission and what the seller nets: the fee lock (the rate in force when it was listed, until
 * its date), the net at the current price (price − commission; the buyer's tax is never the seller's), the
 * page's views and its open offers (a link to them).
 */
export function EditFeeLock({ listing }: { listing: Listing }) {
  const { t, i18n } = useTranslation(['listing-edit', 'listings']);
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const now = useServerNow(false);
  const { rateBps } = feeLockState(listing, now, usePublicParameters().data?.commissionBps);
  const basis = basisOf(listing);
  const proceeds = basis && rateBps !== null ? { rateBps, ...sellerProceeds(basis.cents, rateBps) } : null;
  return (
    <SectionCard id="listing-fees" title={t('fees.title')} description={t('fees.description')} testId="edit-fees">
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 4 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Box sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
          <Box sx={{ '& [data-testid="fee-lock"]': { typography: 'textMd', color: 'text.primary', fontWeight: 600 } }}>
            <FeeLock listing={listing} />
          </Box>
          {basis && proceeds ? (
            <Box sx={{ display: 'grid', gap: 0.75, maxWidth: 420 }} data-testid="edit-net">
              <AmountLine label={t(`fees.basis.${basis.kind}`)} value={formatMoney(basis.cents, lng)} />
              <AmountLine
                label={t('fees.commission', { rate: commissionPercent(proceeds.rateBps, lng) })}
                value={`− ${formatMoney(proceeds.commissionCents, lng)}`}
              />
              <Divider />
              <AmountLine
                label={t('fees.net')}
                value={formatMoney(proceeds.netCents, lng)}
                strong
                testId="edit-net-amount"
              />
              <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
                {t('fees.taxNote')}
              </Typography>
            </Box>
          ) : (
            <Typography color="text.secondary" sx={{ typography: 'textMd' }}>
              {t('fees.noPrice')}
            </Typography>
          )}
        </Box>
        <Box>
          <Typography color="text.secondary" sx={{ typography: 'textSm', mb: 0.5 }}>
            {t('listings:seller.columns.activity')}
          </Typography>
          <ListingActivity listing={listing} />
        </Box>
      </Box>
    </SectionCard>
  );
}
