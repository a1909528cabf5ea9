import type { OrderStatus } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip as Chip } from '../../../components/status-chip.tsx';
import { statusColor } from '../lib/order-status.ts';

/** An order's status (labels: orders `status.<status>`). */
export function StatusChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return <Chip label={t(`status.${status}`)} tone={statusColor(status)} status={status} testId="order-status" />;
}
