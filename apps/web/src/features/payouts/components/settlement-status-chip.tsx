import Chip from '@mui/material/Chip';
import type { SettlementStatus } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
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
    <Chip
      size="small"
      color={SETTLEMENT_STATUS_COLOR[status]}
      label={t(`settle.status.${status}`)}
      data-testid="settlement-status"
      data-status={status}
      sx={{ fontWeight: 700 }}
    />
  );
}
