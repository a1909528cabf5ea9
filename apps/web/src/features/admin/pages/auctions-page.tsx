import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type AdminAuction, AUCTION_STATUSES, type AuctionStatus } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHead, CardList, ListCard, ListTable } from '../../../components/card-list.tsx';
import { idTextSx } from '../../../components/id-text.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSearchPatch } from '../../../lib/use-search-patch.ts';
import { useAdminAuctions } from '../api/get-auctions.ts';
import { AdminList, FilterBar } from '../components/admin-list.tsx';
import { EmptyState } from '../components/layout-parts.tsx';
import { LotFormDialog } from '../components/lot-form-dialog.tsx';
import { LotsCsvUpload } from '../components/lots-csv-upload.tsx';
import { enumParam, pageParam } from '../lib/list-params.ts';

const PAGE_SIZE = 20;

const STATUS_COLOR: Record<AuctionStatus, 'info' | 'success' | 'default' | 'error'> = {
  scheduled: 'info',
  bidding: 'success',
  ended: 'default',
  cancelled: 'error',
};

function LotStatus({ lot }: { lot: AdminAuction }) {
  const { t } = useTranslation('admin');
  const sold = lot.status === 'ended' && lot.winningPriceCents !== null;
  return sold ? (
    <StatusChip label={t('lots.status.sold')} tone="secondary" variant="filled" />
  ) : (
    <StatusChip label={t(`lots.status.${lot.status}`)} tone={STATUS_COLOR[lot.status]} />
  );
}

const price = (lot: AdminAuction) => formatMoney(lot.winningPriceCents ?? lot.currentPriceCents);

