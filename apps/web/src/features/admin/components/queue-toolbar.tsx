import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { QueueAssignedFilter } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../components/search-field.tsx';
import { formatNumber } from '../../../lib/format.ts';

export interface QueueToolbarProps<Q extends string, S extends string> {
  /** The queue shortcut first ('review' / 'open'), then 'all'; none: the status filter always shows. */
  queues?: readonly [Q, 'all'];
  queue?: Q | 'all';
  queueLabel?: (queue: Q | 'all') => string;
  statuses: readonly S[];
  status: S | undefined;
  /** The status names (default: admin `status.<status>`). */
  statusLabel?: (status: S) => string;
  /** The label of 'no status chosen' (default: all statuses). */
  anyStatusLabel?: string;
  onChange: (next: { queue?: Q | 'all'; status: S | undefined }) => void;
  /** The search box (in the address as `q`). */
  search?: { value: string; placeholder: string; onSearch: (q: string | undefined) => void };
  /** Whose items: everyone's, mine, untaken (in the address as `assigned`). */
  assigned?: { value: QueueAssignedFilter | undefined; onChange: (value: QueueAssignedFilter | undefined) => void };
  total: number | undefined;
}

/** The filter of whose items a queue shows: all, mine, or not taken by anyone. */
export function QueueAssignedToggle({
  value,
  onChange,
}: {
  value: QueueAssignedFilter | undefined;
  onChange: (value: QueueAssignedFilter | undefined) => void;
}) {
  const { t } = useTranslation('admin-queues');
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      color="primary"
      value={value ?? 'any'}
      onChange={(_, next: QueueAssignedFilter | 'any' | null) => {
        if (next) onChange(next === 'any' ? undefined : next);
      }}
      aria-label={t('filters.assigned')}
      sx={{ bgcolor: 'background.paper' }}
      data-testid="queue-assigned-filter"
    >
      <ToggleButton value="any" sx={{ px: 1.5 }}>
        {t('filters.anyone')}
      </ToggleButton>
      <ToggleButton value="me" sx={{ px: 1.5 }}>
        {t('filters.mine')}
      </ToggleButton>
      <ToggleButton value="unassigned" sx={{ px: 1.5 }}>
        {t('filters.unassigned')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

/**
 * The filters of every review queue (listings, payees, settlements) in one row, stacked on phones: the queue /
 * all toggle (or the status filter), the search, whose items; the number of matches on the right.
 */
export function QueueToolbar<Q extends string, S extends string>({
  queues,
  queue,
  queueLabel,
  statuses,
  status,
  statusLabel,
  anyStatusLabel,
  onChange,
  search,
  assigned,
  total,
}: QueueToolbarProps<Q, S>) {
  const { t, i18n } = useTranslation(['admin', 'admin-queues']);
  const showStatus = !queues || queue === 'all';
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: { xs: 'stretch', md: 'center' },
        flexDirection: { xs: 'column', md: 'row' },
        flexWrap: 'wrap',
        mb: 2,
      }}
    >
      {queues && queue && queueLabel ? (
        <ToggleButtonGroup
          size="small"
          exclusive
          color="primary"
          value={queue}
          onChange={(_, value: Q | 'all' | null) => {
            if (value) onChange({ queue: value, status: undefined });
          }}
          aria-label={t('admin:filters.queue')}
          sx={{ bgcolor: 'background.paper' }}
        >
          {queues.map((value) => (
            <ToggleButton key={value} value={value} sx={{ px: 2 }}>
              {queueLabel(value)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      ) : null}
      {showStatus ? (
        <TextField
          select
          size="small"
          label={t('admin:filters.status')}
          value={status ?? ''}
          onChange={(event) => onChange({ queue, status: (event.target.value || undefined) as S | undefined })}
          sx={{ minWidth: 180, bgcolor: 'background.paper' }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{anyStatusLabel ?? t('admin:filters.allStatuses')}</MenuItem>
          {statuses.map((value) => (
            <MenuItem key={value} value={value}>
              {statusLabel ? statusLabel(value) : t(`admin:status.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {search ? (
        <SearchField
          value={search.value}
          onSearch={(text) => search.onSearch(text ?? undefined)}
          placeholder={search.placeholder}
          label={t('admin-queues:filters.search')}
          clearLabel={t('admin-queues:filters.clear')}
          maxLength={253}
          testId="queue-search"
          sx={{ minWidth: { md: 260 }, bgcolor: 'background.paper' }}
        />
      ) : null}
      {assigned ? <QueueAssignedToggle value={assigned.value} onChange={assigned.onChange} /> : null}
      <Box sx={{ flex: 1 }} />
      {total !== undefined ? (
        <Typography color="text.secondary" sx={{ typography: 'textMd', alignSelf: 'center' }} data-testid="admin-total">
          {t('admin:filters.total', { formatted: formatNumber(total, i18n.language) })}
        </Typography>
      ) : null}
    </Box>
  );
}
