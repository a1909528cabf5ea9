import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
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
import { SETTLEMENT_STATUSES, type Settlement, type SettlementRecord } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { IdText } from '../../../components/id-text.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useSettlements } from '../api/get-settlements.ts';
import { RECORDS_PAGE_SIZE, readRecordsQuery, writeRecordsQuery } from '../lib/records-query.ts';
import { SettlementStatusChip } from './settlement-status-chip.tsx';

/** A record as the server answers it: with the bank's reference once a wire is paid. */
type Row = Settlement & Partial<Pick<SettlementRecord, 'bankReference'>>;

/** The bank's reference of a paid wire, under its status. */
function BankReference({ settlement }: { settlement: Row }) {
  const { t } = useTranslation('payouts');
  if (!settlement.bankReference) return null;
  return (
    <Typography sx={{ typography: 'textSm', color: 'text.secondary', mt: 0.5 }} data-testid="settlement-bank-reference">
      {t('settle.records.bankReference')}: <IdText>{settlement.bankReference}</IdText>
    </Typography>
  );
}

function usePayeeText() {
  const { t } = useTranslation('payouts');
  return (settlement: Settlement) =>
    settlement.target === 'balance' ? t('settle.target.balanceShort') : (settlement.payee ?? t('settle.target.wire'));
}

function FailureReason({ settlement, maxWidth }: { settlement: Settlement; maxWidth?: number }) {
  if (settlement.status !== 'failure' || !settlement.failureReason) return null;
  return (
    <Typography sx={{ typography: 'textSm', color: 'error.main', mt: 0.5, maxWidth }} data-testid="settlement-reason">
      {settlement.failureReason}
    </Typography>
  );
}

function Status({ settlement }: { settlement: Row }) {
  return (
    <Box>
      <SettlementStatusChip status={settlement.status} />
      <FailureReason settlement={settlement} maxWidth={260} />
      <BankReference settlement={settlement} />
    </Box>
  );
}