function LotsTable({ items }: { items: AdminAuction[] }) {
  const { t } = useTranslation('admin');
  return (
    <ListTable
      label={t('lots.title')}
      minWidth={880}
      head={
        <>
          <TableCell>{t('lots.columns.domain')}</TableCell>
          <TableCell>{t('lots.columns.type')}</TableCell>
          <TableCell>{t('lots.columns.status')}</TableCell>
          <TableCell align="right">{t('lots.columns.price')}</TableCell>
          <TableCell align="right">{t('lots.columns.bids')}</TableCell>
          <TableCell>{t('lots.columns.ends')}</TableCell>
          <TableCell>{t('lots.columns.partner')}</TableCell>
        </>
      }
    >
      <TableBody>
        {items.map((lot) => (
          <TableRow
            key={lot.auctionId}
            hover
            data-testid="admin-lot-row"
            data-auction-id={lot.auctionId}
            data-domain={lot.domain}
            data-status={lot.status}
          >
            <TableCell>
              <Typography sx={{ fontWeight: 700, typography: 'textMd', overflowWrap: 'anywhere' }}>
                {lot.domain}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={idTextSx}>
                #{lot.auctionId}
              </Typography>
            </TableCell>
            <TableCell sx={{ typography: 'textMd' }}>{t(`lots.type.${lot.type}`)}</TableCell>
            <TableCell>
              <LotStatus lot={lot} />
            </TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
              {price(lot)}
              <Typography variant="caption" color="text.secondary" component="div">
                {t('lots.startPrice', { amount: formatMoney(lot.startPriceCents) })}
              </Typography>
            </TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatNumber(lot.bidCount)}
              <Typography variant="caption" color="text.secondary" component="div">
                {t('lots.bidders', { count: lot.bidderCount })}
              </Typography>
            </TableCell>
            <TableCell sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', typography: 'textMd' }}>
              {formatDateTime(lot.endsAt)}
              {lot.endsAt !== lot.scheduledEndsAt ? (
                <Typography variant="caption" color="warning.dark" component="div">
                  {t('lots.extended')}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell sx={{ typography: 'textMd' }}>
              {lot.partner}
              <Typography variant="caption" color="text.secondary" component="div">
                {lot.registrar}
              </Typography>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ListTable>
  );
}

function LotsCards({ items }: { items: AdminAuction[] }) {
  const { t } = useTranslation('admin');
  return (
    <CardList>
      {items.map((lot) => (
        <ListCard
          key={lot.auctionId}
          data-testid="admin-lot-row"
          data-auction-id={lot.auctionId}
          data-domain={lot.domain}
          data-status={lot.status}
        >
          <CardHead end={<LotStatus lot={lot} />}>
            <Typography sx={{ fontWeight: 700, typography: 'textXl', overflowWrap: 'anywhere' }}>
              {lot.domain}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t(`lots.type.${lot.type}`)} · {lot.partner}
            </Typography>
          </CardHead>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1.4fr', gap: 1, mt: 1.25, typography: 'textMd' }}>
            <Box>
              <Typography variant="caption" color="text.secondary" component="div">
                {t('lots.columns.price')}
              </Typography>
              <Box sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{price(lot)}</Box>
            </Box>
            <Box>
              <Typography variant="caption" color="text.secondary" component="div">
                {t('lots.columns.bids')}
              </Typography>
              <Box sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatNumber(lot.bidCount)}</Box>
            </Box>
            <Box>
              <Typography variant="caption" color="text.secondary" component="div">
                {t('lots.columns.ends')}
              </Typography>
              <Box sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(lot.endsAt)}</Box>
            </Box>
          </Box>
        </ListCard>
      ))}
    </CardList>
  );
}

/** /admin/auctions: the lots (status filter and keyword), add one lot, and the CSV upload. Role: admin. */
export function AuctionsPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('lots.title'));
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [params, update] = useSearchPatch();
  const status = enumParam(params.get('status'), AUCTION_STATUSES);
  const keyword = (params.get('q') ?? '').trim();
  const page = pageParam(params.get('page'));
  const [adding, setAdding] = useState(false);

  const query = useAdminAuctions({ status, keyword: keyword || undefined, page, pageSize: PAGE_SIZE });
  return (
    <Box data-testid="admin-auctions-page" sx={{ display: 'grid', gap: 2.5 }}>
      <PageHeader
        title={t('lots.title')}
        subtitle={t('lots.subtitle')}
        action={
          <Button
            variant="contained"
            startIcon={<AddRounded />}
            onClick={() => setAdding(true)}
            data-testid="admin-lot-add"
          >
            {t('lots.add')}
          </Button>
        }
      />
      <LotsCsvUpload />
      <AdminList
        query={query}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={(next) => update({ page: next > 1 ? String(next) : null })}
        filters={
          <FilterBar
            total={
              query.data ? (
                <Typography color="text.secondary" sx={{ typography: 'textMd', alignSelf: 'center' }}>
                  {t('lots.total', { count: query.data.total, total: formatNumber(query.data.total) })}
                </Typography>
              ) : null
            }
          >
            <TextField
              select
              size="small"
              label={t('lots.filter.status')}
              value={status ?? 'all'}
              onChange={(event) =>
                update({ status: event.target.value === 'all' ? null : event.target.value, page: null })
              }
              sx={{ minWidth: 180 }}
              slotProps={{ htmlInput: { 'data-testid': 'admin-lots-status' } }}
            >
              <MenuItem value="all">{t('lots.filter.all')}</MenuItem>
              {AUCTION_STATUSES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`lots.status.${value}`)}
                </MenuItem>
              ))}
            </TextField>
            <SearchField
              value={keyword}
              onSearch={(q) => update({ q, page: null })}
              placeholder={t('lots.filter.keyword')}
              label={t('lots.filter.keyword')}
              maxLength={63}
              testId="admin-lots-keyword"
              sx={{ flex: 1, maxWidth: { sm: 320 } }}
            />
          </FilterBar>
        }
        skeleton={{ rows: 4, height: 64 }}
        empty={<EmptyState title={t('lots.empty')} body={status || keyword ? t('lots.emptyFiltered') : undefined} />}
      >
        {(items) => (wide ? <LotsTable items={items} /> : <LotsCards items={items} />)}
      </AdminList>
      <LotFormDialog open={adding} onClose={() => setAdding(false)} />
    </Box>
  );
}
