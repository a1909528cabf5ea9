import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import type { RechargeStatus } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../components/status-chip.tsx';

const LOOK = {
  recharging: { color: 'warning', icon: <HourglassTopRounded /> },
  success: { color: 'success', icon: <CheckCircleRounded /> },
  failed: { color: 'error', icon: <ErrorRounded /> },
} as const;

/** Recharge status (spec §4): recharging, success, failed. */
export function RechargeStatusChip({ status }: { status: RechargeStatus }) {
  const { t } = useTranslation('funds');
  const look = LOOK[status];
  return (
    <StatusChip label={t(`statuses.${status}`)} tone={look.color} icon={look.icon} status={status} variant="outlined" />
  );
}
