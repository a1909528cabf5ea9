import { zodResolver } from '@hookform/resolvers/zod';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SendRounded from '@mui/icons-material/SendRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_LIMITS,
  type FeedbackRequest,
  FeedbackRequestSchema,
} from '@namebourse/contract';
import { useEffect, useMemo, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { SuccessMark } from '../../../components/success-mark.tsx';
import { applyServerFieldErrors, contractErrorMap } from '../../../lib/form-errors.ts';
import { type Attempt, attemptFor, isUncertainFailure } from '../../../lib/idempotency-key.ts';
import { useSendFeedback } from '../api/send-feedback.ts';
import { useContentLocale } from '../lib/content-locale.ts';
import { contentLength, FEEDBACK_FIELDS, isContentTooLong } from '../lib/feedback-form.ts';

type FeedbackFormInput = z.input<typeof FeedbackRequestSchema>;

const EMPTY: Partial<FeedbackFormInput> = { name: '', email: '', content: '' };

/** Moves focus (and the view) to the confirmation once it replaces the form. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, []);
  return ref;
}

function FeedbackSuccess({ feedbackId, onSendAnother }: { feedbackId: string; onSendAnother: () => void }) {
  const { t } = useTranslation('support');
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <Box
      ref={ref}
      tabIndex={-1}
      role="status"
      sx={{ textAlign: 'center', py: { xs: 3, md: 5 }, px: { xs: 1, md: 3 }, outline: 'none' }}
    >
      <SuccessMark />
      <Typography variant="h5" component="h3" sx={{ mt: 2 }}>
        {t('feedback.successTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, lineHeight: 1.7, maxWidth: 440, mx: 'auto' }}>
        {t('feedback.successBody')}
      </Typography>
      <Box
        sx={{
          mt: 2.5,
          mx: 'auto',
          display: 'inline-flex',
          flexDirection: 'column',
          px: 2.5,
          py: 1.25,
          borderRadius: 2,
          bgcolor: 'background.default',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="caption" color="text.secondary">
          {t('feedback.reference')}
        </Typography>
        <Typography
          data-testid="feedback-id"
          sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontWeight: 700 }}
        >
          {feedbackId}
        </Typography>
      </Box>
      <Box sx={{ mt: 3 }}>
        <Button variant="outlined" onClick={onSendAnother}>
          {t('feedback.sendAnother')}
        </Button>
      </Box>
    </Box>
  );
}

/** What a signed-in sender's form starts with (still editable). */
export interface FeedbackPrefill {
  name: string;
  email: string;
}

/**
 * The contact form (POST /api/general/service/feedback), validated with the contract schema. A signed-in user's
 * name and e-mail (`prefill`) fill the fields they have not typed in yet; they stay editable.
 */
export function FeedbackForm({ prefill }: { prefill?: FeedbackPrefill | undefined }) {
  const { t } = useTranslation('support');
  const locale = useContentLocale();
  const resolver = useMemo(() => zodResolver(FeedbackRequestSchema, { error: contractErrorMap(locale) }), [locale]);
  const form = useForm<FeedbackFormInput, unknown, FeedbackRequest>({
    resolver,
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, setFocus, reset } = form;
  const content = useWatch({ control, name: 'content' });
  const mutation = useSendFeedback();
  const attempt = useRef<Attempt | null>(null);
  const prefillName = prefill?.name ?? '';
  const prefillEmail = prefill?.email ?? '';

  useEffect(() => {
    const fill = (field: 'name' | 'email', value: string) => {
      if (!value || form.getFieldState(field).isDirty || form.getValues(field)) return;
      form.setValue(field, value);
    };
    fill('name', prefillName);
    fill('email', prefillEmail);
  }, [form, prefillName, prefillEmail]);

  const onSubmit = handleSubmit(async (values) => {
    const body = JSON.stringify(values);
    attempt.current = attemptFor(attempt.current, body);
    try {
      await mutation.mutateAsync({ body: values, idempotencyKey: attempt.current.key });
    } catch (error) {
      // Only an answer that may never have arrived (network, timeout) is retried under the same key.
      if (!isUncertainFailure(error)) attempt.current = null;
      // The typed text stays in the form; server-side field messages go under their fields.
      const { first } = applyServerFieldErrors(error, FEEDBACK_FIELDS, setError);
      if (first) setFocus(first);
    }
  });

  const sendAnother = () => {
    attempt.current = null;
    mutation.reset();
    reset({ ...EMPTY, name: prefillName, email: prefillEmail });
    window.requestAnimationFrame(() => setFocus(prefillName ? 'content' : 'name'));
  };

  if (mutation.isSuccess) {
    return <FeedbackSuccess feedbackId={mutation.data.feedbackId} onSendAnother={sendAnother} />;
  }

  const length = contentLength(content);
  const tooLong = isContentTooLong(content);

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('feedback.title')}>
      <Stack spacing={2.5}>
        {mutation.isError ? <ErrorView error={mutation.error} title={t('feedback.errorTitle')} /> : null}
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField
            control={control}
            name="name"
            label={t('feedback.name')}
            placeholder={t('feedback.namePlaceholder')}
            autoComplete="name"
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: FEEDBACK_LIMITS.nameMax } }}
            errorText={form.formState.errors.name?.message}
          />
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('feedback.email')}
            placeholder={t('feedback.emailPlaceholder')}
            autoComplete="email"
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: FEEDBACK_LIMITS.emailMax, inputMode: 'email' } }}
            errorText={form.formState.errors.email?.message}
          />
        </Box>
        <Controller
          control={control}
          name="category"
          render={({ field, fieldState }) => (
            <TextField
              select
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              label={t('feedback.category')}
              required
              fullWidth
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? t('feedback.categoryHint')}
            >
              {FEEDBACK_CATEGORIES.map((category) => (
                <MenuItem key={category} value={category}>
                  {t(`feedback.categories.${category}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="content"
          render={({ field: { ref, ...field }, fieldState }) => (
            <TextField
              {...field}
              inputRef={ref}
              label={t('feedback.message')}
              placeholder={t('feedback.messagePlaceholder')}
              required
              fullWidth
              multiline
              minRows={6}
              maxRows={16}
              error={Boolean(fieldState.error) || tooLong}
              helperText={
                <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                  <span>
                    {fieldState.error?.message ?? t('feedback.messageHint', { min: FEEDBACK_LIMITS.contentMin })}
                  </span>
                  <Box
                    component="span"
                    aria-live="polite"
                    sx={{
                      flexShrink: 0,
                      fontVariantNumeric: 'tabular-nums',
                      color: tooLong ? 'error.main' : undefined,
                    }}
                  >
                    {t('feedback.counter', { length, max: FEEDBACK_LIMITS.contentMax })}
                  </Box>
                </Box>
              }
            />
          )}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
          <LockOutlined sx={{ fontSize: 16 }} />
          <Typography variant="body2">{t('feedback.privacyNote')}</Typography>
        </Box>
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={mutation.isPending}
            loadingPosition="end"
            endIcon={<SendRounded />}
            sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: 180 }}
          >
            {mutation.isPending ? t('feedback.sending') : t('feedback.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
