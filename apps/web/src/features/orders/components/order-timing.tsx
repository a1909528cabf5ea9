import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DeadlineCountdown } from '../../../components/auction/countdown-text.tsx';
import { NoteLine } from '../../../components/note-line.tsx';
import { formatDate } from '../../../lib/format.ts';
import { deliveryDateOf } from '../lib/order-status.ts';
import type { OrderRow } from './order-row.ts';

/**
 * Awaiting payment: the live time left to pay. Paid or delivered: the delivery date (a failed
 * delivery: the next try, with the reason). While the order is open, until when the previous
 * holder can still reclaim the domain (from the registry). Otherwise '--'.
 */
export function OrderTiming({ row, dense = false }: { row: OrderRow; dense?: boolean }) {
  const { t } = useTranslation('orders');
  const { order, secondsLeft } = row;
  const label = (text: string) => (
    <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.4 }}>
      {text}
    </Typography>
  );

  const note = (text: string, testId: string, tone?: 'error') => (
    <NoteLine tone={tone} testId={testId}>
      {text}
    </NoteLine>
  );
  const reclaimable = order.reclaimableUntil
    ? note(t('fields.reclaimableUntil', { date: formatDate(order.reclaimableUntil) }), 'order-reclaimable')
    : null;

  if (order.status === 'awaiting_payment' && secondsLeft !== null) {
    return (
      <Box data-testid="order-pay-countdown">
        {dense ? null : label(t('fields.payTimeLeft'))}
        <DeadlineCountdown seconds={secondsLeft} endedText={t('countdown.over')} aria-label={t('fields.payTimeLeft')} />
        {reclaimable}
      </Box>
    );
  }

  const delivery = deliveryDateOf(order);
  const failed = order.status === 'delivery_failed';
  const heading =
    order.status === 'completed' ? t('fields.deliveredOn') : failed ? t('fields.nextTry') : t('fields.deliveryDate');
  return (
    <Box data-testid="order-delivery-date">
      {dense ? null : label(heading)}
      <Typography sx={{ typography: 'textMd', fontVariantNumeric: 'tabular-nums' }}>
        {delivery ? formatDate(delivery) : '--'}
      </Typography>
      {failed
        ? note(t('fields.deliveryFailed', { reason: order.deliveryError ?? '--' }), 'order-delivery-failed', 'error')
        : null}
      {reclaimable}
    </Box>
  );
}
