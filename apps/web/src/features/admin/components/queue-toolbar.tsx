import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';

export interface QueueToolbarProps<Q extends string, S extends string> {
  /** The queue shortcut first ('review' / 'open'), then 'all'. */
  queues: readonly [Q, 'all'];
  queue: Q | 'all';
  queueLabel: (queue: Q | 'all') => string;
  statuses: readonly S[];
  status: S | undefined;
  onChange: (next: { queue: Q | 'all'; status: S | undefined }) => void;
  total: number | undefined;
}

/** The queue / all toggle, and with 'all' a status filter; the number of matches on the right. */
export function QueueToolbar<Q extends string, S extends string>({
  queues,
  queue,
  queueLabel,
  statuses,
  status,
  onChange,
  total,
}: QueueToolbarProps<Q, S>) {
  const { t, i18n } = useTranslation('admin');
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        color="primary"
        value={queue}
        onChange={(_, value: Q | 'all' | null) => {
          if (value) onChange({ queue: value, status: undefined });
        }}
        aria-label={t('filters.queue')}
        sx={{ bgcolor: 'background.paper' }}
      >
        {queues.map((value) => (
          <ToggleButton key={value} value={value} sx={{ px: 2 }}>
            {queueLabel(value)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {queue === 'all' ? (
        <TextField
          select
          size="small"
          label={t('filters.status')}
          value={status ?? ''}
          onChange={(event) => onChange({ queue, status: (event.target.value || undefined) as S | undefined })}
          sx={{ minWidth: 180, bgcolor: 'background.paper' }}
        >
          <MenuItem value="">{t('filters.allStatuses')}</MenuItem>
          {statuses.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`status.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <Box sx={{ flex: 1 }} />
      {total !== undefined ? (
        <Typography color="text.secondary" sx={{ typography: 'textMd' }} data-testid="admin-total">
          {t('filters.total', { formatted: formatNumber(total, i18n.language) })}
        </Typography>
      ) : null}
    </Box>
  );
}
