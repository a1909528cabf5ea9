import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BidRecord } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { MoneyText } from '../../../components/auction/money-text.tsx';
import { BELOW_THE_FOLD } from '../../../components/page-widths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDisplayTimeZone } from '../../../lib/render-env.ts';
import { BIDS_PAGE_SIZE, useBids } from '../api/get-bids.ts';

/** "You" for mine, otherwise "Bidder 3" / "竞拍者 3". */
export function useBidderName() {
  const { t } = useTranslation('auctions');
  return (record: Pick<BidRecord, 'isMine' | 'bidderNo'>) =>
    record.isMine ? t('records.you') : t('records.bidder', { no: record.bidderNo });
}

/** The bid records of a lot, newest first, paged; `closed` when bidding is over (no "be the first"). */
export function BidRecords({ auctionId, closed = false }: { auctionId: string; closed?: boolean }) {
  const { t } = useTranslation('auctions');
  const timeZone = useDisplayTimeZone();
  const [page, setPage] = useState(1);
  const bids = useBids(auctionId, page);
  const name = useBidderName();
  const data = bids.data;
  const kindChip = (record: BidRecord) => (
    <Chip
      size="small"
      variant="outlined"
      color={record.kind === 'proxy' ? 'secondary' : 'default'}
      label={t(`records.kinds.${record.kind}`)}
      sx={{ height: 22 }}
    />
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / BIDS_PAGE_SIZE)) : 1;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 }, ...BELOW_THE_FOLD }} data-testid="bid-records">
      <Typography component="h2" sx={{ fontWeight: 800, typography: 'text2xl', mb: 1.25 }}>
        {t('records.title')}
        {data ? (
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500, typography: 'textMd', ml: 1 }}>
            {t('records.count', { total: data.total })}
          </Box>
        ) : null}
      </Typography>
      {bids.isPending ? (
        <Box sx={{ display: 'grid', gap: 0.75 }}>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" height={36} />
          ))}
        </Box>
      ) : bids.isError && !data ? (
        <ErrorView error={bids.error} onRetry={() => void bids.refetch()} />
      ) : data && data.items.length === 0 ? (
        <Typography
          sx={{ color: 'text.secondary', typography: 'textMd', py: 2, textAlign: 'center' }}
          data-testid="bid-records-empty"
        >
          {t(closed ? 'records.emptyClosed' : 'records.empty')}
        </Typography>
      ) : data ? (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            {/* On phones the kind sits under the bidder and the time may wrap: the four columns fit 390 px. */}
            <Table
              size="small"
              sx={{
                '& td, & th': { whiteSpace: 'nowrap', px: { xs: 1, sm: 2 } },
                '& td.records-time': { whiteSpace: { xs: 'normal', sm: 'nowrap' } },
              }}
            >
              <TableHead>
                <TableRow sx={{ '& th': { color: 'text.secondary', fontWeight: 700, typography: 'textSm' } }}>
                  <TableCell>{t('records.bidderColumn')}</TableCell>
                  <TableCell align="right">{t('records.amount')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('records.kind')}</TableCell>
                  <TableCell>{t('records.time')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.items.map((record) => (
                  <TableRow
                    key={record.bidId}
                    data-testid="bid-record"
                    data-seq={record.seq}
                    data-mine={record.isMine ? 'true' : 'false'}
                    sx={record.isMine ? { bgcolor: 'action.selected' } : undefined}
                  >
                    <TableCell sx={{ fontWeight: record.isMine ? 700 : 400 }}>
                      {name(record)}
                      <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.25 }}>{kindChip(record)}</Box>
                    </TableCell>
                    <TableCell align="right">
                      <MoneyText cents={record.amountCents} sx={{ fontWeight: 600 }} />
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{kindChip(record)}</TableCell>
                    <TableCell className="records-time" sx={{ color: 'text.secondary', typography: 'textSm' }}>
                      {formatDateTime(record.createdAt, undefined, timeZone)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {pages > 1 ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1.5 }}>
              <Pagination
                size="small"
                count={pages}
                page={Math.min(page, pages)}
                onChange={(_, value) => setPage(value)}
              />
            </Box>
          ) : null}
        </>
      ) : null}
    </Paper>
  );
}
