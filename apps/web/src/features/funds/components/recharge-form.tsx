import { zodResolver } from '@hookform/resolvers/zod';
import CreditCardRounded from '@mui/icons-material/CreditCardRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import QrCode2Rounded from '@mui/icons-material/QrCode2Rounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FUNDS_LIMITS, RECHARGE_METHODS, type RechargeMethod, type RechargeRequest } from '@namebourse/contract';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AmountLine } from '../../../components/amount-line.tsx';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { fieldErrorsOf, isApiError } from '../../../lib/api-client.ts';
import { fieldText } from '../../../lib/form-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { type Attempt, attemptFor, keepAttemptAfter } from '../../../lib/idempotency-key.ts';
import { usePublicParameters } from '../../../lib/public-parameters.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCreateRecharge } from '../api/create-recharge.ts';
import { useCards } from '../api/get-cards.ts';
import {
  centsToInput,
  checkRechargeAmount,
  formatPercent,
  NEW_CARD,
  QUICK_AMOUNTS_CENTS,
  type RechargeFormInput,
  rechargeFeeBpsOf,
  rechargeFormSchema,
  rechargeQuote,
} from '../lib/amount.ts';
import { brandName } from '../lib/card.ts';
import { isSameSiteUrl } from '../lib/urls.ts';
import { cardExpiry } from './saved-cards.tsx';

const FIELDS = ['amount', 'method', 'cardId'] as const;

type Field = (typeof FIELDS)[number];

/** The form field a server field path belongs to (the request's amountCents is the typed amount). */
export function formFieldOf(path: string): Field | null {
  const head = path.split('.')[0] ?? '';
  if (head === 'amountCents' || head === 'amount') return 'amount';
  return (FIELDS as readonly string[]).includes(head) ? (head as Field) : null;
}

const METHOD_ICON: Record<RechargeMethod, ReactNode> = {
  card: <CreditCardRounded />,
  alipay: <QrCode2Rounded />,
};

function MethodOption({ method, selected, rate }: { method: RechargeMethod; selected: boolean; rate: string | null }) {
  const { t } = useTranslation('funds');
  return (
    <FormControlLabel
      value={method}
      control={<Radio sx={{ alignSelf: 'flex-start', mt: -0.5 }} />}
      label={
        <Box sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start' }}>
          <Box
            sx={{ color: selected ? 'primary.main' : 'text.secondary', display: 'inline-flex', mt: 0.25 }}
            aria-hidden="true"
          >
            {METHOD_ICON[method]}
          </Box>
          <Box>
            <Typography sx={{ fontWeight: 600, typography: 'textLg' }}>{t(`methods.${method}`)}</Typography>
            <Typography
              color="text.secondary"
              sx={{ typography: 'textSm' }}
              data-testid={`recharge-fee-rate-${method}`}
            >
              {rate === null ? <Skeleton width={64} /> : t('topup.feeRate', { rate })}
            </Typography>
          </Box>
        </Box>
      }
      sx={(theme) => ({
        m: 0,
        p: 1.5,
        pr: 2,
        alignItems: 'flex-start',
        border: 1,
        borderRadius: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? alpha(theme.palette.primary.main, 0.04) : 'background.paper',
        flex: '1 1 180px',
      })}
    />
  );
}

export interface RechargeFormProps {
  initialAmount: string | null;
  initialMethod: RechargeMethod | null;
  /** Lets the page focus the amount ('Top up' on the balance card). */
  amountRef?: React.Ref<HTMLInputElement>;
}

/**
 * The top-up form: amount (at least 5 USD), method with its fee rate, a saved card for card payments; fee and
 * total shown before paying. Submits with one Idempotency-Key per submitted form and sends the browser to the
 * provider's page (or, for a saved card, straight to the result page).
 */
