/**
 * The statistics' charts, drawn with @mui/x-charts (MIT). This module is only ever imported lazily (stats-panel's
 * React.lazy), so the chart library loads on the statistics view alone and no other page or first chunk pulls it
 * in. Every chart here is drawn for the eye: its figure's accessible name and data table are in stats-panel.
 */
import { useTheme } from '@mui/material/styles';
import { BarChart, BarPlot } from '@mui/x-charts/BarChart';
import { ChartsAxis } from '@mui/x-charts/ChartsAxis';
import { ChartsAxisHighlight } from '@mui/x-charts/ChartsAxisHighlight';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
import { ChartsLegend } from '@mui/x-charts/ChartsLegend';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsWrapper } from '@mui/x-charts/ChartsWrapper';
import { LinePlot, MarkPlot } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatMoneyCompact } from '../../../lib/format.ts';
import type { StatsRow } from './stats-rows.ts';

const money = (lng: string) => (value: number | null) => (value === null ? '' : formatMoney(value, lng));
const tick = (lng: string) => (value: number) => formatMoneyCompact(value, lng);

function useChartText() {
  const { t, i18n } = useTranslation('seller-sales');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return { t, lng, localeText: { noData: t('stats.noData'), loading: t('stats.loading') } };
}

/** The label of a row in a tooltip: the category and its count of sales. */
function withCount(rows: StatsRow[], t: ReturnType<typeof useChartText>['t']) {
  return (value: string, context: { location: string }) => {
    if (context.location !== 'tooltip') return value;
    const row = rows.find((r) => r.label === value);
    return row ? `${value} · ${t('stats.salesCount', { count: row.count })}` : value;
  };
}

/** Revenue by month (bars, left axis) and the average price of the month's sales (a line, right axis). */
export function MonthChart({ rows, height = 300 }: { rows: StatsRow[]; height?: number }) {
  const { t, lng, localeText } = useChartText();
  const theme = useTheme();
  const labels = rows.map((r) => r.label);
  return (
    <ChartsDataProvider
      height={height}
      localeText={localeText}
      series={[
        {
          type: 'bar',
          id: 'gross',
          label: t('stats.gross'),
          data: rows.map((r) => r.grossCents),
          yAxisId: 'money',
          color: theme.palette.primary.main,
          valueFormatter: money(lng),
        },
        {
          type: 'line',
          id: 'average',
          label: t('stats.average'),
          data: rows.map((r) => r.averageCents),
          yAxisId: 'average',
          color: theme.palette.warning.main,
          valueFormatter: money(lng),
        },
      ]}
      xAxis={[{ id: 'months', scaleType: 'band', data: labels, valueFormatter: withCount(rows, t), height: 40 }]}
      yAxis={[
        { id: 'money', position: 'left', valueFormatter: tick(lng), width: 56 },
        { id: 'average', position: 'right', valueFormatter: tick(lng), width: 56 },
      ]}
    >
      <ChartsWrapper legendPosition={{ vertical: 'top', horizontal: 'start' }}>
        <ChartsLegend />
        {/* No title here: the surface is role=none, an aria-label on it is prohibited; the figure names it. */}
        <ChartsSurface>
          <ChartsGrid horizontal />
          <BarPlot borderRadius={4} />
          <LinePlot />
          <MarkPlot />
          <ChartsAxisHighlight x="band" />
          <ChartsAxis />
        </ChartsSurface>
        <ChartsTooltip trigger="axis" />
      </ChartsWrapper>
    </ChartsDataProvider>
  );
}

/** Gross and net by a category (TLD, mode) as horizontal bars, biggest first as given. */
export function GroupChart({ rows }: { rows: StatsRow[] }) {
  const { t, lng, localeText } = useChartText();
  const theme = useTheme();
  return (
    <BarChart
      layout="horizontal"
      height={Math.max(160, 56 + rows.length * 44)}
      localeText={localeText}
      borderRadius={4}
      grid={{ vertical: true }}
      yAxis={[{ scaleType: 'band', data: rows.map((r) => r.label), valueFormatter: withCount(rows, t), width: 84 }]}
      xAxis={[{ valueFormatter: tick(lng), height: 40 }]}
      series={[
        {
          id: 'gross',
          label: t('stats.gross'),
          data: rows.map((r) => r.grossCents),
          color: theme.palette.primary.main,
          valueFormatter: money(lng),
        },
        {
          id: 'net',
          label: t('stats.net'),
          data: rows.map((r) => r.netCents),
          color: theme.palette.success.main,
          valueFormatter: money(lng),
        },
      ]}
      slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
    />
  );
}
