import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PagedList, useLastPageFallback } from '../../../components/paged-list.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { formatNumber } from '../../../lib/format.ts';
import { usePublicParameters } from '../../../lib/public-parameters.ts';
import { type ExportFormat, useExportTransactions } from '../api/export-transactions.ts';
import { useTransactions } from '../api/get-transactions.ts';
import {
  filterFromParams,
  filterToParams,
  HISTORY_PAGE_SIZE,
  type HistoryFilter,
  isFilterEmpty,
  transactionsQuery,
} from '../lib/history-filter.ts';
import { FilterBar } from './history-filter-bar.tsx';
import { LinesList, LinesTable } from './history-lines.tsx';
import { usePaginationLabel } from './use-pagination-label.ts';

/** The page of the history in the address (?page), 1 when absent or not a page number. */
export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Transaction history: type, balance and date filters (kept in the address), paging, CSV/XLSX export. */
export function TransactionHistory() {
  const { t } = useTranslation('funds');
  const paginationLabel = usePaginationLabel();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const page = pageFromParams(params);
  const query = transactionsQuery(filter, page);
  const lines = useTransactions(query);
  const exporter = useExportTransactions();
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [exportFailed, setExportFailed] = useState(false);
  const data = lines.data;
  const total = data?.total ?? 0;

  const goToPage = useCallback(
    (next: number) => {
      const search = new URLSearchParams(params);
      if (next > 1) search.set('page', String(next));
      else search.delete('page');
      setParams(search, { replace: true });
    },
    [params, setParams],
  );
  // A page beyond the end (the list shrank, or an old link): go to the last page.
  useLastPageFallback(data, page, HISTORY_PAGE_SIZE, goToPage);

  const applyFilter = (next: HistoryFilter) => {
    const search = filterToParams(next, params);
    search.delete('page');
    setParams(search, { replace: true });
  };

  const runExport = async (format: ExportFormat) => {
    if (exporting) return;
    setExportFailed(false);
    setExporting(format);
    try {
      const result = await exporter.mutateAsync({ query, format });
      if (result.saved) showToast(t('history.export.done', { filename: result.filename }), 'success');
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(null);
    }
  };

  const exportButton = (format: ExportFormat) => (
    <Button
      variant="outlined"
      size="small"
      disabled={exporting !== null || total === 0}
      onClick={() => void runExport(format)}
      startIcon={
        exporting === format ? <LoadingSpinner decorative size={16} color="inherit" /> : <FileDownloadOutlined />
      }
      data-testid={`history-export-${format}`}
    >
      {t(`history.export.${format}`)}
    </Button>
  );

  // The export cap is a parameter (exportMaxRows): the server's value, never a copy in the bundle.
  const exportMaxRows = usePublicParameters().data?.exportMaxRows;
  return (
    <SectionCard
      id="transaction-history"
      testId="transaction-history"
      title={t('history.title')}
      description={
        exportMaxRows === undefined
          ? t('history.descriptionShort')
          : t('history.description', { max: formatNumber(exportMaxRows) })
      }
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {exportButton('csv')}
          {exportButton('xlsx')}
        </Box>
      }
    >
      {exporting ? (
        <Box role="status" aria-live="polite" sx={{ mb: 2 }} data-testid="history-export-progress">
          <LinearProgress />
          <Typography color="text.secondary" sx={{ typography: 'textSm', mt: 0.75 }}>
            {t('history.export.running')}
          </Typography>
        </Box>
      ) : null}
      {exportFailed ? (
        <Alert
          severity="error"
          onClose={() => setExportFailed(false)}
          sx={{ mb: 2 }}
          data-testid="history-export-failed"
        >
          {t('history.export.failed')}
        </Alert>
      ) : null}

      <FilterBar filter={filter} onApply={applyFilter} />

      <Box sx={{ mt: 2 }}>
        <PagedList
          query={lines}
          loading={{ label: t('loading'), height: 44, rows: 4 }}
          empty={
            <Typography
              color="text.secondary"
              sx={{ py: 4, textAlign: 'center', typography: 'textMd' }}
              data-testid="history-empty"
            >
              {isFilterEmpty(filter) ? t('history.empty') : t('history.emptyFiltered')}
            </Typography>
          }
          isEmpty={!data || data.items.length === 0}
          pages={
            data && data.items.length > 0
              ? {
                  total,
                  pageSize: HISTORY_PAGE_SIZE,
                  page,
                  onChange: goToPage,
                  compact: !wide,
                  itemLabel: paginationLabel,
                  inCard: true,
                  aside: (
                    <Typography color="text.secondary" sx={{ typography: 'textSm' }} data-testid="history-total">
                      {t('history.total', { total: formatNumber(total) })}
                    </Typography>
                  ),
                }
              : null
          }
        >
          {() => (data ? wide ? <LinesTable lines={data.items} /> : <LinesList lines={data.items} /> : null)}
        </PagedList>
      </Box>
    </SectionCard>
  );
}