export function RechargeForm({ initialAmount, initialMethod, amountRef }: RechargeFormProps) {
  const { t, i18n } = useTranslation('funds');
  const locale = useLocale();
  const navigate = useNavigate();
  const resolver = useMemo(() => zodResolver(rechargeFormSchema), []);
  const { control, handleSubmit, setValue, setError, setFocus, formState } = useForm<
    RechargeFormInput,
    unknown,
    RechargeRequest
  >({
    resolver,
    mode: 'onTouched',
    defaultValues: { amount: initialAmount ?? '', method: initialMethod ?? 'card', cardId: NEW_CARD },
  });
  const [amount = '', method = 'card', cardId = NEW_CARD] = useWatch({ control, name: ['amount', 'method', 'cardId'] });
  const cards = useCards();
  const create = useCreateRecharge();
  const attempt = useRef<Attempt | null>(null);
  const inFlight = useRef(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [leaving, setLeaving] = useState(false);

  // The fee rates are parameters: the server's rates now, never a copy in the bundle (placeholders while they load).
  const parametersQuery = usePublicParameters();
  const parameters = parametersQuery.data;
  const rateOf = (of: RechargeMethod) =>
    parameters ? formatPercent(rechargeFeeBpsOf(parameters, of) / 100, i18n.language) : null;
  const check = checkRechargeAmount(amount);
  const quote =
    check.ok && parameters ? rechargeQuote(check.cents, method, rechargeFeeBpsOf(parameters, method)) : null;
  const rate = rateOf(method) ?? '…';
  const savedCards = cards.data ?? [];
  const usingSavedCard = method === 'card' && cardId !== NEW_CARD;

  const message = (key: string | undefined): string | undefined => {
    if (!key) return undefined;
    if (key === 'topup.amountMax') return t('topup.amountMax', { max: formatMoney(FUNDS_LIMITS.rechargeMaxCents) });
    return fieldText(key, locale);
  };

  const onSubmit = handleSubmit(async (body) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFailure(null);
    attempt.current = attemptFor(attempt.current, JSON.stringify(body));
    try {
      const created = await create.mutateAsync({ body, idempotencyKey: attempt.current.key });
      setLeaving(true);
      if (isSameSiteUrl(created.payUrl)) navigate(created.payUrl);
      else window.location.assign(created.payUrl);
    } catch (error) {
      if (!isApiError(error) || !keepAttemptAfter(error.kind)) attempt.current = null;
      if (isApiError(error) && error.code === 'Funds.RechargeBelowMinimum') {
        setError('amount', { type: 'server', message: error.message });
        setFocus('amount');
      } else if (isApiError(error) && error.code === 'Funds.CardNotFound') {
        setValue('cardId', NEW_CARD);
        setError('cardId', { type: 'server', message: error.message });
        void cards.refetch();
      } else {
        let first: Field | null = null;
        const seen = new Set<Field>();
        for (const [path, text] of Object.entries(fieldErrorsOf(error))) {
          const field = formFieldOf(path);
          if (!field || seen.has(field)) continue;
          seen.add(field);
          setError(field, { type: 'server', message: text });
          first ??= field;
        }
        if (first) setFocus(first);
        else setFailure(error);
      }
    } finally {
      inFlight.current = false;
    }
  });

  const busy = formState.isSubmitting || create.isPending || leaving;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid="recharge-form" sx={{ display: 'grid', gap: 2.5 }}>
      <Box>
        <Controller
          control={control}
          name="amount"
          render={({ field }) => (
            <TextField
              {...field}
              inputRef={(node: HTMLInputElement | null) => {
                field.ref(node);
                if (typeof amountRef === 'function') amountRef(node);
                else if (amountRef) (amountRef as React.MutableRefObject<HTMLInputElement | null>).current = node;
              }}
              fullWidth
              required
              label={t('topup.amount')}
              error={Boolean(formState.errors.amount)}
              helperText={
                message(formState.errors.amount?.message) ??
                t('topup.amountHint', { min: formatMoney(FUNDS_LIMITS.rechargeMinCents) })
              }
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: {
                  inputMode: 'decimal',
                  autoComplete: 'off',
                  maxLength: 12,
                  'data-testid': 'recharge-amount',
                },
              }}
            />
          )}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.25 }} role="group" aria-label={t('topup.quick')}>
          {QUICK_AMOUNTS_CENTS.map((cents) => {
            const selected = check.ok && check.cents === cents;
            return (
              <Chip
                key={cents}
                label={formatMoney(cents)}
                clickable
                color={selected ? 'primary' : 'default'}
                variant={selected ? 'filled' : 'outlined'}
                aria-pressed={selected}
                onClick={() => setValue('amount', centsToInput(cents), { shouldValidate: true, shouldTouch: true })}
              />
            );
          })}
        </Box>
      </Box>

      <Controller
        control={control}
        name="method"
        render={({ field }) => (
          <FormControl component="fieldset">
            <FormLabel component="legend" sx={{ mb: 1, typography: 'textMd', fontWeight: 600, color: 'text.primary' }}>
              {t('topup.method')}
            </FormLabel>
            <RadioGroup
              {...field}
              onChange={(event) => field.onChange(event.target.value as RechargeMethod)}
              sx={{ flexDirection: 'row', flexWrap: 'wrap', gap: 1.5 }}
            >
              {RECHARGE_METHODS.map((value) => (
                <MethodOption key={value} method={value} selected={method === value} rate={rateOf(value)} />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />

      {method === 'card' ? (
        cards.isPending ? (
          <Skeleton variant="rounded" height={48} />
        ) : savedCards.length > 0 ? (
          <Controller
            control={control}
            name="cardId"
            render={({ field }) => (
              <FormControl component="fieldset" error={Boolean(formState.errors.cardId)}>
                <FormLabel
                  component="legend"
                  sx={{ mb: 0.5, typography: 'textMd', fontWeight: 600, color: 'text.primary' }}
                >
                  {t('topup.cards.title')}
                </FormLabel>
                <RadioGroup {...field} data-testid="recharge-card-choice">
                  <FormControlLabel value={NEW_CARD} control={<Radio />} label={t('topup.cards.new')} />
                  {savedCards.map((card) => (
                    <FormControlLabel
                      key={card.cardId}
                      value={card.cardId}
                      control={<Radio />}
                      label={
                        <span>
                          {t('cards.name', { brand: brandName(card.brand), last4: card.last4 })}
                          <Box component="span" sx={{ color: 'text.secondary', ml: 1, typography: 'textSm' }}>
                            {t('cards.expires', cardExpiry(card))}
                          </Box>
                        </span>
                      }
                    />
                  ))}
                </RadioGroup>
                {formState.errors.cardId ? <FormHelperText>{formState.errors.cardId.message}</FormHelperText> : null}
              </FormControl>
            )}
          />
        ) : null
      ) : null}

      <Box
        data-testid="recharge-summary"
        sx={(theme) => ({
          p: 2,
          borderRadius: 2,
          bgcolor: alpha(theme.palette.primary.main, 0.04),
          border: 1,
          borderColor: 'divider',
        })}
        aria-live="polite"
      >
        <AmountLine
          sx={{ py: 0.5 }}
          testId="recharge-summary-amount"
          label={t('topup.summary.amount')}
          value={quote ? formatMoney(quote.amountCents) : '—'}
        />
        <AmountLine
          sx={{ py: 0.5 }}
          testId="recharge-summary-fee"
          label={t('topup.summary.fee', { rate })}
          value={quote ? formatMoney(quote.feeCents) : '—'}
        />
        <Divider sx={{ my: 1 }} />
        <AmountLine
          sx={{ py: 0.5 }}
          testId="recharge-summary-total"
          label={t('topup.summary.total')}
          value={quote ? formatMoney(quote.totalCents) : '—'}
          strong
        />
        <Typography color="text.secondary" sx={{ typography: 'textSm', mt: 0.75 }}>
          {parameters ? t('topup.summary.note', { rate }) : <Skeleton />}
        </Typography>
      </Box>

      {parametersQuery.isError ? (
        <ErrorView error={parametersQuery.error} onRetry={() => void parametersQuery.refetch()} />
      ) : null}
      {failure ? <ErrorView error={failure} /> : null}

      <Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          startIcon={busy ? <LoadingSpinner decorative size={18} color="inherit" /> : <LockRounded />}
          data-testid="recharge-submit"
          sx={{ minWidth: { xs: '100%', sm: 240 } }}
        >
          {busy
            ? t('topup.submitting')
            : quote
              ? t('topup.submit', { amount: formatMoney(quote.totalCents) })
              : t('topup.submitIdle')}
        </Button>
        <Typography color="text.secondary" sx={{ typography: 'textSm', mt: 1 }}>
          {usingSavedCard ? t('topup.savedCardNote') : t('topup.redirectNote')}
        </Typography>
      </Box>
    </Box>
  );
}
