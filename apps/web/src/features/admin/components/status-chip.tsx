import type { PayeeStatus, SettlementStatus } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip as Chip, type StatusTone } from '../../../components/status-chip.tsx';
import { PAYEE_STATUS_TONE, SETTLEMENT_STATUS_TONE } from '../../../components/status-tones.ts';

type Status = PayeeStatus | SettlementStatus;

const TONES: Record<Status, StatusTone> = { ...PAYEE_STATUS_TONE, ...SETTLEMENT_STATUS_TONE };

/** A payee or settlement status (labels: admin `status.<status>`). */
export function StatusChip({ status }: { status: Status }) {
  const { t } = useTranslation('admin');
  return <Chip label={t(`status.${status}`)} tone={TONES[status]} status={status} variant="outlined" />;
}
