import { zodResolver } from '@hookform/resolvers/zod';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FUNDS_LIMITS, type FundsSummary, type Payee, type SettlementRequest } from '@namebourse/contract';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorView } from '../../../components/api-feedback';
import { fieldErrorsOf, isApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/feedback-store';
import { formatMoney } from '../../../lib/format';
import { applyServerFieldErrors, contractErrorMap, fieldText } from '../../../lib/form-errors';
import { type Attempt, attemptFor } from '../../../lib/idempotency-key';
import { useLocale } from '../../../lib/use-locale';
import { useApplySettlement } from '../api/apply-settlement';
import { useFundsSummary } from '../api/get-funds-summary';
import { usePayees } from '../api/get-payees';
import {
  canSettle,
  canSettleByWire,
  centsToInput,
  type SettlementFormValues,
  settlementFormSchema,
  settlementPreview,
} from '../lib/settlement-form';
import { MutationError } from '../../../components/mutation-error';

export const PAYEES_PAGE = '/console/fund/payees';
const FIELDS = ['amount', 'target', 'note'] as const;

/** Server codes that belong to one field of the form. */
const CODE_FIELD: Record<string, (typeof FIELDS)[number]> = {
  'Funds.SettlementBelowMinimum': 'amount',
  'Funds.SettlementExceedsEarnings': 'amount',
  'Funds.PayeeNotApproved': 'target',
};

function Figure({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{label}</Typography>
      <Typography
        data-testid={testId}
        sx={{
          fontSize: strong ? { xs: 24, md: 28 } : 18,
          fontWeight: 800,
          mt: 0.25,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** Why wire is not available, with the way to fix it. */
function WireHint({ wire }: { wire: Payee | undefined }) {
  const { t } = useTranslation('payouts');
  const key = !wire || wire.status === 'revoked' ? 'none' : wire.status === 'approved' ? null : wire.status;
  if (!key) return null;
  return (
    <Typography component="span" sx={{ display: 'block', fontSize: 13, color: 'text.secondary', mt: 0.25 }}>
      {t(`settle.wireHint.${key}`)}{' '}
      <Link component={RouterLink} to={PAYEES_PAGE} data-testid="settle-payee-link">
        {t(key === 'none' ? 'settle.wireHint.addLink' : 'settle.wireHint.viewLink')}
      </Link>
    </Typography>
  );
}

function ApplyForm({ summary, payees }: { summary: FundsSummary; payees: Payee[] }) {
  const { t } = useTranslation('payouts');
  const locale = useLocale();
  const earningsCents = summary.earningsCents;
  const wire = payees.find((payee) => payee.type === 'wire');
  const wireApproved = canSettleByWire(payees);
  const enough = canSettle(earningsCents);
  const schema = useMemo(() => settlementFormSchema({ earningsCents, wireApproved }), [earningsCents, wireApproved]);
  const resolver = useMemo(() => zodResolver(schema, { error: contractErrorMap(locale) }), [schema, locale]);
  const { control, handleSubmit, setError, setFocus, setValue, reset, formState } = useForm<
    SettlementFormValues,
    unknown,
    SettlementRequest
  >({ resolver, mode: 'onTouched', defaultValues: { amount: '', target: 'balance', note: '' } });
  const [amount = '', note = ''] = useWatch({ control, name: ['amount', 'note'] });
  const preview = settlementPreview(amount);
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
            min: formatMoney(FUNDS_LIMITS.settlementMinCents),
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
                      min: formatMoney(FUNDS_LIMITS.settlementMinCents),
                      max: formatMoney(earningsCents),
                    })
                  : t('settle.form.amountMinHint', { min: formatMoney(FUNDS_LIMITS.settlementMinCents) }))
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
        <Box
          sx={{ bgcolor: 'background.default', borderRadius: 2, p: 2, display: 'grid', gap: 0.75 }}
          aria-live="polite"
          data-testid="settle-preview"
        >
          <Row label={t('settle.form.amountLine')} value={preview ? formatMoney(preview.amountCents) : '—'} />
          <Row
            label={t('settle.form.feeLine')}
            value={`− ${formatMoney(FUNDS_LIMITS.settlementFeeCents)}`}
            testId="settle-fee"
          />
          <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 0.75 }}>
            <Row
              label={t('settle.form.netLine')}
              value={preview ? formatMoney(preview.netCents) : '—'}
              strong
              testId="settle-net"
            />
          </Box>
        </Box>
      </Box>

      <Controller
        control={control}
        name="target"
        render={({ field }) => (
          <FormControl error={Boolean(err('target'))} disabled={!enough}>
            <FormLabel id="settle-target" sx={{ fontSize: 13.5, mb: 0.5 }}>
              {t('settle.form.target')}
            </FormLabel>
            <RadioGroup
              aria-labelledby="settle-target"
              name={field.name}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
            >
              <FormControlLabel
                value="balance"
                control={<Radio size="small" />}
                label={
                  <Box sx={{ py: 0.5 }}>
                    <Typography sx={{ fontSize: 14.5, fontWeight: 600 }}>{t('settle.target.balance')}</Typography>
                    <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
                      {t('settle.target.balanceHint')}
                    </Typography>
                  </Box>
                }
              />
              <FormControlLabel
                value="wire"
                disabled={!wireApproved || !enough}
                control={<Radio size="small" />}
                sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.25 } }}
                label={
                  <Box sx={{ py: 0.5 }}>
                    <Typography sx={{ fontSize: 14.5, fontWeight: 600 }}>{t('settle.target.wire')}</Typography>
                    <Typography component="span" sx={{ display: 'block', fontSize: 13, color: 'text.secondary' }}>
                      {wireApproved && wire
                        ? t('settle.target.wireTo', { name: wire.name, account: wire.accountNumber ?? '' })
                        : t('settle.target.wireHint')}
                    </Typography>
                  </Box>
                }
              />
            </RadioGroup>
            {!wireApproved ? <WireHint wire={wire} /> : null}
            {err('target') ? <FormHelperText>{err('target')}</FormHelperText> : null}
          </FormControl>
        )}
      />

      <Controller
        control={control}
        name="note"
        render={({ field: { ref, ...field } }) => (
          <TextField
            {...field}
            inputRef={ref}
            label={t('settle.form.note')}
            multiline
            minRows={2}
            disabled={!enough}
            error={Boolean(err('note'))}
            helperText={
              <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <span>{err('note') ?? t('settle.form.noteHint')}</span>
                <span data-testid="settle-note-counter">
                  {note.length}/{FUNDS_LIMITS.settlementNoteMax}
                </span>
              </Box>
            }
            slotProps={{ htmlInput: { maxLength: FUNDS_LIMITS.settlementNoteMax } }}
          />
        )}
      />

      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary', mr: 'auto' }}>
          <InfoOutlined sx={{ fontSize: 18 }} />
          <Typography sx={{ fontSize: 13.5 }} data-testid="settle-review-days">
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

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography
        sx={{ fontSize: 14, color: strong ? 'text.primary' : 'text.secondary', fontWeight: strong ? 700 : 400 }}
      >
        {label}
      </Typography>
      <Typography
        data-testid={testId}
        sx={{ fontSize: strong ? 16 : 14, fontWeight: strong ? 800 : 500, fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** The application card: available earnings, the form, the fee and net amount live. */
export function ApplySettlementCard() {
  const { t } = useTranslation('payouts');
  const summary = useFundsSummary();
  const payees = usePayees();

  let body: React.ReactNode;
  if (summary.isPending || payees.isPending)
    body = (
      <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={160} />
      </Box>
    );
  else if (summary.isError) body = <ErrorView error={summary.error} onRetry={() => void summary.refetch()} />;
  else if (payees.isError) body = <ErrorView error={payees.error} onRetry={() => void payees.refetch()} />;
  else
    body = (
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Box sx={{ display: 'flex', gap: { xs: 3, md: 6 }, flexWrap: 'wrap' }}>
          <Figure
            label={t('settle.earnings')}
            value={formatMoney(summary.data.earningsCents)}
            testId="settle-earnings"
            strong
          />
          <Figure
            label={t('settle.settling')}
            value={formatMoney(summary.data.settlingCents)}
            testId="settle-settling"
          />
        </Box>
        <ApplyForm summary={summary.data} payees={payees.data} />
      </Box>
    );

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="settle-apply-title"
      sx={{
        p: { xs: 2, md: 3 },
      }}
    >
      <Typography component="h2" id="settle-apply-title" sx={{ fontWeight: 700, fontSize: 17, mb: 2 }}>
        {t('settle.applyTitle')}
      </Typography>
      {body}
    </Paper>
  );
}
