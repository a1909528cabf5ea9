import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AdminAnnouncement, ANNOUNCEMENT_TRANSITIONS, type AnnouncementStatus } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { StatusChip, type StatusTone } from '../../../components/status-chip.tsx';
import { isHandledByPipeline } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback-store.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { usePublishAnnouncement } from '../api/announcement-publish.ts';
import { useWithdrawAnnouncement } from '../api/announcement-withdraw.ts';
import { fromZonedInput, toZonedInput } from '../lib/zoned-time.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

export const ANNOUNCEMENT_TONES: Record<AnnouncementStatus, StatusTone> = {
  draft: 'default',
  scheduled: 'info',
  published: 'success',
  withdrawn: 'warning',
};

export function AnnouncementStatusChip({ status }: { status: AnnouncementStatus }) {
  const { t } = useTranslation('admin-announcements');
  return <StatusChip label={t(`status.${status}`)} tone={ANNOUNCEMENT_TONES[status]} status={status} />;
}

/** `YYYY-MM-DDTHH:mm` of a time in the operator's time zone (the value a datetime-local input takes). */
export function toLocalInput(date: Date): string {
  return toZonedInput(date);
}

/** What the status line says: when it appeared, or will. */
export function useWhenText() {
  const { t, i18n } = useTranslation('admin-announcements');
  return (announcement: AdminAnnouncement): string | null => {
    if (!announcement.publishAt) return null;
    const time = formatDateTime(announcement.publishAt, i18n.language);
    if (announcement.status === 'scheduled') return t('when.scheduled', { time });
    if (announcement.status === 'published') return t('when.published', { time });
    if (announcement.status === 'withdrawn') return t('when.withdrawn', { time });
    return null;
  };
}

/**
 * Publishing an announcement: now, or at a date and time (in the operator's time zone, as the console shows
 * times; the sweeper publishes it
 * then), and withdrawing it. Only the moves its status allows are offered (ANNOUNCEMENT_TRANSITIONS).
 */
export function AnnouncementPublishPanel({ announcement }: { announcement: AdminAnnouncement }) {
  const { t, i18n } = useTranslation('admin-announcements');
  const title = i18n.language.startsWith('zh') ? announcement.titleZh : announcement.titleEn;
  const publish = usePublishAnnouncement();
  const withdraw = useWithdrawAnnouncement();
  const whenText = useWhenText();
  const [at, setAt] = useState(() =>
    announcement.status === 'scheduled' && announcement.publishAt ? toLocalInput(new Date(announcement.publishAt)) : '',
  );
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const allowed = ANNOUNCEMENT_TRANSITIONS[announcement.status];
  const canPublish = allowed.includes('published');
  const canSchedule = allowed.includes('scheduled');
  const canWithdraw = allowed.includes('withdrawn');
  const scheduleAt = at ? fromZonedInput(at) : null;
  const validAt = scheduleAt !== null && !Number.isNaN(scheduleAt.getTime()) && scheduleAt.getTime() > Date.now();
  const error = publish.error ?? withdraw.error;

  const publishNow = async () => {
    await publish.mutateAsync({ id: announcement.id });
    showToast(t('done.published'), 'success');
  };
  const schedule = async () => {
    if (!scheduleAt || !validAt) return;
    const saved = await publish.mutateAsync({ id: announcement.id, publishAt: scheduleAt.toISOString() });
    showToast(t('done.scheduled', { time: whenText(saved) ?? '' }), 'success');
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 2.5 }, display: 'grid', gap: 2 }}
      data-testid="announcement-publish"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('publish.title')}
        </Typography>
        <AnnouncementStatusChip status={announcement.status} />
        <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
          {whenText(announcement)}
        </Typography>
      </Box>
      {canPublish || canSchedule ? (
        <Box
          sx={{
            display: 'flex',
            gap: 1.5,
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'stretch', sm: 'flex-start' },
          }}
        >
          {canPublish ? (
            <Button
              variant="contained"
              color="success"
              loading={publish.isPending && !at}
              onClick={() => void publishNow().catch(() => undefined)}
            >
              {t('publish.now')}
            </Button>
          ) : null}
          {canSchedule ? (
            <>
              <TextField
                type="datetime-local"
                size="small"
                label={t('publish.at')}
                value={at}
                onChange={(event) => setAt(event.target.value)}
                error={Boolean(at) && !validAt}
                helperText={at && !validAt ? t('publish.atPast') : t('publish.atHint')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: toLocalInput(new Date()) } }}
                sx={{ minWidth: 240 }}
              />
              <Button
                variant="outlined"
                disabled={!validAt}
                loading={publish.isPending && Boolean(at)}
                onClick={() => void schedule().catch(() => undefined)}
              >
                {announcement.status === 'scheduled' ? t('publish.reschedule') : t('publish.schedule')}
              </Button>
            </>
          ) : null}
        </Box>
      ) : null}
      {canWithdraw ? (
        <Box>
          <Button variant="outlined" color="warning" onClick={() => setConfirmWithdraw(true)}>
            {t('publish.withdraw')}
          </Button>
        </Box>
      ) : null}
      {error && !isHandledByPipeline(error) ? <ErrorView error={error} /> : null}
      <ConfirmDialog
        open={confirmWithdraw}
        onClose={() => setConfirmWithdraw(false)}
        title={t('withdraw.title')}
        confirmLabel={t('publish.withdraw')}
        confirmColor="warning"
        onConfirm={async () => {
          await withdraw.mutateAsync(announcement.id);
          setConfirmWithdraw(false);
          showToast(t('done.withdrawn'), 'success');
        }}
        testId="announcement-withdraw-dialog"
      >
        {t('withdraw.body', { title })}
      </ConfirmDialog>
    </Paper>
  );
}
