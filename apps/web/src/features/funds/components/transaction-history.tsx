import { zodResolver } from '@hookform/resolvers/zod';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { FUNDS_LIMITS, TRANSACTION_TYPES, type TransactionLine, USER_BUCKETS } from '@namebourse/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorView } from '../../../components/api-feedback';
import { showToast } from '../../../lib/feedback-store';
import { fieldText } from '../../../lib/form-errors';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { type ExportFormat, useExportTransactions } from '../api/export-transactions';
import { useTransactions } from '../api/get-transactions';
import {
  EMPTY_FILTER,
  filterFromParams,
  filterToParams,
  HISTORY_PAGE_SIZE,
  type HistoryFilter,
  historyFilterSchema,
  isFilterEmpty,
  transactionsQuery,
} from '../lib/history-filter';
import { lineDetails } from '../lib/line-details';
import { SectionCard } from '../../../components/section-card';
import { usePaginationLabel } from './use-pagination-label';

/** The page of the history in the address (?page), 1 when absent or not a page number. */
export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** '+$20.00' for a credit, '-$5.00' for a debit. */
export function signedMoney(cents: number): string {
  return cents > 0 ? `+${formatMoney(cents)}` : formatMoney(cents);
}

function FilterBar({ filter, onApply }: { filter: HistoryFilter; onApply: (filter: HistoryFilter) => void }) {
  const { t } = useTranslation('funds');
  const locale = useLocale();
  const resolver = useMemo(() => zodResolver(historyFilterSchema), []);
  const { control, handleSubmit, formState, reset } = useForm<HistoryFilter>({
    resolver,
    mode: 'onChange',
    defaultValues: filter,
  });
  // The address changes after each applied filter; only a change from elsewhere (back, a link) resets the form,
  // so a field typed while the previous one was being applied is kept.
  const applied = useRef(JSON.stringify(filter));
  const current = JSON.stringify(filter);
  useEffect(() => {
    if (current === applied.current) return;
    applied.current = current;
    reset(JSON.parse(current) as HistoryFilter);
  }, [current, reset]);
  const apply = () =>
    void handleSubmit((values) => {
      applied.current = JSON.stringify(values);
      onApply(values);
    })();
  const errorOf = (name: 'from' | 'to') => fieldText(formState.errors[name]?.message, locale);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      role="search"
      aria-label={t('history.filters.label')}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr)) auto' },
        alignItems: 'start',
      }}
    >
      <Controller
        control={control}
        name="type"
        render={({ field }) => (
          <TextField
            {...field}
            select
            size="small"
            label={t('history.filters.type')}
            onChange={(event) => {
              field.onChange(event.target.value);
              apply();
            }}
            slotProps={{
              select: { displayEmpty: true, MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
              inputLabel: { shrink: true },
            }}
            data-testid="history-filter-type"
          >
            <MenuItem value="">{t('history.filters.allTypes')}</MenuItem>
            {TRANSACTION_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="bucket"
        render={({ field }) => (
          <TextField
            {...field}
            select
            size="small"
            label={t('history.filters.bucket')}
            onChange={(event) => {
              field.onChange(event.target.value);
              apply();
            }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            data-testid="history-filter-bucket"
          >
            <MenuItem value="">{t('history.filters.allBuckets')}</MenuItem>
            {USER_BUCKETS.map((bucket) => (
              <MenuItem key={bucket} value={bucket}>
                {t(`buckets.${bucket}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {(['from', 'to'] as const).map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <TextField
              {...field}
              type="date"
              size="small"
              label={t(`history.filters.${name}`)}
              error={Boolean(errorOf(name))}
              helperText={errorOf(name)}
              onChange={(event) => {
                field.onChange(event.target.value);
                apply();
              }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `history-filter-${name}` } }}
            />
          )}
        />
      ))}
      <Button
        type="button"
        startIcon={<FilterAltOffOutlined />}
        disabled={isFilterEmpty(filter) && !formState.isDirty}
        onClick={() => {
          reset(EMPTY_FILTER);
          applied.current = JSON.stringify(EMPTY_FILTER);
          onApply(EMPTY_FILTER);
        }}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, justifySelf: { xs: 'start', md: 'stretch' }, height: 40 }}
      >
        {t('history.filters.reset')}
      </Button>
    </Box>
  );
}

function Amount({ cents }: { cents: number }) {
  return (
    <Box
      component="span"
      sx={{
        color: cents > 0 ? 'success.dark' : cents < 0 ? 'error.main' : 'text.primary',
        fontWeight: 700,
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
      }}
    >
      {signedMoney(cents)}
    </Box>
  );
}

function Details({ line }: { line: TransactionLine }) {
  const { t } = useTranslation('funds');
  const { ref, note } = lineDetails(line);
  return (
    <>
      {ref ? t(ref.key, { id: ref.id }) : null}
      {ref && note ? ' · ' : null}
      {note}
    </>
  );
}

function LinesTable({ lines }: { lines: TransactionLine[] }) {
  const { t } = useTranslation('funds');
  return (
    <TableContainer>
      <Table size="small" aria-label={t('history.title')} data-testid="history-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('history.columns.time')}</TableCell>
            <TableCell>{t('history.columns.type')}</TableCell>
            <TableCell>{t('history.columns.bucket')}</TableCell>
            <TableCell align="right">{t('history.columns.amount')}</TableCell>
            <TableCell align="right">{t('history.columns.balanceAfter')}</TableCell>
            <TableCell>{t('history.columns.details')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.id} data-testid="history-row" data-type={line.type}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(line.createdAt)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`types.${line.type}`)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`buckets.${line.bucket}`)}</TableCell>
              <TableCell align="right">
                <Amount cents={line.amountCents} />
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatMoney(line.balanceAfterCents)}
              </TableCell>
              <TableCell sx={{ color: 'text.secondary', maxWidth: 320, overflowWrap: 'anywhere' }}>
                <Details line={line} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function LinesList({ lines }: { lines: TransactionLine[] }) {
  const { t } = useTranslation('funds');
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={t('history.title')}
      data-testid="history-list"
    >
      {lines.map((line) => (
        <Box
          component="li"
          key={line.id}
          data-testid="history-row"
          data-type={line.type}
          sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5 }}>
            <Typography sx={{ fontWeight: 600, fontSize: 14.5 }}>{t(`types.${line.type}`)}</Typography>
            <Amount cents={line.amountCents} />
          </Box>
          <Box
            sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5, color: 'text.secondary', fontSize: 12.5 }}
          >
            <span>
              {formatDateTime(line.createdAt)} · {t(`buckets.${line.bucket}`)}
            </span>
            <span style={{ whiteSpace: 'nowrap' }}>
              {t('history.after', { amount: formatMoney(line.balanceAfterCents) })}
            </span>
          </Box>
          {line.memo || line.refId ? (
            <Typography color="text.secondary" sx={{ fontSize: 12.5, mt: 0.25, overflowWrap: 'anywhere' }}>
              <Details line={line} />
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
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
  const total = lines.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));

  // A page beyond the end (the list shrank, or an old link): go to the last page.
  const beyondEnd = Boolean(lines.data && lines.data.items.length === 0 && total > 0 && page > 1);
  useEffect(() => {
    if (!beyondEnd) return;
    const search = new URLSearchParams(params);
    if (pages > 1) search.set('page', String(pages));
    else search.delete('page');
    setParams(search, { replace: true });
  }, [beyondEnd, pages, params, setParams]);

  const applyFilter = (next: HistoryFilter) => {
    const search = filterToParams(next, params);
    search.delete('page');
    setParams(search, { replace: true });
  };
  const goToPage = (next: number) => {
    const search = new URLSearchParams(params);
    if (next > 1) search.set('page', String(next));
    else search.delete('page');
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
      startIcon={exporting === format ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlined />}
      data-testid={`history-export-${format}`}
    >
      {t(`history.export.${format}`)}
    </Button>
  );

  return (
    <SectionCard
      id="transaction-history"
      testId="transaction-history"
      title={t('history.title')}
      description={t('history.description', { max: formatNumber(FUNDS_LIMITS.exportMaxRows) })}
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
          <Typography color="text.secondary" sx={{ fontSize: 13, mt: 0.75 }}>
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
        {lines.data ? (
          lines.data.items.length === 0 ? (
            <Typography
              color="text.secondary"
              sx={{ py: 4, textAlign: 'center', fontSize: 14 }}
              data-testid="history-empty"
            >
              {isFilterEmpty(filter) ? t('history.empty') : t('history.emptyFiltered')}
            </Typography>
          ) : (
            <Box
              sx={{ opacity: lines.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
              aria-busy={lines.isFetching}
            >
              {wide ? <LinesTable lines={lines.data.items} /> : <LinesList lines={lines.data.items} />}
              <Box
                sx={{
                  mt: 2,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: 1.5,
                  flexWrap: 'wrap',
                }}
              >
                <Typography color="text.secondary" sx={{ fontSize: 13 }} data-testid="history-total">
                  {t('history.total', { total: formatNumber(total) })}
                </Typography>
                {pages > 1 ? (
                  <Pagination
                    getItemAriaLabel={paginationLabel}
                    size="small"
                    count={pages}
                    page={Math.min(page, pages)}
                    siblingCount={wide ? 1 : 0}
                    onChange={(_event, next) => goToPage(next)}
                  />
                ) : null}
              </Box>
            </Box>
          )
        ) : lines.isError ? (
          <ErrorView error={lines.error} onRetry={() => void lines.refetch()} />
        ) : (
          <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 1 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="rounded" height={44} />
            ))}
          </Box>
        )}
      </Box>
    </SectionCard>
  );
}
