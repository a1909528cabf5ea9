import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SellerSale } from '@namebourse/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';

interface Step {
  key: 'sold' | 'escrowed' | 'delivered' | 'credited' | 'payout';
  done: boolean;
  text: string;
}

/** The delivery step's text before it is done: the seller's transfer under way, or the seller's deadline. */
function deliveryText(sale: SellerSale, t: TFunction<'seller-sales'>, lng: string): string {
  if (sale.deliveredAt) return formatDate(sale.deliveredAt, lng);
  if (sale.status === 'transferring') return t('timeline.transferring');
  if (sale.delivery === 'seller_push' && sale.deliverBy && sale.paidAt) {
    return t('timeline.deliverBy', { date: formatDate(sale.deliverBy, lng) });
  }
  return t('timeline.waiting');
}

/**
 * The steps of a sale up to the seller's payout: sold → paid into escrow → delivered → available in earnings
 * (credited) → settled (the linked settlement, with its id).
 */
export function saleSteps(sale: SellerSale, t: TFunction<'seller-sales'>, lng: string): Step[] {
  const date = (value: string | null) => (value ? formatDate(value, lng) : t('timeline.waiting'));
  const payout = sale.payout;
  let payoutText = t('timeline.waiting');
  if (payout?.status === 'paid') {
    payoutText = t('timeline.payoutPaid', {
      date: formatDate(payout.paidAt ?? payout.appliedAt, lng),
      id: payout.settlementId,
    });
  } else if (payout) {
    payoutText = t('timeline.payoutPending', { id: payout.settlementId });
  } else if (sale.creditedAt) {
    payoutText = t('timeline.inEarnings');
  }
  return [
    { key: 'sold', done: true, text: date(sale.soldAt) },
    { key: 'escrowed', done: sale.paidAt !== null, text: date(sale.paidAt) },
    { key: 'delivered', done: sale.deliveredAt !== null, text: deliveryText(sale, t, lng) },
    { key: 'credited', done: sale.creditedAt !== null, text: date(sale.creditedAt) },
    { key: 'payout', done: payout?.status === 'paid', text: payoutText },
  ];
}

/** A sale's progress as an ordered list: each step with its date, or 'not yet'. */
export function SalesTimeline({ sale, dense = false }: { sale: SellerSale; dense?: boolean }) {
  const { t, i18n } = useTranslation('seller-sales');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const steps = saleSteps(sale, t, lng);
  return (
    <Box
      component="ol"
      aria-label={t('timeline.label', { domain: sale.domain })}
      data-testid="sales-timeline"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: dense ? 0.25 : 0.5 }}
    >
      {steps.map((step) => (
        <Box
          component="li"
          key={step.key}
          data-step={step.key}
          data-done={step.done ? 'true' : 'false'}
          sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start', typography: 'textSm' }}
        >
          <Box
            aria-hidden
            sx={{
              color: step.done ? 'success.main' : 'text.disabled',
              display: 'flex',
              mt: '1px',
              '& svg': { fontSize: 16 },
            }}
          >
            {step.done ? <CheckCircleRounded /> : <RadioButtonUncheckedRounded />}
          </Box>
          <Typography component="span" sx={{ typography: 'textSm', fontWeight: 600, minWidth: 76 }}>
            {t(`timeline.${step.key}`)}
          </Typography>
          <Typography
            component="span"
            color={step.done ? 'text.primary' : 'text.secondary'}
            sx={{ typography: 'textSm', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
          >
            {step.text}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
