import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import Chip from '@mui/material/Chip';
import type { RechargeStatus } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';

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
    <Chip
      size="small"
      variant="outlined"
      color={look.color}
      icon={look.icon}
      label={t(`statuses.${status}`)}
      data-status={status}
      sx={{ fontWeight: 600 }}
    />
  );
}
