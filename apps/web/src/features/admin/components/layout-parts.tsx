import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { idTextSx } from '../../../components/id-text.tsx';

/** 'Nothing here' inside a list. */
export function EmptyState({ title, body }: { title: ReactNode; body?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }} data-testid="admin-empty">
      <InboxOutlined sx={{ fontSize: 40, color: 'text.disabled' }} />
      <Typography component="p" variant="subtitle1" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {body ? (
        <Typography color="text.secondary" sx={{ mt: 0.5, typography: 'textMd' }}>
          {body}
        </Typography>
      ) : null}
    </Paper>
  );
}

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 3, height = 76 }: { rows?: number; height?: number }) {
  const { t } = useTranslation('admin');
  return (
    <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 1.5 }}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} variant="rounded" height={height} />
      ))}
    </Box>
  );
}

export interface DetailItem {
  label: ReactNode;
  value: ReactNode;
  /** Monospace value (ids, account numbers). */
  mono?: boolean;
  /** Takes the whole row (long text). */
  wide?: boolean;
}

/** Label/value pairs: one column (or `phoneColumns`) on phones, two (or `columns`) on wider screens. */
export function DetailList({
  items,
  columns = 2,
  phoneColumns = 1,
}: {
  items: DetailItem[];
  columns?: 1 | 2 | 3;
  phoneColumns?: 1 | 2;
}) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: {
          xs: `repeat(${phoneColumns}, minmax(0, 1fr))`,
          sm: `repeat(${columns}, minmax(0, 1fr))`,
        },
        columnGap: 3,
        rowGap: 1.25,
      }}
    >
      {items.map((item, index) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is static per render
          key={index}
          sx={{ minWidth: 0, gridColumn: item.wide ? '1 / -1' : undefined }}
        >
          <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {item.label}
          </Typography>
          <Typography
            component="dd"
            sx={{
              m: 0,
              typography: 'textMd',
              wordBreak: 'break-word',
              whiteSpace: 'pre-line',
              ...(item.mono ? idTextSx : {}),
            }}
          >
            {item.value === null || item.value === undefined || item.value === '' ? '—' : item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
