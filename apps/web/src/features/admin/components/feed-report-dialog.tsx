import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { FeedImport } from '@namebourse/contract';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Subheading } from './review-card.tsx';

function ReportTable({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  const { t } = useTranslation('admin-queues');
  if (rows.length === 0) {
    return <Typography color="text.secondary">{t('feeds.report.nothing')}</Typography>;
  }
  return (
    <Table size="small" sx={{ '& td, & th': { px: 1, overflowWrap: 'anywhere' } }}>
      <TableHead>
        <TableRow>
          {head.map((h) => (
            <TableCell key={h}>{h}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((cells, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no other identity than their place.
          <TableRow key={i}>
            {cells.map((cell, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns.
              <TableCell key={j}>{cell}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** An import's report: the lots created, the duplicates (and why), the refused rows with their problem. */
export function FeedReportDialog({ feed, onClose }: { feed: FeedImport | null; onClose: () => void }) {
  const { t } = useTranslation('admin-queues');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const report = feed?.report;
  return (
    <Dialog
      open={feed !== null}
      onClose={onClose}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
      data-testid="feed-report"
    >
      <DialogTitle id={titleId}>{feed ? t('feeds.report.title', { name: feed.fileName }) : ''}</DialogTitle>
      <DialogContent>
        {report ? (
          <>
            <Subheading>{t('feeds.report.created', { count: report.created.length })}</Subheading>
            <ReportTable
              head={[t('feeds.report.line'), t('feeds.report.domain'), t('feeds.report.auction')]}
              rows={report.created.map((c) => [c.line, c.domain, c.auctionId])}
            />
            <Subheading>{t('feeds.report.duplicates', { count: report.duplicates.length })}</Subheading>
            <ReportTable
              head={[t('feeds.report.line'), t('feeds.report.domain'), t('feeds.report.reason')]}
              rows={report.duplicates.map((d) => [
                d.line,
                d.domain,
                d.reason === 'in_file' ? t('feeds.report.inFile') : t('feeds.report.openLot'),
              ])}
            />
            <Subheading>{t('feeds.report.refused', { count: report.refused.length })}</Subheading>
            <ReportTable
              head={[
                t('feeds.report.line'),
                t('feeds.report.domain'),
                t('feeds.report.field'),
                t('feeds.report.message'),
              ]}
              rows={report.refused.map((r) => [
                r.line || '—',
                r.domain ?? '—',
                r.field ?? '—',
                `${r.message} (${r.code})`,
              ])}
            />
          </>
        ) : (
          <Typography color="text.secondary">{t('feeds.list.pending')}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('feeds.report.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
