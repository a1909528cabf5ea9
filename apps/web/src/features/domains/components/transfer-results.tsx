import SwapHorizRounded from '@mui/icons-material/SwapHorizRounded';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type DomainTransfer, domainReasonText, TRANSFER_DIRECTIONS, TRANSFER_STATUSES } from '@namebourse/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHead, CardList, ListCard, ListTable } from '../../../components/card-list.tsx';
import { PagedList, useLastPageFallback } from '../../../components/paged-list.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useSearchPatch } from '../../../lib/use-search-patch.ts';
import { useTransfers } from '../api/transfers.ts';
import { isFiltered, readTransfersFilter, TRANSFERS_PAGE_SIZE, transfersFilterPatch } from '../lib/transfers-query.ts';
import { TransferStatusChip } from './transfer-status-chip.tsx';

const cell = { typography: 'textMd', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Status({ item, chip = true }: { item: DomainTransfer; chip?: boolean }) {
  const { t } = useTranslation('transfers');
  const locale = useLocale();
  // A cancellation's reason is shown only when it says more than the 'Cancelled' chip.
  const shows =
    item.status === 'failed' || (item.status === 'cancelled' && item.reason !== null && item.reason !== 'cancelled');
  const reason = shows ? domainReasonText(item.reason, locale) : null;
  return (
    <Box>
      {chip ? <TransferStatusChip status={item.status} /> : null}
      {item.status === 'pending' && item.cancelRequested ? (
        <Typography sx={{ typography: 'textSm', color: 'text.secondary', mt: 0.5 }}>
          {t('results.cancelRequested')}
        </Typography>
      ) : null}
      {reason ? (
        <Typography
          data-testid="transfer-reason"
          sx={{
            typography: 'textSm',
            color: item.status === 'failed' ? 'error.main' : 'text.secondary',
            mt: 0.5,
            maxWidth: 260,
          }}
        >
          {reason}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The domain, a link to manage it above when it is a transfer out still pending. */
function DomainName({ item, onManage }: { item: DomainTransfer; onManage: (name: string) => void }) {
  const { t } = useTranslation('transfers');
  const text = (
    <Typography component="span" sx={{ fontWeight: 700, typography: 'textLg', overflowWrap: 'break-word' }}>
      {item.domain}
    </Typography>
  );
  if (item.direction !== 'out' || item.status !== 'pending') return text;
  return (
    <Link
      component="button"
      type="button"
      onClick={() => onManage(item.domain)}
      aria-label={t('results.manage', { domain: item.domain })}
      sx={{ textAlign: 'left' }}
    >
      {text}
    </Link>
  );
}

const when = (value: string | null, lng: string) => (value ? formatDateTime(value, lng) : '--');

/** A date over its time (the table stays narrow enough for the console at 1440 px). */
function DateTimeCell({ value }: { value: string | null }) {
  const { i18n } = useTranslation();
  if (!value) return <>--</>;
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return (
    <>
      {formatDate(value, i18n.language)}
      <Typography component="div" sx={{ typography: 'textSm', color: 'text.secondary' }}>
        {time.format(new Date(value))}
      </Typography>
    </>
  );
}

function ResultsTable({ items, onManage }: { items: DomainTransfer[]; onManage: (name: string) => void }) {
  const { t } = useTranslation('transfers');
  return (
    <ListTable
      label={t('results.title')}
      minWidth={860}
      headPadding
      data-testid="transfer-table"
      head={
        <>
          <TableCell>{t('results.col.domain')}</TableCell>
          <TableCell>{t('results.col.direction')}</TableCell>
          <TableCell>{t('results.col.status')}</TableCell>
          <TableCell>{t('results.col.requestedAt')}</TableCell>
          <TableCell>{t('results.col.finishedAt')}</TableCell>
          <TableCell>{t('results.col.from')}</TableCell>
          <TableCell>{t('results.col.to')}</TableCell>
          <TableCell>{t('results.col.codeExpiresAt')}</TableCell>
        </>
      }
    >
      <TableBody>
        {items.map((item) => (
          <TableRow
            key={item.transferId}
            hover
            data-testid="transfer-row"
            data-domain={item.domain}
            sx={{ '& td': { py: 1.5 } }}
          >
            <TableCell sx={{ minWidth: 140 }}>
              <DomainName item={item} onManage={onManage} />
            </TableCell>
            <TableCell sx={cell}>
              {t(`directions.${item.direction}`)}
              <Typography component="div" sx={{ typography: 'textSm', color: 'text.secondary' }}>
                {t(`kinds.${item.kind}`)}
              </Typography>
            </TableCell>
            <TableCell sx={{ minWidth: 110 }}>
              <Status item={item} />
            </TableCell>
            <TableCell sx={cell}>
              <DateTimeCell value={item.requestedAt} />
            </TableCell>
            <TableCell sx={cell}>
              <DateTimeCell value={item.finishedAt} />
            </TableCell>
            <TableCell sx={{ typography: 'textMd', minWidth: 100 }}>{item.fromRegistrar ?? '--'}</TableCell>
            <TableCell sx={{ typography: 'textMd', minWidth: 100 }}>{item.toRegistrar ?? '--'}</TableCell>
            <TableCell sx={cell}>
              <DateTimeCell value={item.direction === 'out' ? item.authCodeExpiresAt : null} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ListTable>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'textMd', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>{value}</Box>
    </Box>
  );
}

function ResultCards({ items, onManage }: { items: DomainTransfer[]; onManage: (name: string) => void }) {
  const { t, i18n } = useTranslation('transfers');
  return (
    <CardList data-testid="transfer-cards">
      {items.map((item) => (
        <ListCard key={item.transferId} data-testid="transfer-row" data-domain={item.domain}>
          <CardHead end={<TransferStatusChip status={item.status} />}>
            <DomainName item={item} onManage={onManage} />
            <Typography variant="caption" color="text.secondary" component="div">
              {t(`directions.${item.direction}`)} · {t(`kinds.${item.kind}`)}
            </Typography>
          </CardHead>
          <Status item={item} chip={false} />
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.25, mt: 1.5 }}>
            <Line label={t('results.col.requestedAt')} value={when(item.requestedAt, i18n.language)} />
            <Line label={t('results.col.finishedAt')} value={when(item.finishedAt, i18n.language)} />
            <Line label={t('results.col.from')} value={item.fromRegistrar ?? '--'} />
            <Line label={t('results.col.to')} value={item.toRegistrar ?? '--'} />
            {item.direction === 'out' ? (
              <Line label={t('results.col.codeExpiresAt')} value={when(item.authCodeExpiresAt, i18n.language)} />
            ) : null}
          </Box>
        </ListCard>
      ))}
    </CardList>
  );
}

/** Results (`#results`): every transfer out and in; filters and page in the address; refreshed while one is pending. */
export function TransferResults({ onManage }: { onManage: (name: string) => void }) {
  const { t } = useTranslation('transfers');
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [params, update] = useSearchPatch();
  const filter = readTransfersFilter(params);
  const query = useTransfers(filter);
  const data = query.data;
  const setPage = useCallback((next: number) => update({ page: next > 1 ? String(next) : null }), [update]);
  useLastPageFallback(data, filter.page, TRANSFERS_PAGE_SIZE, setPage);
  const filtered = isFiltered(filter);

  return (
    <SectionCard
      id="results"
      title={t('results.title')}
      description={t('results.description')}
      testId="transfer-results"
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', md: '180px 180px minmax(0, 280px)' },
          gap: 1.5,
          mb: 2,
        }}
      >
        <TextField
          select
          size="small"
          label={t('results.direction')}
          value={filter.direction ?? ''}
          onChange={(event) =>
            update(transfersFilterPatch({ direction: (event.target.value || undefined) as typeof filter.direction }))
          }
          slotProps={{
            select: { displayEmpty: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'transfer-filter-direction' },
          }}
        >
          <MenuItem value="">{t('results.all')}</MenuItem>
          {TRANSFER_DIRECTIONS.map((direction) => (
            <MenuItem key={direction} value={direction}>
              {t(`directions.${direction}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('results.status')}
          value={filter.status ?? ''}
          onChange={(event) =>
            update(transfersFilterPatch({ status: (event.target.value || undefined) as typeof filter.status }))
          }
          slotProps={{
            select: { displayEmpty: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'transfer-filter-status' },
          }}
        >
          <MenuItem value="">{t('results.all')}</MenuItem>
          {TRANSFER_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`statuses.${status}`)}
            </MenuItem>
          ))}
        </TextField>
        <SearchField
          value={filter.keyword}
          onSearch={(keyword) => update(transfersFilterPatch({ keyword: keyword ?? undefined }))}
          placeholder={t('results.searchPlaceholder')}
          label={t('results.searchLabel')}
          clearLabel={t('results.searchClear')}
          testId="transfer-filter-keyword"
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        />
      </Box>
      <PagedList
        query={query}
        loading={{ label: t('loading'), height: wide ? 48 : 120 }}
        empty={{
          icon: <SwapHorizRounded />,
          title: filtered ? t('results.emptyFiltered') : t('results.empty'),
          body: filtered ? t('results.emptyFilteredBody') : t('results.emptyBody'),
          action: filtered
            ? {
                label: t('results.showAll'),
                onClick: () => update({ direction: null, status: null, keyword: null, page: null }),
              }
            : undefined,
          testId: 'transfer-results-empty',
        }}
        isEmpty={!data || data.items.length === 0}
        pages={
          data && data.items.length > 0
            ? {
                total: data.total,
                pageSize: TRANSFERS_PAGE_SIZE,
                page: filter.page,
                onChange: setPage,
                compact: !wide,
                label: t('results.pagination'),
                aside: (
                  <Typography sx={{ typography: 'textSm', color: 'text.secondary' }}>
                    {t('results.total', { count: data.total })}
                  </Typography>
                ),
              }
            : null
        }
      >
        {() =>
          data ? (
            wide ? (
              <ResultsTable items={data.items} onManage={onManage} />
            ) : (
              <ResultCards items={data.items} onManage={onManage} />
            )
          ) : null
        }
      </PagedList>
    </SectionCard>
  );
}
