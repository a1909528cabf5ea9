import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { formatCountdown, urgencyOf } from '../lib/countdown';
import { deliveryDateOf } from '../lib/order-status';
import type { OrderRow } from './order-row';

const URGENCY_COLOR = { urgent: 'error.main', soon: 'warning.dark', normal: 'text.primary' } as const;

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
    const over = secondsLeft <= 0;
    return (
      <Box data-testid="order-pay-countdown">
        {dense ? null : label(t('fields.payTimeLeft'))}
        <Box
          role="timer"
          aria-label={t('fields.payTimeLeft')}
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            color: over ? 'text.disabled' : URGENCY_COLOR[urgencyOf(secondsLeft)],
            fontVariantNumeric: 'tabular-nums',
            fontWeight: 700,
            fontSize: 14,
            whiteSpace: 'nowrap',
          }}
        >
          <TimerOutlined sx={{ fontSize: 16 }} />
          {over ? t('countdown.over') : formatCountdown(secondsLeft, t)}
        </Box>
      </Box>
    );
  }

  const delivery = deliveryDateOf(order);
  return (
    <Box data-testid="order-delivery-date">
      {dense ? null : label(order.status === 'completed' ? t('fields.deliveredOn') : t('fields.deliveryDate'))}
      <Typography sx={{ fontSize: 14, fontVariantNumeric: 'tabular-nums' }}>
        {delivery ? formatDate(delivery) : '--'}
      </Typography>
    </Box>
  );
}
