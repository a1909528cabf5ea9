import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type BuyResult, buyerTotal, errorMessage } from '@namebourse/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isApiError, isHandledByPipeline } from '../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { usePublicParameters } from '../../lib/public-parameters.ts';
import { useDisplayTimeZone } from '../../lib/render-env.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { AmountLine } from '../amount-line.tsx';
import { rechargeLink } from '../api-feedback/index.ts';
import { useAvailableBalance } from '../order-payment/index.ts';
import { SuccessMark } from '../success-mark.tsx';
import { useBuyListing } from './api/buy-listing.ts';
import { BUYER_LINKS } from './api/keys.ts';
import { type PurchaseFailureInfo, purchaseFailureKey, purchaseFailureOf } from './purchase-failure.ts';

export interface BuyNowDialogProps {
  open: boolean;
  onClose: () => void;
  listing: { listingId: string; domain: string; priceCents: number };
  /** The available balance when the page knows it (else the dialog asks). */
  balanceCents?: number | null;
  /** Called on closing after an order was opened (paid or awaiting payment): the listing is no longer for sale. */
  onBought?: (result: BuyResult) => void;
}

type Outcome =
  | { kind: 'result'; result: BuyResult }
  | { kind: 'failure'; failure: PurchaseFailureInfo }
  | { kind: 'error'; message: string };

/**
 * Buy now: price, tax and total, the available balance, then 'Buy and pay'. Paid: the order and My domains;
 * not paid (the balance is short): 'Insufficient balance', the recharge link and the order's pay-by; refused:
 * 'Purchase Failed' and why — a changed price is shown and can be accepted.
 */
