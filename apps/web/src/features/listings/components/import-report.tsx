import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportResult } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../components/status-chip.tsx';
import { reportRows } from '../lib/create-lines.ts';
import { LISTING_STATUS_TONE } from '../lib/seller-filter.ts';

/** The merged report of a batch or Excel listing: 'n succeeded, m failed', then each row accepted (status) or refused (why). */
export function ImportReport({
  report,
  sheet = false,
}: {
  report: ImportResult /** Excel: rows of the sheet, not lines. */;
  sheet?: boolean;
}) {
  const { t } = useTranslation('listings');
  const succeeded = report.accepted.length;
  const failed = report.refused.length;
  const rows = reportRows(report);
  return (
    <Box sx={{ mt: 2 }} data-testid="import-report">
      <Alert severity={failed === 0 ? 'success' : succeeded === 0 ? 'error' : 'warning'} role="status">
        {failed === 0
          ? t('report.allDone', { count: succeeded })
          : succeeded === 0
            ? t('report.noneDone', { count: failed })
            : t('report.partly', { succeeded, failed })}
      </Alert>
      {rows.length > 0 ? (
        <Paper variant="outlined" sx={{ mt: 1.5, overflowX: 'auto' }}>
          <Table size="small" aria-label={t('report.table')}>
            <TableHead>
              <TableRow sx={{ '& th': { color: 'text.secondary', fontWeight: 600, typography: 'textSm' } }}>
                <TableCell>{sheet ? t('report.sheetRow') : t('report.row')}</TableCell>
                <TableCell>{t('report.domain')}</TableCell>
                <TableCell>{t('report.result')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={`${row.kind}-${row.row}-${row.domain}`} data-testid="report-row" data-kind={row.kind}>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums', width: 56 }}>{row.row}</TableCell>
                  <TableCell sx={{ fontWeight: 600, overflowWrap: 'break-word', minWidth: 120 }}>
                    {row.domain || '--'}
                  </TableCell>
                  <TableCell>
                    {row.kind === 'accepted' ? (
                      <StatusChip
                        label={t(`status.${row.status}`)}
                        tone={LISTING_STATUS_TONE[row.status]}
                        status={row.status}
                      />
                    ) : (
                      <Typography component="span" sx={{ typography: 'textMd', color: 'error.dark' }}>
                        {row.message}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : null}
    </Box>
  );
}
