import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  type AdminFeedback,
  type AdminFeedbackDetail,
  FEEDBACK_REPLY_MAX,
  FEEDBACK_TRANSITIONS,
  type FeedbackReplyRequest,
  FeedbackReplyRequestSchema,
  type FeedbackStatus,
} from '@namebourse/contract';
import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { StatusChip, type StatusTone } from '../../../components/status-chip.tsx';
import { isHandledByPipeline } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback-store.ts';
import { applyServerFieldErrors, contractErrorMap, fieldText } from '../../../lib/form-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCloseFeedback } from '../api/feedback-close.ts';
import { useReplyToFeedback } from '../api/feedback-reply.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

export const FEEDBACK_TONES: Record<FeedbackStatus, StatusTone> = {
  open: 'warning',
  replied: 'success',
  closed: 'default',
};

export function FeedbackStatusChip({ status }: { status: FeedbackStatus }) {
  const { t } = useTranslation('admin-feedback');
  return <StatusChip label={t(`status.${status}`)} tone={FEEDBACK_TONES[status]} status={status} />;
}

/** How long a message has waited: minutes under an hour, hours under two days, then days. */
export function useAgeText() {
  const { t } = useTranslation('admin-feedback');
  return (seconds: number): string => {
    if (seconds < 3600) return t('age.minutes', { count: Math.max(1, Math.floor(seconds / 60)) });
    if (seconds < 48 * 3600) return t('age.hours', { count: Math.floor(seconds / 3600) });
    return t('age.days', { count: Math.floor(seconds / 86_400) });
  };
}

/** The age of a message, flagged when it has waited past the reply target. */
export function FeedbackAge({ item }: { item: AdminFeedback }) {
  const { t } = useTranslation('admin-feedback');
  const ageText = useAgeText();
  const age = ageText(item.ageSeconds);
  return item.overdue ? (
    <Chip
      size="small"
      color="error"
      variant="outlined"
      label={t('age.overdue', { age })}
      sx={{ height: 22, typography: 'textXs', fontWeight: 700 }}
    />
  ) : (
    <Typography component="span" color="text.secondary" sx={{ typography: 'textSm' }}>
      {t('age.waiting', { age })}
    </Typography>
  );
}

function Bubble({ who, time, text, tone }: { who: string; time: string; text: string; tone: 'sender' | 'operator' }) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{
        listStyle: 'none',
        p: 2,
        ml: tone === 'operator' ? { xs: 2, sm: 6 } : 0,
        mr: tone === 'sender' ? { xs: 2, sm: 6 } : 0,
        bgcolor: tone === 'operator' ? 'action.hover' : 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline', mb: 0.75 }}>
        <Typography component="span" sx={{ fontWeight: 700, typography: 'textSm' }}>
          {who}
        </Typography>
        <Typography component="span" color="text.secondary" sx={{ typography: 'textXs' }}>
          {time}
        </Typography>
      </Box>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.7 }}>{text}</Typography>
    </Paper>
  );
}

/**
 * One contact-us message: who sent it (and their account when signed in), the message and every reply in order,
 * a reply form (e-mailed to the sender in their language) and closing. A closed message takes no more replies.
 */
export function FeedbackThread({ detail }: { detail: AdminFeedbackDetail }) {
  const { t, i18n } = useTranslation('admin-feedback');
  const locale = useLocale();
  const reply = useReplyToFeedback();
  const close = useCloseFeedback();
  const [confirmClose, setConfirmClose] = useState(false);
  const key = useRef<{ body: string; key: string } | null>(null);
  const resolver = useMemo(
    () => zodResolver(FeedbackReplyRequestSchema, { error: contractErrorMap(locale) }),
    [locale],
  );
  const form = useForm<FeedbackReplyRequest>({ resolver, defaultValues: { body: '' }, mode: 'onTouched' });
  const body = useWatch({ control: form.control, name: 'body' }) ?? '';
  const canReply = FEEDBACK_TRANSITIONS[detail.status].includes('replied');
  const canClose = FEEDBACK_TRANSITIONS[detail.status].includes('closed');
  const time = (iso: string) => formatDateTime(iso, i18n.language);

  const send = form.handleSubmit(async (values) => {
    // A retry of the same text after a failure keeps its key: the sender gets one e-mail.
    if (key.current?.body !== values.body) key.current = { body: values.body, key: newIdempotencyKey() };
    try {
      await reply.mutateAsync({ id: detail.id, body: values, idempotencyKey: key.current.key });
    } catch (error) {
      const { first } = applyServerFieldErrors(error, ['body'] as const, form.setError);
      if (first) form.setFocus(first);
      return;
    }
    key.current = null;
    form.reset({ body: '' });
    showToast(t('done.replied', { email: detail.email }), 'success');
  });

  const error = reply.error ?? close.error;
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="feedback-thread">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {t('detail.heading', { id: detail.id })}
        </Typography>
        <FeedbackStatusChip status={detail.status} />
        <FeedbackAge item={detail} />
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '4px 16px' }}>
        <Typography component="dt" color="text.secondary">
          {t('detail.from')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {detail.name} &lt;{detail.email}&gt;
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('detail.account')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {detail.userAccountNo ?? t('detail.visitor')}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('detail.category')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {t(`category.${detail.category}`)}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('detail.language')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {t(`language.${detail.locale}`)}
        </Typography>
      </Box>

      <Box component="ol" aria-label={t('detail.thread')} sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        <Bubble who={detail.name} time={time(detail.createdAt)} text={detail.content} tone="sender" />
        {detail.replies.map((r) => (
          <Bubble
            key={r.id}
            who={t('detail.replyBy', { operator: r.operator ?? t('detail.formerOperator') })}
            time={time(r.createdAt)}
            text={r.body}
            tone="operator"
          />
        ))}
      </Box>

      {canReply ? (
        <Box component="form" noValidate onSubmit={(event) => void send(event)} sx={{ display: 'grid', gap: 1.5 }}>
          <FormTextField
            control={form.control}
            name="body"
            label={t('reply.label')}
            required
            fullWidth
            multiline
            minRows={4}
            errorText={fieldText(form.formState.errors.body?.message, locale)}
            helperText={t('reply.hint', { email: detail.email, language: t(`language.${detail.locale}`) })}
            counter={{ count: body.length, max: FEEDBACK_REPLY_MAX }}
            slotProps={{ htmlInput: { maxLength: FEEDBACK_REPLY_MAX } }}
          />
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            {canClose ? (
              <Button color="inherit" onClick={() => setConfirmClose(true)}>
                {t('close.action')}
              </Button>
            ) : null}
            <Button type="submit" variant="contained" loading={reply.isPending}>
              {t('reply.send')}
            </Button>
          </Box>
        </Box>
      ) : (
        <Alert severity="info">{t('detail.closedNote')}</Alert>
      )}
      {error && !isHandledByPipeline(error) ? <ErrorView error={error} /> : null}
      <ConfirmDialog
        open={confirmClose}
        onClose={() => setConfirmClose(false)}
        title={t('close.title')}
        confirmLabel={t('close.action')}
        onConfirm={async () => {
          await close.mutateAsync(detail.id);
          setConfirmClose(false);
          showToast(t('done.closed'), 'success');
        }}
        testId="feedback-close-dialog"
      >
        {detail.status === 'open' ? t('close.bodyUnanswered') : t('close.body')}
      </ConfirmDialog>
    </Box>
  );
}