export default function BuyNowDialog({ open, onClose, listing, balanceCents, onBought }: BuyNowDialogProps) {
  const { t } = useTranslation('buying');
  const locale = useLocale();
  const timeZone = useDisplayTimeZone();
  const titleId = useId();
  const buy = useBuyListing();
  const askBalance = open && (balanceCents === undefined || balanceCents === null);
  const balance = useAvailableBalance(askBalance);
  const available = balanceCents ?? balance.data ?? null;
  // The price the buyer agrees to: the listing's, or the new one after a price change.
  const [priceCents, setPriceCents] = useState(listing.priceCents);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const key = useRef<string | null>(null);
  // The tax rate is a parameter: the server's rate now (the order the server creates charges the same).
  const taxRateBps = usePublicParameters().data?.taxRateBps;
  const totals = taxRateBps === undefined ? null : buyerTotal(priceCents, taxRateBps);
  const short = totals && available !== null && available < totals.totalCents ? totals.totalCents - available : 0;

  const close = () => {
    if (buy.isPending) return;
    onClose();
    if (outcome?.kind === 'result') onBought?.(outcome.result);
    // Start afresh next time (after the closing animation has no more use for the result).
    setOutcome(null);
    setPriceCents(listing.priceCents);
    key.current = null;
  };

  const submit = () => {
    key.current ??= newIdempotencyKey();
    setOutcome(null);
    buy.mutate(
      { listingId: listing.listingId, expectedPriceCents: priceCents, idempotencyKey: key.current },
      {
        onSuccess: (result) => setOutcome({ kind: 'result', result }),
        onError: (error) => {
          key.current = null;
          if (isHandledByPipeline(error)) return;
          const failure = purchaseFailureOf(error);
          if (failure) setOutcome({ kind: 'failure', failure });
          else
            setOutcome({
              kind: 'error',
              message: isApiError(error) && error.message ? error.message : t('buy.failedGeneric'),
            });
        },
      },
    );
  };

  const result = outcome?.kind === 'result' ? outcome.result : null;
  const failure = outcome?.kind === 'failure' ? outcome.failure : null;
  const newPrice = failure?.reason === 'price_changed' ? (failure.priceCents ?? null) : null;
  const finalFailure = failure !== null && newPrice === null;

  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby={titleId} data-testid="buy-now-dialog">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {result
          ? result.paid
            ? t('buy.paidTitle')
            : errorMessage('Funds.InsufficientBalance', locale)
          : t('buy.title', { domain: listing.domain })}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
        {result ? (
          <BuyResultView result={result} locale={locale} timeZone={timeZone} />
        ) : (
          <>
            <Box sx={{ display: 'grid', gap: 0.75 }} data-testid="buy-now-amounts">
              <AmountLine label={t('amount.price')} value={formatMoney(priceCents, locale)} />
              <AmountLine label={t('amount.tax')} value={totals ? formatMoney(totals.taxCents, locale) : '…'} />
              <Divider />
              <AmountLine
                label={t('amount.total')}
                value={totals ? formatMoney(totals.totalCents, locale) : '…'}
                strong
                testId="buy-now-total"
              />
              <AmountLine
                label={t('amount.balance')}
                value={available === null ? '…' : formatMoney(available, locale)}
                testId="buy-now-balance"
              />
            </Box>
            {short > 0 && !failure ? (
              <Alert severity="warning" data-testid="buy-now-short">
                {t('buy.shortNote', { amount: formatMoney(short, locale) })}
              </Alert>
            ) : null}
            {failure ? (
              <Alert severity={newPrice === null ? 'error' : 'warning'} data-testid="buy-now-failure">
                {newPrice === null
                  ? `${t('failure.title')}: ${t(purchaseFailureKey(failure.reason))}`
                  : t('failure.priceChangedTo', { price: formatMoney(newPrice, locale) })}
              </Alert>
            ) : null}
            {outcome?.kind === 'error' ? (
              <Alert severity="error" data-testid="buy-now-failure">
                {outcome.message}
              </Alert>
            ) : null}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        {result ? (
          <Button onClick={close}>{t('actions.close')}</Button>
        ) : finalFailure ? (
          <Button onClick={close} variant="contained">
            {t('actions.close')}
          </Button>
        ) : (
          <>
            <Button onClick={close} disabled={buy.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button
              variant="contained"
              disabled={buy.isPending}
              onClick={() => {
                if (newPrice !== null) {
                  // Accept the new price: the next 'Buy and pay' sends it.
                  setPriceCents(newPrice);
                  setOutcome(null);
                  return;
                }
                submit();
              }}
              data-testid="buy-now-confirm"
            >
              {buy.isPending
                ? t('buy.buying')
                : newPrice !== null
                  ? t('buy.acceptPrice', { price: formatMoney(newPrice, locale) })
                  : t('buy.confirm')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

function BuyResultView({
  result,
  locale,
  timeZone,
}: {
  result: BuyResult;
  locale: string;
  timeZone: string | undefined;
}) {
  const { t } = useTranslation('buying');
  const orderLink = (
    <Link component={RouterLink} to={BUYER_LINKS.order(result.orderId)}>
      {t('buy.viewOrder')}
    </Link>
  );
  if (result.paid) {
    return (
      <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'center', textAlign: 'center' }} data-testid="buy-now-paid">
        <SuccessMark />
        <Typography sx={{ typography: 'textMd', overflowWrap: 'anywhere' }}>
          {t('buy.paidBody', { domain: result.domain, amount: formatMoney(result.amountCents, locale) })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {orderLink}
          <Link component={RouterLink} to={BUYER_LINKS.myDomains}>
            {t('buy.myDomains')}
          </Link>
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="buy-now-unpaid">
      <Typography sx={{ typography: 'textMd', overflowWrap: 'anywhere' }}>
        {t('buy.unpaidBody', { domain: result.domain, amount: formatMoney(result.amountCents, locale) })}
      </Typography>
      <AmountLine label={t('amount.shortfall')} value={formatMoney(result.shortfallCents, locale)} strong />
      {result.payBy ? (
        <AmountLine label={t('amount.payBy')} value={formatDateTime(result.payBy, locale, timeZone)} />
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button component={RouterLink} to={rechargeLink(result.shortfallCents)} variant="contained">
          {t('buy.recharge')}
        </Button>
        {orderLink}
      </Box>
    </Box>
  );
}