function RecordsTable({ items }: { items: Row[] }) {
  const { t } = useTranslation('payouts');
  const payeeText = usePayeeText();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('settle.records.title')} data-testid="settlement-table">
        <TableHead>
          <TableRow
            sx={{ '& th': { fontWeight: 700, color: 'text.secondary', typography: 'textSm', whiteSpace: 'nowrap' } }}
          >
            <TableCell>{t('settle.col.id')}</TableCell>
            <TableCell align="right">{t('settle.col.amount')}</TableCell>
            <TableCell>{t('settle.col.currency')}</TableCell>
            <TableCell align="right">{t('settle.col.fee')}</TableCell>
            <TableCell>{t('settle.col.payee')}</TableCell>
            <TableCell>{t('settle.col.requestedAt')}</TableCell>
            <TableCell>{t('settle.col.updatedAt')}</TableCell>
            <TableCell>{t('settle.col.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow
              key={item.settlementId}
              data-testid="settlement-row"
              sx={{ '& td': { py: 1.5, typography: 'textMd' } }}
            >
              <TableCell sx={{ fontSize: '13px !important' }}>
                <IdText>{item.settlementId}</IdText>
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                <Box sx={{ fontWeight: 700 }}>{formatMoney(item.amountCents)}</Box>
                <Box sx={{ typography: 'textXs', color: 'text.secondary' }}>
                  {t('settle.records.net', { amount: formatMoney(item.netCents) })}
                </Box>
              </TableCell>
              <TableCell>{item.currency}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(item.feeCents)}
              </TableCell>
              <TableCell sx={{ minWidth: 150, maxWidth: 240, wordBreak: 'break-word' }}>{payeeText(item)}</TableCell>
              <TableCell sx={{ minWidth: 96 }}>{formatDateTime(item.requestedAt)}</TableCell>
              <TableCell sx={{ minWidth: 96 }}>{formatDateTime(item.updatedAt)}</TableCell>
              <TableCell sx={{ minWidth: 150 }}>
                <Status settlement={item} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function RecordCards({ items }: { items: Row[] }) {
  const { t } = useTranslation('payouts');
  const payeeText = usePayeeText();
  const line = (label: string, value: string) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, typography: 'textMd' }}>
      <Typography component="span" sx={{ typography: 'textSm', color: 'text.secondary', flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography component="span" sx={{ typography: 'textMd', textAlign: 'right', wordBreak: 'break-word' }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
      data-testid="settlement-cards"
    >
      {items.map((item) => (
        <Box
          component="li"
          key={item.settlementId}
          data-testid="settlement-row"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.75, display: 'grid', gap: 0.75 }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
            <Box>
              <Typography sx={{ fontWeight: 800, typography: 'text3xl', fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(item.amountCents)}{' '}
                <Box component="span" sx={{ typography: 'textXs', color: 'text.secondary', fontWeight: 600 }}>
                  {item.currency}
                </Box>
              </Typography>
              <Typography sx={{ typography: 'textXs', color: 'text.secondary' }}>
                <IdText wrap>{item.settlementId}</IdText>
              </Typography>
            </Box>
            <SettlementStatusChip status={item.status} />
          </Box>
          <FailureReason settlement={item} />
          <BankReference settlement={item} />
          {line(t('settle.col.fee'), formatMoney(item.feeCents))}
          {line(t('settle.records.netLabel'), formatMoney(item.netCents))}
          {line(t('settle.col.payee'), payeeText(item))}
          {line(t('settle.col.requestedAt'), formatDateTime(item.requestedAt))}
          {line(t('settle.col.updatedAt'), formatDateTime(item.updatedAt))}
        </Box>
      ))}
    </Box>
  );
}

/** The settlement records: status filter, a table on desktop and cards on a phone, paging. */
export function SettlementRecords() {
  const { t } = useTranslation('payouts');
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const [params, setParams] = useSearchParams();
  const query = readRecordsQuery(params);
  const records = useSettlements({ status: query.status, page: query.page, pageSize: RECORDS_PAGE_SIZE });
  const data = records.data;

  return (
    <SectionCard
      id="settle-records"
      title={t('settle.records.title')}
      action={
        <TextField
          select
          size="small"
          label={t('settle.records.filter')}
          value={query.status ?? ''}
          onChange={(event) =>
            setParams(
              writeRecordsQuery(params, {
                status: (event.target.value || undefined) as typeof query.status,
                page: 1,
              }),
            )
          }
          sx={{ minWidth: 160 }}
          slotProps={{
            select: { displayEmpty: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'settlement-filter' },
          }}
        >
          <MenuItem value="">{t('settle.records.all')}</MenuItem>
          {SETTLEMENT_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`settle.status.${status}`)}
            </MenuItem>
          ))}
        </TextField>
      }
    >
      <PagedList
        query={records}
        loading={{ label: t('loading'), height: desktop ? 44 : 120 }}
        empty={
          <Box sx={{ textAlign: 'center', py: { xs: 4, md: 6 } }} data-testid="settlement-empty">
            <ReceiptLongOutlined sx={{ fontSize: 40, color: 'text.disabled' }} />
            <Typography sx={{ mt: 1, fontWeight: 600 }}>
              {query.status ? t('settle.records.emptyFiltered') : t('settle.records.empty')}
            </Typography>
          </Box>
        }
        isEmpty={!data || data.items.length === 0}
        pages={
          data && data.items.length > 0
            ? {
                total: data.total,
                pageSize: data.pageSize,
                page: query.page,
                onChange: (page) => setParams(writeRecordsQuery(params, { ...query, page })),
                compact: false,
                itemLabel: (type, page) =>
                  type === 'page' ? t('settle.records.pageN', { page }) : t(`settle.records.${type}`),
                aside: (
                  <Typography sx={{ typography: 'textSm', color: 'text.secondary' }}>
                    {t('settle.records.total', { count: data.total })}
                  </Typography>
                ),
              }
            : null
        }
      >
        {() => (data ? desktop ? <RecordsTable items={data.items} /> : <RecordCards items={data.items} /> : null)}
      </PagedList>
    </SectionCard>
  );
}
