import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Offer } from '@namebourse/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { parseDollarsToCents } from '../../../components/auction/index.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { MutationError } from '../../../components/mutation-error.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { amountProblem, awaitsPayment, orderLink, rejectKind } from '../lib/offer-view.ts';
import { OfferMoneyLines } from './offers-money.tsx';

interface ActionDialogProps {
  offer: Offer;
  pending: boolean;
  error: unknown;
  onClose: () => void;
}

/**
 * Accepting: the seller sees the net proceeds at the amount, the buyer the total with tax. Once the buyer has
 * accepted a counter-offer, the dialog links to the order to pay it.
 */
export function OfferAcceptDialog({
  offer,
  pending,
  error,
  accepted,
  onConfirm,
  onClose,
}: ActionDialogProps & { accepted: Offer | null; onConfirm: () => void }) {
  const { t } = useTranslation('offers');
  const titleId = useId();
  const amount = formatMoney(offer.amountCents);
  const seller = offer.role === 'seller';
  const title = t(seller ? 'accept.titleSeller' : 'accept.titleBuyer', { amount, domain: offer.domain });
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      data-testid="offer-accept-dialog"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {accepted ? (
          <Alert severity="success" role="status">
            {t(seller ? 'accept.doneSeller' : 'accept.doneBuyer')}
          </Alert>
        ) : (
          <>
            <Typography sx={{ typography: 'textMd', mb: 1.5 }}>
              {t(seller ? 'accept.bodySeller' : 'accept.bodyBuyer')}
            </Typography>
            <OfferMoneyLines offer={offer} />
          </>
        )}
        <MutationError error={error} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        {accepted ? (
          <>
            <Button onClick={onClose} color="inherit">
              {t('accept.close')}
            </Button>
            {accepted.orderId ? (
              <Button variant="contained" component={RouterLink} to={orderLink(accepted.orderId)}>
                {!seller && awaitsPayment(accepted) ? t('order.payNow') : t('order.view')}
              </Button>
            ) : null}
          </>
        ) : (
          <>
            <Button onClick={onClose} disabled={pending} color="inherit">
              {t('actions.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={onConfirm}
              disabled={pending}
              startIcon={pending ? <LoadingSpinner decorative size={16} color="inherit" /> : undefined}
            >
              {pending ? t('accept.pending') : t('accept.confirm')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

const REJECT_TEXT = {
  reject: { title: 'reject.titleReject', body: 'reject.bodyReject' },
  withdraw: { title: 'reject.titleWithdraw', body: 'reject.bodyWithdraw' },
  decline: { title: 'reject.titleDecline', body: 'reject.bodyDecline' },
} as const;

/** Rejecting (seller), withdrawing an open offer or declining a counter (buyer). */
export function OfferRejectDialog({
  offer,
  pending,
  error,
  onConfirm,
  onClose,
}: ActionDialogProps & { onConfirm: () => void }) {
  const { t } = useTranslation('offers');
  const text = REJECT_TEXT[rejectKind(offer)];
  return (
    <ConfirmDialog
      open
      title={t(text.title, { amount: formatMoney(offer.amountCents), domain: offer.domain })}
      confirmLabel={t('reject.confirm')}
      pendingLabel={t('reject.pending')}
      cancelLabel={t('actions.cancel')}
      danger
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
      testId="offer-reject-dialog"
    >
      <Typography sx={{ typography: 'textMd' }}>{t(text.body)}</Typography>
    </ConfirmDialog>
  );
}

/**
 * A counter-offer (seller) or a new offer (buyer): the amount in dollars, checked as the server checks it, with
 * what it means for the sender shown as they type (the seller's net, the buyer's total with tax).
 */
export function OfferAmountDialog({
  offer,
  pending,
  error,
  onSubmit,
  onClose,
}: ActionDialogProps & { onSubmit: (amountCents: number) => void }) {
  const { t } = useTranslation('offers');
  const titleId = useId();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const cents = parseDollarsToCents(text);
  const problem = amountProblem(cents, offer);
  const serverField = fieldErrorsOf(error).amountCents;
  const shownProblem =
    tried && problem ? t(`amount.problem.${problem.problem}`, { min: formatMoney(problem.minCents ?? 0) }) : null;
  const helper = shownProblem ?? serverField ?? null;
  const seller = offer.role === 'seller';
  const submit = () => {
    setTried(true);
    if (problem || cents === null || pending) return;
    onSubmit(cents);
  };
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      data-testid="offer-amount-dialog"
    >
      <DialogTitle id={titleId}>
        {t(seller ? 'amount.counterTitle' : 'amount.againTitle', { domain: offer.domain })}
      </DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogContent sx={{ pt: 0 }}>
          <Typography sx={{ typography: 'textMd', mb: 2 }}>
            {t(seller ? 'amount.counterIntro' : 'amount.againIntro', { amount: formatMoney(offer.amountCents) })}
          </Typography>
          <TextField
            autoFocus
            fullWidth
            label={t('amount.label')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={Boolean(helper)}
            helperText={helper ?? ' '}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
            }}
          />
          {cents !== null && !problem ? (
            <Box sx={{ mt: 1 }}>
              <OfferMoneyLines offer={offer} amountCents={cents} />
            </Box>
          ) : null}
          {serverField ? null : <MutationError error={error} />}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={pending} color="inherit">
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={pending}
            startIcon={pending ? <LoadingSpinner decorative size={16} color="inherit" /> : undefined}
          >
            {pending ? t('amount.pending') : t('amount.send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
