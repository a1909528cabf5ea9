import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { LockStatus, MyDomain } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDate } from '../../../lib/format.ts';
import { LOCK_COLOR, STATUS_COLOR } from '../lib/filter.ts';
import { canChangeLock, isLocked, transferOutOpen } from '../lib/operations.ts';

export const dateText = (value: string | null) => (value ? formatDate(value) : '--');

export function DomainStatusChip({ domain }: { domain: MyDomain }) {
  const { t } = useTranslation('domains');
  return <StatusChip label={t(`status.${domain.status}`)} tone={STATUS_COLOR[domain.status]} status={domain.status} />;
}

/** The registrar operation in flight ('Renewal in progress'). */
export function PendingOperation({ domain }: { domain: MyDomain }) {
  const { t } = useTranslation('domains');
  // A lock change in flight already shows in the lock column ('Unlocking…').
  const kind = domain.pendingOperation;
  if (
    !kind ||
    ((kind === 'lock' || kind === 'unlock') && domain.lockStatus !== 'open' && domain.lockStatus !== 'closed')
  )
    return null;
  return (
    <Box
      component="span"
      data-testid="pending-operation"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'info.dark', typography: 'textSm' }}
    >
      <HourglassTopOutlined sx={{ fontSize: 16 }} aria-hidden />
      {t(`pending.${kind}`)}
    </Box>
  );
}

export function LockText({ lock }: { lock: LockStatus }) {
  const { t } = useTranslation('domains');
  const Icon = lock === 'open' || lock === 'opening' ? LockOpenOutlined : LockOutlined;
  const color = LOCK_COLOR[lock];
  return (
    <Box
      component="span"
      data-testid="lock-status"
      data-lock={lock}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        typography: 'textMd',
        whiteSpace: 'nowrap',
        color: color === 'default' ? 'text.secondary' : `${color}.dark`,
      }}
    >
      <Icon sx={{ fontSize: 16 }} aria-hidden />
      {t(`lock.${lock}`)}
    </Box>
  );
}

/** The lock's state and its switch (on = locked); disabled while it cannot change. */
export function LockControl({
  domain,
  busy,
  onToggle,
}: {
  domain: MyDomain;
  busy: boolean;
  onToggle: (domain: MyDomain, locked: boolean) => void;
}) {
  const { t } = useTranslation('domains');
  const locked = isLocked(domain);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Switch
        size="small"
        checked={locked}
        disabled={busy || !canChangeLock(domain)}
        onChange={() => onToggle(domain, !locked)}
        slotProps={{ input: { 'aria-label': t('lockAction.switch', { name: domain.name }) } }}
      />
      <LockText lock={domain.lockStatus} />
    </Box>
  );
}

/** 'Possible now' or 'from <date>'. */
export function TransferOutText({ domain, nowMs }: { domain: MyDomain; nowMs: number }) {
  const { t } = useTranslation('domains');
  return transferOutOpen(domain, nowMs)
    ? t('transferOut.now')
    : t('transferOut.from', { date: formatDate(domain.transferOutAllowedFrom) });
}

/** Notes (clamped to two lines) and 'the previous holder can reclaim it until …' under the name. */
export function NameExtras({ domain }: { domain: MyDomain }) {
  const { t } = useTranslation('domains');
  return (
    <>
      {domain.notes ? (
        <Typography
          component="div"
          color="text.secondary"
          title={domain.notes}
          sx={{
            typography: 'textSm',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
          }}
        >
          {domain.notes}
        </Typography>
      ) : null}
      {domain.reclaimableUntil ? (
        <Typography component="div" sx={{ typography: 'textSm', color: 'warning.dark' }}>
          {t('reclaimableUntil', { date: formatDate(domain.reclaimableUntil) })}
        </Typography>
      ) : null}
    </>
  );
}
