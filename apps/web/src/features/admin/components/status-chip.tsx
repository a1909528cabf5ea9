import Chip from '@mui/material/Chip';
import type { PayeeStatus, SettlementStatus } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';

type Status = PayeeStatus | SettlementStatus;
type Tone = 'default' | 'info' | 'warning' | 'success' | 'error';

const TONES: Record<Status, Tone> = {
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
  return (
    <Chip
      component="span"
      size="small"
      variant="outlined"
      color={TONES[status]}
      label={t(`status.${status}`)}
      data-status={status}
      sx={{ fontWeight: 600 }}
    />
  );
}
