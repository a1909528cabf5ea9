import Chip from '@mui/material/Chip';
import type { PayeeStatus } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { PAYEE_STATUS_COLOR } from '../lib/payee-status';

export function PayeeStatusChip({ status }: { status: PayeeStatus }) {
  const { t } = useTranslation('payouts');
  return (
    <Chip
      size="small"
      color={PAYEE_STATUS_COLOR[status]}
      variant={status === 'revoked' ? 'outlined' : 'filled'}
      label={t(`payees.status.${status}`)}
      data-testid="payee-status"
      data-status={status}
      sx={{ fontWeight: 700 }}
    />
  );
}
