import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FEED_IMPORT_STATUSES, type FeedImport, type FeedImportStatus } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { IdText } from '../../../components/id-text.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusChip, type StatusTone } from '../../../components/status-chip.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCancelFeed } from '../api/feed-cancel.ts';
import { useFeeds } from '../api/feed-list.ts';
import { AdminList, FilterBar, usePendingReview } from '../components/admin-list.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { FeedReportDialog } from '../components/feed-report-dialog.tsx';
import { FeedUploadCard } from '../components/feed-upload-card.tsx';
import { type DetailItem, DetailList, EmptyState } from '../components/layout-parts.tsx';
import { enumParam, pageParam } from '../lib/list-params.ts';

const PAGE_SIZE = 20;
const TONE: Record<FeedImportStatus, StatusTone> = {
  scheduled: 'info',
  running: 'warning',
  done: 'success',
  failed: 'error',
  cancelled: 'default',
};

function FeedItem({
  feed,
  onReport,
  onCancel,
}: {
  feed: FeedImport;
  onReport: (feed: FeedImport) => void;
  onCancel: (feed: FeedImport) => void;
}) {
  const { t, i18n } = useTranslation('admin-queues');
  const report = feed.report;
  const items: DetailItem[] = [
    { label: t('feeds.list.source'), value: t(`feeds.source.${feed.source}`) },
    { label: t('feeds.list.scheduledAt'), value: formatDateTime(feed.scheduledAt, i18n.language) },
    {
      label: t('feeds.list.finishedAt'),
      value: feed.finishedAt ? formatDateTime(feed.finishedAt, i18n.language) : null,
    },
    { label: t('feeds.list.createdBy'), value: feed.createdBy ?? t('feeds.list.folderUser'), mono: !!feed.createdBy },
    {
      label: t('feeds.list.result'),
      value: report
        ? t('feeds.list.summary', {
            created: formatNumber(report.created.length, i18n.language),
            duplicates: formatNumber(report.duplicates.length, i18n.language),
            refused: formatNumber(report.refused.length, i18n.language),
          })
        : t('feeds.list.pending'),
      wide: true,
    },
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2.5 }, borderRadius: 2 }} data-testid="feed-item">
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
        <Typography component="h2" sx={{ fontWeight: 700, typography: 'textXl', overflowWrap: 'anywhere', flex: 1 }}>
          {feed.fileName}{' '}
          <IdText sx={{ typography: 'textSm', fontWeight: 500, color: 'text.secondary' }}>#{feed.id}</IdText>
        </Typography>
        <StatusChip label={t(`feeds.status.${feed.status}`)} tone={TONE[feed.status]} status={feed.status} />
      </Box>
      <DetailList items={items} columns={3} phoneColumns={2} />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1.5, flexWrap: 'wrap' }}>
        {feed.status === 'scheduled' ? (
          <Button
            variant="outlined"
            color="error"
            onClick={() => onCancel(feed)}
            aria-label={`${t('feeds.cancel.action')}: ${feed.fileName}`}
          >
            {t('feeds.cancel.action')}
          </Button>
        ) : null}
        {report ? (
          <Button
            variant="outlined"
            onClick={() => onReport(feed)}
            aria-label={`${t('feeds.report.action')}: ${feed.fileName}`}
          >
            {t('feeds.report.action')}
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}

/**
 * /admin/feeds: scheduled lot feeds. Upload a partner file for a set time; the imports (uploads and folder drops)
 * with their status, and each finished one's report (created, duplicates, refused rows). Role: admin.
 */
export function FeedsPage() {
  const { t, i18n } = useTranslation(['admin-queues', 'admin']);
  usePageTitle(t('admin-queues:feeds.title'));
  const [params, setParams] = useSearchParams();
  const status = enumParam(params.get('status'), FEED_IMPORT_STATUSES);
  const page = pageParam(params.get('page'));
  const list = useFeeds({ status, page, pageSize: PAGE_SIZE });
  const cancel = useCancelFeed();
  const dialog = usePendingReview<FeedImport, 'cancel'>();
  const [shown, setShown] = useState<FeedImport | null>(null);
  const update = (next: { status?: FeedImportStatus | undefined; page?: number }) => {
    const search = new URLSearchParams();
    const s = 'status' in next ? next.status : status;
    if (s) search.set('status', s);
    if ((next.page ?? 1) > 1) search.set('page', String(next.page));
    setParams(search);
  };

  return (
    <Box data-testid="admin-feeds" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5 }}>
      <PageHeader title={t('admin-queues:feeds.title')} subtitle={t('admin-queues:feeds.subtitle')} />
      <FeedUploadCard />
      <Typography component="h2" sx={{ fontWeight: 700, typography: 'textXl' }}>
        {t('admin-queues:feeds.list.title')}
      </Typography>
      <AdminList
        query={list}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={(next) => update({ page: next })}
        filters={
          <FilterBar
            total={
              list.data ? (
                <Typography color="text.secondary" sx={{ typography: 'textMd', alignSelf: { sm: 'center' } }}>
                  {t('admin:filters.total', { formatted: formatNumber(list.data.total, i18n.language) })}
                </Typography>
              ) : null
            }
          >
            <TextField
              select
              size="small"
              label={t('admin-queues:feeds.list.status')}
              value={status ?? ''}
              onChange={(event) =>
                update({ status: (event.target.value || undefined) as FeedImportStatus | undefined })
              }
              sx={{ minWidth: 200, bgcolor: 'background.paper' }}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            >
              <MenuItem value="">{t('admin-queues:feeds.list.allStatuses')}</MenuItem>
              {FEED_IMPORT_STATUSES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`admin-queues:feeds.status.${value}`)}
                </MenuItem>
              ))}
            </TextField>
          </FilterBar>
        }
        skeleton={{ rows: 3, height: 140 }}
        empty={<EmptyState title={t('admin-queues:feeds.list.empty')} />}
      >
        {(items) => (
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            {items.map((feed) => (
              <FeedItem key={feed.id} feed={feed} onReport={setShown} onCancel={(f) => dialog.start(f, 'cancel')} />
            ))}
          </Box>
        )}
      </AdminList>
      <FeedReportDialog feed={shown} onClose={() => setShown(null)} />
      <ConfirmDialog
        open={dialog.open}
        onClose={dialog.close}
        title={t('admin-queues:feeds.cancel.title')}
        confirmLabel={t('admin-queues:feeds.cancel.confirm')}
        confirmColor="error"
        onConfirm={async () => {
          if (!dialog.pending) return;
          const feed = dialog.pending.item;
          await cancel.mutateAsync(feed.id);
          dialog.close();
          showToast(t('admin-queues:feeds.cancel.done', { name: feed.fileName }), 'success');
        }}
        testId="feed-cancel-dialog"
      >
        {dialog.pending ? t('admin-queues:feeds.cancel.body', { name: dialog.pending.item.fileName }) : null}
      </ConfirmDialog>
    </Box>
  );
}
