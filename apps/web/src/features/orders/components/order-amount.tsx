import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Order } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { taxRatePercent } from '../lib/order-status.ts';

/** The amount with tax, and under it the amount without tax and the tax. */
export function OrderAmount({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  return (
    <Box sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="order-amount">
      <Typography sx={{ fontWeight: 700, typography: 'textLg' }} data-testid="order-amount-with-tax">
        {formatMoney(order.amountCents)}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        component="div"
        sx={{ lineHeight: 1.5, whiteSpace: 'nowrap' }}
      >
        {t('fields.amountExTax')} {formatMoney(order.amountExTaxCents)}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        component="div"
        sx={{ lineHeight: 1.5, whiteSpace: 'nowrap' }}
      >
        {t('fields.tax', { rate: taxRatePercent(order.taxRateBps) })} {formatMoney(order.taxCents)}
      </Typography>
    </Box>
  );
}
