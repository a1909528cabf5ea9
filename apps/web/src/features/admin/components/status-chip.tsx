import type { PayeeStatus, SettlementStatus } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip as Chip, type StatusTone } from '../../../components/status-chip';

type Status = PayeeStatus | SettlementStatus;

const TONES: Record<Status, StatusTone> = {
  pending_review: 'info',
  needs_supplement: 'warning',
  supplement_submitted: 'info',
  approved: 'success',
  rejected: 'error',
  revoked: 'default',
  in_review: 'info',
  processing: 'warning',
  success: 'success',
  failure: 'error',
};

/** A payee or settlement status (labels: admin `status.<status>`). */
export function StatusChip({ status }: { status: Status }) {
  const { t } = useTranslation('admin');
  return <Chip label={t(`status.${status}`)} tone={TONES[status]} status={status} variant="outlined" />;
}
