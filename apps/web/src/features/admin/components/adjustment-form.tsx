import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { AdjustmentRequest, AdminUserDetail } from '@namebourse/contract';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { ApiError, isApiError } from '../../../lib/api-client.ts';
import { applyServerFieldErrors, contractErrorMap, fieldText } from '../../../lib/form-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { INSUFFICIENT_BALANCE, useAdjustUser } from '../api/adjust-user.ts';
import { type AdjustmentForm, adjustmentFormSchema, adjustmentRequestOf } from '../lib/forms.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

const EMPTY: AdjustmentForm = { bucket: 'available', amount: '', reason: '' };
const FIELDS = ['bucket', 'amount', 'reason'] as const;

/** A manual correction of a user's available balance or earnings (finance/admin), confirmed before it is booked. */
export function AdjustmentFormCard({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useTranslation('admin');
  const locale = useLocale();
  const adjust = useAdjustUser();
  const resolver = useMemo(() => zodResolver(adjustmentFormSchema, { error: contractErrorMap(locale) }), [locale]);
  const form = useForm<AdjustmentForm>({ resolver, defaultValues: EMPTY, mode: 'onTouched' });
  const [request, setRequest] = useState<{ body: AdjustmentRequest; key: string } | null>(null);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<AdjustmentRequest | null>(null);

  const money = (cents: number) => formatMoney(cents, i18n.language);
  const message = (text: string | undefined) => (text?.startsWith('form.') ? t(text) : fieldText(text, locale));

  const review = form.handleSubmit((values) => {
    setDone(null);
    setRequest({ body: adjustmentRequestOf(values), key: newIdempotencyKey() });
    setOpen(true);
  });

  const confirm = async () => {
    if (!request) return;
    try {
      await adjust.mutateAsync({ accountNo: user.accountNo, body: request.body, idempotencyKey: request.key });
    } catch (error) {
      const { first } = applyServerFieldErrors(error, FIELDS, form.setError);
      if (first) {
        setOpen(false);
        form.setFocus(first);
        return;
      }
      if (isApiError(error) && error.code === INSUFFICIENT_BALANCE) {
        throw new ApiError({
          code: error.code,
          message: t('adjust.insufficient', { bucket: t(`bucket.${request.body.bucket}`) }),
          data: error.data,
          traceId: error.traceId,
          status: error.status,
          kind: error.kind,
        });
      }
      throw error;
    }
    setOpen(false);
    setDone(request.body);
    form.reset(EMPTY);
  };

  const before = request ? (request.body.bucket === 'available' ? user.availableCents : user.earningsCents) : 0;
  const after = request ? before + request.body.amountCents : 0;

  return (
    <SectionCard title={t('adjust.title')} testId="admin-adjust">
      <Typography color="text.secondary" sx={{ typography: 'textMd', mb: 2, lineHeight: 1.6 }}>
        {t('adjust.description')}
      </Typography>
      {done ? (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setDone(null)} data-testid="admin-adjust-done">
          {t('adjust.done', { amount: money(done.amountCents), bucket: t(`bucket.${done.bucket}`) })}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={(event) => void review(event)} sx={{ display: 'grid', gap: 2 }}>
        <Controller
          control={form.control}
          name="bucket"
          render={({ field }) => (
            <Box>
              <Typography id="adjust-bucket-label" sx={{ typography: 'textSm', color: 'text.secondary', mb: 0.75 }}>
                {t('adjust.bucket')}
              </Typography>
              <ToggleButtonGroup
                exclusive
                size="small"
                color="primary"
                fullWidth
                value={field.value}
                onChange={(_, value: AdjustmentForm['bucket'] | null) => {
                  if (value) field.onChange(value);
                }}
                aria-labelledby="adjust-bucket-label"
              >
                <ToggleButton value="available">{t('bucket.available')}</ToggleButton>
                <ToggleButton value="earnings">{t('bucket.earnings')}</ToggleButton>
              </ToggleButtonGroup>
            </Box>
          )}
        />
        <FormTextField
          control={form.control}
          name="amount"
          label={t('adjust.amount')}
          required
          fullWidth
          inputMode="decimal"
          errorText={message(form.formState.errors.amount?.message)}
          helperText={t('adjust.amountHint')}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 16 },
          }}
        />
        <FormTextField
          control={form.control}
          name="reason"
          label={t('adjust.reason')}
          required
          fullWidth
          multiline
          minRows={2}
          errorText={message(form.formState.errors.reason?.message)}
          helperText={t('adjust.reasonHint')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained">
            {t('adjust.submit')}
          </Button>
        </Box>
      </Box>
      <ConfirmDialog
        open={open && request !== null}
        onClose={() => setOpen(false)}
        title={t('adjust.confirmTitle')}
        confirmLabel={t('adjust.confirm')}
        confirmColor={request && request.body.amountCents < 0 ? 'error' : 'primary'}
        onConfirm={confirm}
        testId="admin-adjust-dialog"
      >
        {request ? (
          <Box sx={{ display: 'grid', gap: 1 }}>
            <Typography sx={{ typography: 'textLg' }}>
              {t(request.body.amountCents > 0 ? 'adjust.confirmCredit' : 'adjust.confirmDebit', {
                amount: money(Math.abs(request.body.amountCents)),
                bucket: t(`bucket.${request.body.bucket}`),
                accountNo: user.accountNo,
                email: user.email,
              })}
            </Typography>
            <Typography sx={{ typography: 'textLg' }} data-testid="admin-adjust-preview">
              {t('adjust.preview', {
                bucket: t(`bucket.${request.body.bucket}`),
                before: money(before),
                after: money(after),
              })}
            </Typography>
            {after < 0 ? <Alert severity="warning">{t('adjust.belowZero')}</Alert> : null}
            <Typography sx={{ typography: 'textLg', wordBreak: 'break-word' }}>
              {t('adjust.confirmReason', { reason: request.body.reason })}
            </Typography>
          </Box>
        ) : null}
      </ConfirmDialog>
    </SectionCard>
  );
}
