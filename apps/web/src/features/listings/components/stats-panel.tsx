import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SellerStatistics } from '@namebourse/contract';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { EmptyState, ListLoading } from '../../../components/paged-list.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useSellerStatistics } from '../api/get-seller-statistics.ts';
import { SalesExport } from './sales-export.tsx';
import { type StatsRow, statsRows } from './stats-rows.ts';
import { StatsTable } from './stats-tables.tsx';
import { StatsTiles, TopListings } from './stats-tiles.tsx';

// The chart library loads with the statistics view only (its own chunk), never with the sales list or another page.
const MonthChart = lazy(() => import('./sales-charts.tsx').then((m) => ({ default: m.MonthChart })));
const GroupChart = lazy(() => import('./sales-charts.tsx').then((m) => ({ default: m.GroupChart })));

function Section({
  title,
  hint,
  children,
  action,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, md: 2.5 }, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h2" variant="h6" id={headingId}>
            {title}
          </Typography>
          {hint ? (
            <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
              {hint}
            </Typography>
          ) : null}
        </Box>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/**
 * A chart and its figures: a figure named by the chart's title holding the drawing (loaded lazily) and the same
 * figures as a table — visually hidden for screen readers, or shown instead of the chart with the toggle.
 */
function ChartSection({
  title,
  hint,
  chart,
  rows,
  head,
  caption,
  testId,
}: {
  title: string;
  hint?: string;
  chart: ReactNode;
  rows: StatsRow[];
  head: string;
  caption: string;
  testId: string;
}) {
  const { t } = useTranslation('seller-sales');
  const [asTable, setAsTable] = useState(false);
  return (
    <Section
      title={title}
      {...(hint ? { hint } : {})}
      action={
        <Button
          size="small"
          onClick={() => setAsTable((v) => !v)}
          aria-pressed={asTable}
          data-testid={`${testId}-toggle`}
        >
          {asTable ? t('stats.showChart') : t('stats.showTable')}
        </Button>
      }
    >
      <Box component="figure" aria-label={title} data-testid={testId} sx={{ m: 0, position: 'relative', minWidth: 0 }}>
        {asTable ? null : (
          <Suspense
            fallback={<Skeleton variant="rounded" height={240} aria-label={t('stats.loadingChart')} role="status" />}
          >
            <Box data-testid={`${testId}-chart`} sx={{ minWidth: 0 }}>
              {chart}
            </Box>
          </Suspense>
        )}
        <StatsTable rows={rows} caption={caption} head={head} hidden={!asTable} testId={`${testId}-table`} />
      </Box>
    </Section>
  );
}

function StatsBody({ stats }: { stats: SellerStatistics }) {
  const { t, i18n } = useTranslation(['seller-sales', 'listings']);
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const { months, tlds, modes } = statsRows(stats, lng, (mode) => t(`listings:mode.${mode}`));

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="stats-panel">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography color="text.secondary" sx={{ typography: 'textSm', flex: '1 1 240px' }}>
          {t('stats.exportHint')}
        </Typography>
        <SalesExport kind="statistics" />
      </Box>

      <StatsTiles stats={stats} />

      <ChartSection
        title={t('stats.byMonth')}
        hint={t('stats.byMonthHint')}
        chart={<MonthChart rows={months} />}
        rows={months}
        head={t('stats.month')}
        caption={t('stats.tableCaption')}
        testId="stats-by-month"
      />

      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {tlds.length > 0 ? (
          <ChartSection
            title={t('stats.byTld')}
            chart={<GroupChart rows={tlds} />}
            rows={tlds}
            head={t('stats.tld')}
            caption={t('stats.tldCaption')}
            testId="stats-by-tld"
          />
        ) : (
          <Section title={t('stats.byTld')}>
            <Typography color="text.secondary" sx={{ typography: 'textMd' }}>
              {t('stats.noTld')}
            </Typography>
          </Section>
        )}
        <ChartSection
          title={t('stats.byMode')}
          chart={<GroupChart rows={modes} />}
          rows={modes}
          head={t('stats.mode')}
          caption={t('stats.modeCaption')}
          testId="stats-by-mode"
        />
      </Box>

      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <Section title={t('stats.topListings')} hint={t('stats.topListingsHint')}>
          <TopListings stats={stats} />
        </Section>
        <Section title={t('stats.open')}>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1.5 }}
            data-testid="stats-open"
          >
            {(['onSale', 'inReview', 'selling'] as const).map((key) => (
              <Box key={key} sx={{ minWidth: 0 }}>
                <Typography component="dt" color="text.secondary" sx={{ typography: 'textSm' }}>
                  {t(`stats.${key}`)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, typography: 'text2xl', fontWeight: 800 }}>
                  {formatNumber(stats.open[key], lng)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Section>
      </Box>
    </Box>
  );
}

/** The statistics tab: loading, the error with a retry, 'no sales yet' (a link to list a domain), else the figures. */
export function StatsPanel() {
  const { t } = useTranslation('seller-sales');
  const query = useSellerStatistics();
  if (query.isPending) return <ListLoading label={t('stats.loading')} height={120} rows={3} />;
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  const stats = query.data;
  if (
    stats.totals.count === 0 &&
    stats.inProgress.count === 0 &&
    stats.offers.received === 0 &&
    stats.views.total === 0
  ) {
    return (
      <EmptyState
        icon={<InsightsOutlined />}
        title={t('empty.title')}
        body={t('empty.body')}
        action={{ label: t('empty.action'), to: '/console/seller/new' }}
        testId="stats-empty"
      />
    );
  }
  return <StatsBody stats={stats} />;
}
