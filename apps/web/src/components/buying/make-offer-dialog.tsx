import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Offer } from '@namebourse/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { fieldErrorsOf, isApiError, isHandledByPipeline } from '../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { usePublicParameters } from '../../lib/public-parameters.ts';
import { useDisplayTimeZone } from '../../lib/render-env.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { AmountLine } from '../amount-line.tsx';
import { BUYER_LINKS } from './api/keys.ts';
import { useMakeOffer } from './api/make-offer.ts';
import { checkOfferAmount, minOfferCents } from './offer-amount.ts';

export interface MakeOfferDialogProps {
  open: boolean;
  onClose: () => void;
  listing: { listingId: string; domain: string; floorCents: number | null };
}

/**
 * Make an offer: the amount (at least the seller's floor, never below $3), what the buyer would pay with tax,
 * then the offer sent with its expiry and a link to My offers. Refusals are shown in place.
 */
export default function MakeOfferDialog({ open, onClose, listing }: MakeOfferDialogProps) {
  const { t } = useTranslation('buying');
  const locale = useLocale();
  const timeZone = useDisplayTimeZone();
  const titleId = useId();
  const make = useMakeOffer();
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverField, setServerField] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sent, setSent] = useState<Offer | null>(null);
  const key = useRef<string | null>(null);
  const min = minOfferCents(listing.floorCents);
  // The tax rate is a parameter: the server's rate now, never a copy in the bundle.
  const check = checkOfferAmount(text, listing.floorCents, usePublicParameters().data?.taxRateBps);
  const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents, locale));
  const fieldError =
    serverField ??
    (submitted && !check.ok ? t(`offer.errors.${check.error}`, { min: formatMoney(min, locale) }) : null);

  const close = () => {
    if (make.isPending) return;
    onClose();
    setText('');
    setSubmitted(false);
    setServerField(null);
    setRefusal(null);
    setSent(null);
    key.current = null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerField(null);
    setRefusal(null);
    if (!check.ok) return;
    key.current ??= newIdempotencyKey();
    make.mutate(
      { listingId: listing.listingId, amountCents: check.amountCents, idempotencyKey: key.current },
      {
        onSuccess: (offer) => setSent(offer),
        onError: (error) => {
          key.current = null;
          if (isHandledByPipeline(error)) return;
          const fields = fieldErrorsOf(error);
          if (fields.amountCents) return setServerField(fields.amountCents);
          setRefusal(isApiError(error) && error.message ? error.message : t('offer.failedGeneric'));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      data-testid="make-offer-dialog"
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {sent ? t('offer.sentTitle') : t('offer.title', { domain: listing.domain })}
      </DialogTitle>
      {sent ? (
        <>
          <DialogContent sx={{ display: 'grid', gap: 1.25 }} data-testid="make-offer-sent">
            <Typography sx={{ typography: 'textMd', overflowWrap: 'anywhere' }}>
              {t('offer.sentBody', {
                domain: sent.domain,
                amount: formatMoney(sent.amountCents, locale),
                expires: formatDateTime(sent.expiresAt, locale, timeZone),
              })}
            </Typography>
            <Link component={RouterLink} to={BUYER_LINKS.offers}>
              {t('offer.manage')}
            </Link>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} variant="contained">
              {t('actions.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <DialogContent sx={{ display: 'grid', gap: 1.5, pt: 1 }}>
            <TextField
              label={t('offer.amount')}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setServerField(null);
              }}
              error={fieldError !== null}
              helperText={fieldError ?? t('offer.amountHint', { min: formatMoney(min, locale) })}
              autoFocus
              fullWidth
              slotProps={{
                htmlInput: { inputMode: 'decimal', 'data-testid': 'make-offer-amount' },
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              }}
            />
            <Box sx={{ display: 'grid', gap: 0.75 }} data-testid="make-offer-amounts">
              <AmountLine label={t('amount.offer')} value={check.ok ? formatMoney(check.amountCents, locale) : '—'} />
              <AmountLine label={t('amount.tax')} value={check.ok ? money(check.taxCents) : '—'} />
              <Divider />
              <AmountLine
                label={t('amount.totalIfAccepted')}
                value={check.ok ? money(check.totalCents) : '—'}
                strong
                testId="make-offer-total"
              />
            </Box>
            <Typography sx={{ typography: 'textSm', color: 'text.secondary' }}>{t('offer.note')}</Typography>
            {refusal ? (
              <Alert severity="error" data-testid="make-offer-error">
                {refusal}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} disabled={make.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={make.isPending} data-testid="make-offer-submit">
              {make.isPending ? t('offer.sending') : t('offer.submit')}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
