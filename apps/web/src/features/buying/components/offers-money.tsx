import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Offer } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { AmountLine } from '../../../components/amount-line.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { usePublicParameters } from '../../../lib/public-parameters.ts';
import { proceedsAt, ratePercent, totalAt } from '../lib/offer-view.ts';

/**
 * What the amount means for the caller, before they act: the seller's net (price − commission at the rate that
 * applies), the buyer's total with tax. `amountCents` other than the offer's: a counter or a new offer being typed.
 */
export function OfferMoneyLines({ offer, amountCents }: { offer: Offer; amountCents?: number }) {
  const { t } = useTranslation('offers');
  const price = amountCents ?? offer.amountCents;
  const own = amountCents === undefined;
  // A new amount's tax: at the tax rate parameter in force (the server's); the offer's own amounts are the server's.
  const taxRateBps = usePublicParameters().data?.taxRateBps;
  if (offer.role === 'seller') {
    const { commissionCents, netCents } = own
      ? { commissionCents: offer.commissionCents, netCents: offer.netCents }
      : proceedsAt(price, offer.commissionBps);
    return (
      <Box sx={{ display: 'grid', gap: 0.5 }} data-testid="offer-proceeds">
        <AmountLine label={t('money.price')} value={formatMoney(price)} />
        <AmountLine
          label={t('money.commission', { rate: ratePercent(offer.commissionBps) })}
          value={`− ${formatMoney(commissionCents)}`}
        />
        <AmountLine label={t('money.net')} value={formatMoney(netCents)} strong testId="offer-net" />
      </Box>
    );
  }
  const totals = own
    ? { taxCents: offer.taxCents, totalCents: offer.totalCents }
    : taxRateBps === undefined
      ? null
      : totalAt(price, taxRateBps);
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }} data-testid="offer-total">
      <AmountLine label={t('money.price')} value={formatMoney(price)} />
      <AmountLine label={t('money.tax')} value={totals ? `+ ${formatMoney(totals.taxCents)}` : '…'} />
      <AmountLine
        label={t('money.total')}
        value={totals ? formatMoney(totals.totalCents) : '…'}
        strong
        testId="offer-total-with-tax"
      />
    </Box>
  );
}

/** One line under the amount in a list row: "$1,000.00 − $50.00 commission at 5% = $950.00 to you" (or the buyer's total). */
export function OfferMoneySummary({ offer }: { offer: Offer }) {
  const { t } = useTranslation('offers');
  const text =
    offer.role === 'seller'
      ? t('money.sellerSummary', {
          price: formatMoney(offer.amountCents),
          commission: formatMoney(offer.commissionCents),
          rate: ratePercent(offer.commissionBps),
          net: formatMoney(offer.netCents),
        })
      : t('money.buyerSummary', {
          price: formatMoney(offer.amountCents),
          tax: formatMoney(offer.taxCents),
          total: formatMoney(offer.totalCents),
        });
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="div"
      sx={{ lineHeight: 1.45, fontVariantNumeric: 'tabular-nums' }}
      data-testid="offer-money-summary"
    >
      {text}
    </Typography>
  );
}
