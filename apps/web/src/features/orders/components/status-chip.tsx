import Chip from '@mui/material/Chip';
import type { OrderStatus } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { statusColor } from '../lib/order-status';

export function StatusChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  const color = statusColor(status);
  return (
    <Chip
      size="small"
      label={t(`status.${status}`)}
      color={color}
      variant={color === 'default' ? 'outlined' : 'filled'}
      data-testid="order-status"
      data-status={status}
      sx={{ height: 24, fontSize: 12, fontWeight: 700, maxWidth: '100%' }}
    />
  );
}
