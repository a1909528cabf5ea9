import type { DomainStatus, TransferStatus } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip, type StatusTone } from '../../../components/status-chip.tsx';

const TRANSFER_TONE: Record<TransferStatus, StatusTone> = {
  pending: 'info',
  completed: 'success',
  cancelled: 'default',
  failed: 'error',
};

const DOMAIN_TONE: Record<DomainStatus, StatusTone> = {
  normal: 'success',
  renewable: 'warning',
  renewing: 'info',
  in_redemption: 'error',
  pending_activation: 'info',
  transferring_out: 'info',
  non_renewable: 'default',
  delivery_failed: 'error',
};

/** A transfer's status (pending, completed, cancelled, failed). */
export function TransferStatusChip({ status }: { status: TransferStatus }) {
  const { t } = useTranslation('transfers');
  return (
    <StatusChip label={t(`statuses.${status}`)} tone={TRANSFER_TONE[status]} status={status} testId="transfer-status" />
  );
}

/** A domain's lifecycle status, as the transfer-out page shows it. */
export function TransferDomainStatusChip({ status }: { status: DomainStatus }) {
  const { t } = useTranslation('transfers');
  return (
    <StatusChip
      label={t(`domainStatus.${status}`)}
      tone={DOMAIN_TONE[status]}
      status={status}
      testId="transfer-domain-status"
    />
  );
}
