import type { PayeeStatus } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../components/status-chip.tsx';
import { PAYEE_STATUS_TONE } from '../../../components/status-tones.ts';

export function PayeeStatusChip({ status }: { status: PayeeStatus }) {
  const { t } = useTranslation('payouts');
  return (
    <StatusChip
      label={t(`payees.status.${status}`)}
      tone={PAYEE_STATUS_TONE[status]}
      status={status}
      testId="payee-status"
    />
  );
}
