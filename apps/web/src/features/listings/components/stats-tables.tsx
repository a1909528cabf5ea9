import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import type { StatsRow } from './stats-rows.ts';

export const visuallyHidden = {
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

/**
 * A chart's figures as a table (the chart's alternative): the category, its sales, gross, average price and net.
 * Visually hidden while the chart shows (screen readers still read it), shown in its place on request.
 */
export function StatsTable({
  rows,
  caption,
  head,
  hidden,
  testId,
}: {
  rows: StatsRow[];
  caption: string;
  /** The first column's heading (month, TLD, mode). */
  head: string;
  hidden: boolean;
  testId: string;
}) {
  const { t, i18n } = useTranslation('seller-sales');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Box sx={hidden ? visuallyHidden : { overflowX: 'auto' }}>
      <Table size="small" data-testid={testId}>
        <caption style={hidden ? undefined : { captionSide: 'top', textAlign: 'left', padding: 0 }}>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell>{head}</TableCell>
            <TableCell align="right">{t('stats.sales')}</TableCell>
            <TableCell align="right">{t('stats.gross')}</TableCell>
            <TableCell align="right">{t('stats.average')}</TableCell>
            <TableCell align="right">{t('stats.net')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} data-row={row.key}>
              <TableCell component="th" scope="row">
                {row.label}
              </TableCell>
              <TableCell align="right">{formatNumber(row.count, lng)}</TableCell>
              <TableCell align="right">{formatMoney(row.grossCents, lng)}</TableCell>
              <TableCell align="right">
                {row.averageCents === null ? '—' : formatMoney(row.averageCents, lng)}
              </TableCell>
              <TableCell align="right">{formatMoney(row.netCents, lng)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
