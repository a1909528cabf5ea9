import { zodResolver } from '@hookform/resolvers/zod';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FUNDS_LIMITS, type FundsSummary, type Payee, type SettlementRequest } from '@namebourse/contract';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { MutationError } from '../../../components/mutation-error.tsx';
import { fieldErrorsOf, isApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback-store.ts';
import { applyServerFieldErrors, contractErrorMap, fieldText } from '../../../lib/form-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { type Attempt, attemptFor } from '../../../lib/idempotency-key.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useApplySettlement } from '../api/apply-settlement.ts';
import {
  canSettle,
  canSettleByWire,
  centsToInput,
  type SettlementFormValues,
  type SettlementRule,
  settlementFormSchema,
} from '../lib/settlement-form.ts';
import { SettlementPreview } from './settlement-preview.tsx';
import { SettlementTargetField } from './settlement-target-field.tsx';

const FIELDS = ['amount', 'target', 'note'] as const;

/** Server codes that belong to one field of the form. */
const CODE_FIELD: Record<string, (typeof FIELDS)[number]> = {
  'Funds.SettlementBelowMinimum': 'amount',
  'Funds.SettlementExceedsEarnings': 'amount',
  'Funds.PayeeNotApproved': 'target',
};

/** The application: amount (with 'all'), the live preview, where to, a note; sent with an idempotency key. */
export function SettlementApplyForm({
  summary,
  payees,
  rule,
}: {
  summary: FundsSummary;
  payees: Payee[];
  /** The minimum and fee in force (the server's parameters). */
  rule: SettlementRule;
}) {
  const { t } = useTranslation('payouts');
  const locale = useLocale();
  const earningsCents = summary.earningsCents;
  const wire = payees.find((payee) => payee.type === 'wire');
  const wireApproved = canSettleByWire(payees);
  const enough = canSettle(earningsCents, rule.settlementMinCents);
  const schema = useMemo(
    () => settlementFormSchema({ earningsCents, wireApproved, rule }),
    [earningsCents, wireApproved, rule],
  );
  const resolver = useMemo(() => zodResolver(schema, { error: contractErrorMap(locale) }), [schema, locale]);
  const { control, handleSubmit, setError, setFocus, setValue, reset, formState } = useForm<
    SettlementFormValues,
    unknown,
    SettlementRequest
  >({ resolver, mode: 'onTouched', defaultValues: { amount: '', target: 'balance', note: '' } });
  const [amount = '', note = ''] = useWatch({ control, name: ['amount', 'note'] });
  const apply = useApplySettlement();
  const [failure, setFailure] = useState<unknown>(null);
  /** One key per application: the same values sent again (a retry) reuse it; a change makes a new one. */
  const idempotency = useRef<Attempt | null>(null);

  const err = (name: (typeof FIELDS)[number]) => {
    const message = formState.errors[name]?.message;
    return message?.startsWith('settle.') ? t(message) : fieldText(message, locale);
  };

  const onSubmit = handleSubmit(async (request) => {
    setFailure(null);
    const body = JSON.stringify(request);
    idempotency.current = attemptFor(idempotency.current, body);
    try {
      const settlement = await apply.mutateAsync({ request, idempotencyKey: idempotency.current.key });
      idempotency.current = null;
      reset({ amount: '', target: request.target, note: '' });
      showToast(t('settle.form.submitted', { id: settlement.settlementId }), 'success');
    } catch (error) {
      if (isApiError(error) && CODE_FIELD[error.code]) {
        const field = CODE_FIELD[error.code] as (typeof FIELDS)[number];
        setError(field, { type: 'server', message: error.message });
        setFocus(field);
        return;
      }
      // The server names the amount `amountCents`; the form's field is `amount`.
      const amountMessage = fieldErrorsOf(error).amountCents;
      if (amountMessage) {
        setError('amount', { type: 'server', message: amountMessage });
        setFocus('amount');
        return;
      }
      const { first, other } = applyServerFieldErrors<SettlementFormValues>(error, FIELDS, setError);
      if (first) setFocus(first);
      if (!first || other.length > 0) setFailure(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2.5 }} data-testid="settle-form">
      {!enough ? (
        <Alert severity="info" data-testid="settle-not-enough">
          {t('settle.form.notEnough', {
            min: formatMoney(rule.settlementMinCents),
            earnings: formatMoney(earningsCents),
          })}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Controller
          control={control}
          name="amount"
          render={({ field: { ref, ...field } }) => (
            <TextField
              {...field}
              inputRef={ref}
              label={t('settle.form.amount')}
              required
              disabled={!enough}
              inputMode="decimal"
              error={Boolean(err('amount'))}
              helperText={
                err('amount') ??
                (enough
                  ? t('settle.form.amountHint', {
                      min: formatMoney(rule.settlementMinCents),
                      max: formatMoney(earningsCents),
                    })
                  : t('settle.form.amountMinHint', { min: formatMoney(rule.settlementMinCents) }))
              }
              slotProps={{
                input: {
                  startAdornment: <InputAdornment position="start">$</InputAdornment>,
                  endAdornment: (
                    <InputAdornment position="end">
                      <Button
                        size="small"
                        disabled={!enough}
                        onClick={() =>
                          setValue('amount', centsToInput(earningsCents), { shouldValidate: true, shouldDirty: true })
                        }
                        data-testid="settle-all"
                      >
                        {t('settle.form.all')}
                      </Button>
                    </InputAdornment>
                  ),
                },
                htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'data-testid': 'settle-amount' },
              }}
            />
          )}
        />
        <SettlementPreview amount={amount} rule={rule} />
      </Box>

      <SettlementTargetField
        control={control}
        error={err('target')}
        disabled={!enough}
        wire={wire}
        wireApproved={wireApproved}
      />

      <FormTextField
        control={control}
        name="note"
        label={t('settle.form.note')}
        multiline
        minRows={2}
        disabled={!enough}
        errorText={err('note')}
        helperText={t('settle.form.noteHint')}
        counter={{ count: note.length, max: FUNDS_LIMITS.settlementNoteMax, testId: 'settle-note-counter' }}
        slotProps={{ htmlInput: { maxLength: FUNDS_LIMITS.settlementNoteMax } }}
      />

      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary', mr: 'auto' }}>
          <InfoOutlined sx={{ fontSize: 18 }} />
          <Typography sx={{ typography: 'textMd' }} data-testid="settle-review-days">
            {t('settle.form.reviewDays', {
              min: FUNDS_LIMITS.settlementReviewDays.min,
              max: FUNDS_LIMITS.settlementReviewDays.max,
            })}
            {` ${t('settle.form.mfaHint')}`}
          </Typography>
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!enough || apply.isPending}
          sx={{ minWidth: { xs: '100%', sm: 200 } }}
          data-testid="settle-submit"
        >
          {apply.isPending ? t('actions.working') : t('settle.form.submit')}
        </Button>
      </Box>
      <MutationError error={failure} />
    </Box>
  );
}
