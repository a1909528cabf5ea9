import type { SettlementStatus } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../components/status-chip.tsx';
import { SETTLEMENT_STATUS_TONE } from '../../../components/status-tones.ts';

export function SettlementStatusChip({ status }: { status: SettlementStatus }) {
  const { t } = useTranslation('payouts');
  return (
    <StatusChip
      label={t(`settle.status.${status}`)}
      tone={SETTLEMENT_STATUS_TONE[status]}
      status={status}
      testId="settlement-status"
    />
  );
}
