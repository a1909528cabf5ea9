import type { SettlementStatus } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../components/status-chip';
import type { ChipColor } from '../lib/payee-status';

export const SETTLEMENT_STATUS_COLOR: Record<SettlementStatus, ChipColor> = {
  in_review: 'info',
  processing: 'warning',
  success: 'success',
  failure: 'error',
};

export function SettlementStatusChip({ status }: { status: SettlementStatus }) {
  const { t } = useTranslation('payouts');
  return (
    <StatusChip
      label={t(`settle.status.${status}`)}
      tone={SETTLEMENT_STATUS_COLOR[status]}
      status={status}
      testId="settlement-status"
    />
  );
}
