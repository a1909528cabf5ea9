import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Title and subtitle of a console page. */
export function PageHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Box sx={{ mb: { xs: 2, md: 2.5 } }}>
      <Typography variant="h5" component="h1" sx={{ fontSize: { xs: 22, md: 26 } }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, fontSize: 14.5, lineHeight: 1.6 }}>
        {subtitle}
      </Typography>
    </Box>
  );
}

/** Status tabs (scrollable on phones), each with `data-testid="<prefix>-<tab>"`. */
export function StatusTabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
  labelOf,
  testIdPrefix,
}: {
  tabs: readonly T[];
  value: T;
  onChange: (tab: T) => void;
  label: string;
  labelOf: (tab: T) => string;
  testIdPrefix: string;
}) {
  return (
    <Tabs
      value={value}
      onChange={(_event, next: T) => onChange(next)}
      variant="scrollable"
      scrollButtons={false}
      aria-label={label}
      sx={{
        mb: 2,
        minHeight: 44,
        borderBottom: 1,
        borderColor: 'divider',
        '& .MuiTab-root': { minHeight: 44, px: { xs: 1.5, md: 2 }, fontSize: 14 },
      }}
    >
      {tabs.map((tab) => (
        <Tab key={tab} value={tab} label={labelOf(tab)} data-testid={`${testIdPrefix}-${tab}`} />
      ))}
    </Tabs>
  );
}

export function ListLoading() {
  const { t } = useTranslation('myAuctions');
  return (
    <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 1.5 }}>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} variant="rounded" height={88} />
      ))}
    </Box>
  );
}

/** Nothing in this tab, with a way on (usually to /sale). */
export function EmptyState({
  icon,
  title,
  body,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  action?: { label: string; to: string };
  testId?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }} data-testid={testId}>
      <Box sx={{ color: 'text.disabled', '& svg': { fontSize: 44 } }}>{icon}</Box>
      <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, fontSize: 14, maxWidth: 480, mx: 'auto', lineHeight: 1.7 }}>
        {body}
      </Typography>
      {action ? (
        <Button variant="contained" sx={{ mt: 2.5 }} component={RouterLink} to={action.to}>
          {action.label}
        </Button>
      ) : null}
    </Paper>
  );
}

export function Pager({
  total,
  pageSize,
  page,
  onChange,
  compact,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
  compact: boolean;
}) {
  const { t } = useTranslation('myAuctions');
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2.5 }}>
      <Pagination
        count={pages}
        page={Math.min(page, pages)}
        onChange={(_event, value) => onChange(value)}
        color="primary"
        shape="rounded"
        siblingCount={compact ? 0 : 1}
        aria-label={t('pagination')}
      />
    </Box>
  );
}

/** A small caption above a value (cards and table cells). */
export function Caption({ children }: { children: ReactNode }) {
  return (
    <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.4 }}>
      {children}
    </Typography>
  );
}
