import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DeadlineCountdown } from '../../../components/auction/countdown-text.tsx';
import { formatDate } from '../../../lib/format.ts';
import { deliveryDateOf } from '../lib/order-status.ts';
import type { OrderRow } from './order-row.ts';

/** Awaiting payment: the live time left to pay. Paid or delivered: the delivery date. Otherwise '--'. */
export function OrderTiming({ row, dense = false }: { row: OrderRow; dense?: boolean }) {
  const { t } = useTranslation('orders');
  const { order, secondsLeft } = row;
  const label = (text: string) => (
    <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.4 }}>
      {text}
    </Typography>
  );

  if (order.status === 'awaiting_payment' && secondsLeft !== null) {
    return (
      <Box data-testid="order-pay-countdown">
        {dense ? null : label(t('fields.payTimeLeft'))}
        <DeadlineCountdown seconds={secondsLeft} endedText={t('countdown.over')} aria-label={t('fields.payTimeLeft')} />
      </Box>
    );
  }

  const delivery = deliveryDateOf(order);
  return (
    <Box data-testid="order-delivery-date">
      {dense ? null : label(order.status === 'completed' ? t('fields.deliveredOn') : t('fields.deliveryDate'))}
      <Typography sx={{ typography: 'textMd', fontVariantNumeric: 'tabular-nums' }}>
        {delivery ? formatDate(delivery) : '--'}
      </Typography>
    </Box>
  );
}
