import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TransactionLine } from '@namebourse/contract';
import { Trans, useTranslation } from 'react-i18next';
import { IdText } from '../../../components/id-text.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { lineDetails } from '../lib/line-details.ts';

/** '+$20.00' for a credit, '-$5.00' for a debit. */
export function signedMoney(cents: number): string {
  return cents > 0 ? `+${formatMoney(cents)}` : formatMoney(cents);
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
      {ref ? <Trans t={t} i18nKey={ref.key} values={{ id: ref.id }} components={{ id: <IdText /> }} /> : null}
      {ref && note ? ' · ' : null}
      {note}
    </>
  );
}

export function LinesTable({ lines }: { lines: TransactionLine[] }) {
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

export function LinesList({ lines }: { lines: TransactionLine[] }) {
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
            <Typography sx={{ fontWeight: 600, typography: 'textLg' }}>{t(`types.${line.type}`)}</Typography>
            <Amount cents={line.amountCents} />
          </Box>
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 1.5,
              color: 'text.secondary',
              typography: 'textSm',
            }}
          >
            <span>
              {formatDateTime(line.createdAt)} · {t(`buckets.${line.bucket}`)}
            </span>
            <span style={{ whiteSpace: 'nowrap' }}>
              {t('history.after', { amount: formatMoney(line.balanceAfterCents) })}
            </span>
          </Box>
          {line.memo || line.refId ? (
            <Typography color="text.secondary" sx={{ typography: 'textSm', mt: 0.25, overflowWrap: 'anywhere' }}>
              <Details line={line} />
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
