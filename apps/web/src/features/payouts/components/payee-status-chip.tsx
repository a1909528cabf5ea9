import type { PayeeStatus } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../components/status-chip';
import { PAYEE_STATUS_COLOR } from '../lib/payee-status';

export function PayeeStatusChip({ status }: { status: PayeeStatus }) {
  const { t } = useTranslation('payouts');
  return (
    <StatusChip
      label={t(`payees.status.${status}`)}
      tone={PAYEE_STATUS_COLOR[status]}
      status={status}
      testId="payee-status"
    />
  );
}
