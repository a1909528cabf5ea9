import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SellerStatistics } from '@namebourse/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { EmptyState, ListLoading } from '../../../components/paged-list.tsx';
import { formatMoney, formatMoneyCompact, formatNumber } from '../../../lib/format.ts';
import { useWideLayout } from '../../../lib/render-env.ts';
import { useSellerStatistics } from '../api/get-seller-statistics.ts';
import { type StatsBar, StatsBarList, StatsColumns } from './stats-bars.tsx';

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** 'YYYY-MM' as the reader says it ('Jan 26' / '26年1月'). */
export function monthLabel(month: string, lng: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(lng, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

function Tile({
  label,
  value,
  children,
  testId,
}: {
  label: string;
  value: string;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
        {label}
      </Typography>
      <Typography sx={{ typography: 'text3xl', fontWeight: 800, fontVariantNumeric: 'tabular-nums', mt: 0.5 }}>
        {value}
      </Typography>
      {children}
    </Paper>
  );
}

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
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 2.5 }, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h2" variant="h6">
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

function MonthTable({ stats, lng, hidden }: { stats: SellerStatistics; lng: string; hidden: boolean }) {
  const { t } = useTranslation('seller-sales');
  return (
    <Box sx={hidden ? visuallyHidden : { overflowX: 'auto' }}>
      <Table size="small" data-testid="stats-month-table">
        <caption style={hidden ? undefined : { captionSide: 'top', textAlign: 'left', padding: 0 }}>
          {t('stats.tableCaption')}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>{t('stats.month')}</TableCell>
            <TableCell align="right">{t('stats.sales')}</TableCell>
            <TableCell align="right">{t('stats.gross')}</TableCell>
            <TableCell align="right">{t('stats.net')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {stats.byMonth.map((m) => (
            <TableRow key={m.month} data-month={m.month}>
              <TableCell component="th" scope="row">
                {monthLabel(m.month, lng)}
              </TableCell>
              <TableCell align="right">{formatNumber(m.count, lng)}</TableCell>
              <TableCell align="right">{formatMoney(m.grossCents, lng)}</TableCell>
              <TableCell align="right">{formatMoney(m.netCents, lng)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function StatsBody({ stats }: { stats: SellerStatistics }) {
  const { t, i18n } = useTranslation(['seller-sales', 'listings']);
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const theme = useTheme();
  const wide = useWideLayout(theme.breakpoints.up('md'));
  const [asTable, setAsTable] = useState(false);
  const money = (cents: number) => formatMoney(cents, lng);
  const count = (n: number) => t('stats.salesCount', { count: n });
  const monthBars: StatsBar[] = stats.byMonth.map((m) => ({
    key: m.month,
    label: monthLabel(m.month, lng),
    value: m.grossCents,
    text: wide ? formatMoneyCompact(m.grossCents, lng) : `${money(m.grossCents)} · ${count(m.count)}`,
  }));
  const tldBars: StatsBar[] = stats.byTld.map((b) => ({
    key: b.tld,
    label: `.${b.tld}`,
    value: b.grossCents,
    text: `${money(b.grossCents)} · ${count(b.count)} · ${t('stats.net')} ${money(b.netCents)}`,
  }));
  const modeBars: StatsBar[] = stats.byMode.map((b) => ({
    key: b.mode,
    label: t(`listings:mode.${b.mode}`),
    value: b.grossCents,
    text: `${money(b.grossCents)} · ${count(b.count)} · ${t('stats.net')} ${money(b.netCents)}`,
  }));

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="stats-panel">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}>
        <Tile label={t('stats.count')} value={formatNumber(stats.totals.count, lng)} testId="stats-count" />
        <Tile label={t('stats.gross')} value={money(stats.totals.grossCents)} testId="stats-gross" />
        <Tile label={t('stats.net')} value={money(stats.totals.netCents)} testId="stats-net" />
        <Tile
          label={t('stats.inProgress')}
          value={formatNumber(stats.inProgress.count, lng)}
          testId="stats-in-progress"
        >
          <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
            {t('stats.inProgressBody', { count: stats.inProgress.count, gross: money(stats.inProgress.grossCents) })}
          </Typography>
        </Tile>
      </Box>

      <Section
        title={t('stats.byMonth')}
        hint={t('stats.byMonthHint')}
        action={
          <Button size="small" onClick={() => setAsTable((v) => !v)} aria-pressed={asTable}>
            {asTable ? t('stats.showChart') : t('stats.showTable')}
          </Button>
        }
      >
        {asTable ? null : wide ? (
          <StatsColumns bars={monthBars} />
        ) : (
          <Box aria-hidden>
            <StatsBarList bars={monthBars} label={t('stats.byMonth')} />
          </Box>
        )}
        <MonthTable stats={stats} lng={lng} hidden={!asTable} />
      </Section>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Section title={t('stats.byTld')}>
          {tldBars.length > 0 ? (
            <StatsBarList bars={tldBars} label={t('stats.byTld')} testId="stats-by-tld" />
          ) : (
            <Typography color="text.secondary" sx={{ typography: 'textMd' }}>
              {t('stats.noTld')}
            </Typography>
          )}
        </Section>
        <Section title={t('stats.byMode')}>
          <StatsBarList bars={modeBars} label={t('stats.byMode')} testId="stats-by-mode" />
        </Section>
      </Box>

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
  );
}

/** The statistics tab: loading, the error with a retry, 'no sales yet' (a link to list a domain), else the figures. */
export function StatsPanel() {
  const { t } = useTranslation('seller-sales');
  const query = useSellerStatistics();
  if (query.isPending) return <ListLoading label={t('stats.loading')} height={120} rows={3} />;
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  const stats = query.data;
  if (stats.totals.count === 0 && stats.inProgress.count === 0) {
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
