import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { PlaceBidRequest } from '@namebourse/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type FieldError, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { centsToDollarInput, parseDollarsToCents } from '../../../components/auction/dollars.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { fieldErrorsOf, isApiError, isHandledByPipeline } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { usePublicParameters } from '../../../lib/public-parameters.ts';
import type { ReceivedAuction } from '../api/get-auction.ts';
import { usePlaceBid } from '../api/place-bid.ts';
import {
  type BidForm as BidFormValues,
  bidFormSchema,
  bidRequestOf,
  checkBid,
  depositPlan,
  saysBidFailed,
} from '../lib/bid.ts';
import { Line } from './lot-facts.tsx';
import { useSignIn } from './use-sign-in.ts';

const DOLLAR = { input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } };

/**
 * The bid form of an open lot: an amount (at least the minimum next bid) and an optional hidden maximum, checked
 * once submitted, then a confirmation with the deposit before the bid is sent. Visitors are asked to sign in.
 */
export function BidForm({ lot }: { lot: ReceivedAuction }) {
  const { t } = useTranslation('auctions');
  const { isLogin, signIn } = useSignIn();
  const place = usePlaceBid(lot.auctionId);
  const [confirming, setConfirming] = useState(false);
  const [request, setRequest] = useState<PlaceBidRequest | null>(null);
  const [bidError, setBidError] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(bidFormSchema(lot.minNextBidCents)), [lot.minNextBidCents]);
  const { control, handleSubmit, getValues, setValue, setError, reset, formState } = useForm<BidFormValues>({
    resolver,
    defaultValues: { amount: centsToDollarInput(lot.minNextBidCents), max: '' },
  });
  const { errors, isSubmitted } = formState;
  const [amount = '', max = ''] = useWatch({ control, name: ['amount', 'max'] });

  const submitted = useRef(isSubmitted);
  submitted.current = isSubmitted;

  // A new minimum (someone bid): lift a lower amount to it (checked again when the form was submitted).
  useEffect(() => {
    const cents = parseDollarsToCents(getValues('amount'));
    if (cents === null || cents < lot.minNextBidCents) {
      setValue('amount', centsToDollarInput(lot.minNextBidCents), { shouldValidate: submitted.current });
    }
  }, [lot.minNextBidCents, getValues, setValue]);

  const check = checkBid(amount, max, lot.minNextBidCents);
  // The deposit rule is a parameter: the server's rule now (the lot page's server render fetches it too).
  const rule = usePublicParameters().data;
  const plan = rule ? depositPlan(lot, check.amountCents ?? lot.minNextBidCents, check.maxAmountCents, rule) : null;
  const confirmPlan = rule ? depositPlan(lot, request?.amountCents ?? 0, request?.maxAmountCents ?? null, rule) : null;
  const money = (cents: number | undefined) => (cents === undefined ? '—' : formatMoney(cents));

  /** A field's message: the server's text as it is, the form's own as a `bid.errors.*` key. */
  const fieldText = (error: FieldError | undefined) => {
    if (!error?.message) return undefined;
    if (error.type === 'server') return error.message;
    return error.message === 'belowMin'
      ? t('bid.errors.belowMin', { min: formatMoney(lot.minNextBidCents) })
      : t(`bid.errors.${error.message}`);
  };

  const onSubmit = handleSubmit(
    (form) => {
      setBidError(null);
      if (!isLogin) return signIn();
      setRequest(bidRequestOf(form));
      setConfirming(true);
    },
    () => {
      setBidError(null);
      if (!isLogin) signIn();
    },
  );

  const confirm = () => {
    if (!request) return;
    // The maximum as sent: a success clears it, unless the bidder has typed another since (the answer can
    // arrive after the live price update that prompted the next bid).
    const sentMax = getValues('max');
    place.mutate(
      { auctionId: lot.auctionId, ...request, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          setConfirming(false);
          const typed = getValues('max');
          reset({ amount: getValues('amount'), max: typed === sentMax ? '' : typed });
        },
        onError: (error) => {
          setConfirming(false);
          // The pipeline has answered it (the recharge or contact-info dialog, the sign-in page).
          if (isHandledByPipeline(error)) return;
          const fields = fieldErrorsOf(error);
          if (fields.amountCents) setError('amount', { type: 'server', message: fields.amountCents });
          if (fields.maxAmountCents) setError('max', { type: 'server', message: fields.maxAmountCents });
          const message = isApiError(error) && error.message ? error.message : t('bid.failedGeneric');
          // Refusals whose message already says 'Bid Failed' are shown as they are (by code, never by text).
          setBidError(isApiError(error) && saysBidFailed(error.code) ? message : t('bid.failedWith', { message }));
        },
      },
    );
  };

  return (
    <>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 1.5 }}>
        <FormTextField
          control={control}
          name="amount"
          label={t('bid.amount')}
          errorText={fieldText(errors.amount)}
          helperText={t('bid.amountHint', { min: formatMoney(lot.minNextBidCents) })}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'lot-bid-amount' }, ...DOLLAR }}
          fullWidth
        />
        <FormTextField
          control={control}
          name="max"
          label={t('bid.max')}
          errorText={fieldText(errors.max)}
          helperText={t('bid.maxHint')}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'lot-bid-max' }, ...DOLLAR }}
          fullWidth
        />
        {isLogin ? (
          <Typography sx={{ typography: 'textSm', color: 'text.secondary' }} data-testid="lot-deposit">
            {plan ? (
              t('bid.depositLine', {
                total: formatMoney(plan.totalCents),
                held: formatMoney(plan.heldCents),
                add: formatMoney(plan.addCents),
              })
            ) : (
              <Skeleton />
            )}
          </Typography>
        ) : (
          <Typography sx={{ typography: 'textSm', color: 'text.secondary' }}>
            {t('bid.depositVisitor', { deposit: formatMoney(lot.depositCents) })}
          </Typography>
        )}
        {bidError ? (
          <Alert severity="error" data-testid="lot-bid-error">
            {bidError}
          </Alert>
        ) : null}
        <Button type="submit" variant="contained" size="large" disabled={place.isPending} data-testid="lot-bid-submit">
          {isLogin ? t('bid.submit') : t('bid.signIn')}
        </Button>
      </Box>

      <ConfirmDialog
        open={confirming}
        title={t('bid.confirmTitle', { domain: lot.domain })}
        confirmLabel={t('bid.confirm')}
        cancelLabel={t('actions.cancel')}
        confirmTestId="lot-bid-confirm"
        pending={place.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={confirm}
      >
        <Box sx={{ display: 'grid', gap: 0.75 }}>
          <Line label={t('bid.amount')} value={formatMoney(request?.amountCents ?? 0)} strong />
          {request?.maxAmountCents !== undefined ? (
            <Line label={t('bid.max')} value={formatMoney(request.maxAmountCents)} />
          ) : null}
          <Divider sx={{ my: 0.5 }} />
          <Line label={t('bid.depositTotal')} value={money(confirmPlan?.totalCents)} />
          <Line label={t('bid.depositHeld')} value={money(confirmPlan?.heldCents)} />
          <Line label={t('bid.depositAdd')} value={money(confirmPlan?.addCents)} strong />
          <Typography sx={{ typography: 'textSm', color: 'text.secondary', mt: 1, lineHeight: 1.6 }}>
            {t('bid.confirmNote')}
          </Typography>
        </Box>
      </ConfirmDialog>
    </>
  );
}
