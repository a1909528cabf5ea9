import type { OrderSource, OrderStatus } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip as Chip } from '../../../components/status-chip.tsx';
import { statusColor, statusLabelKey } from '../lib/order-status.ts';

/** An order's status (labels: orders `status.<status>`; awaiting payment worded by the order's source). */
export function StatusChip({ status, source }: { status: OrderStatus; source?: OrderSource }) {
  const { t } = useTranslation('orders');
  return (
    <Chip label={t(statusLabelKey(status, source))} tone={statusColor(status)} status={status} testId="order-status" />
  );
}
