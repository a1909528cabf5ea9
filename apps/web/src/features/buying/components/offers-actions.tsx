import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Offer } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { makeOffer } from '../../../components/buying/api/make-offer.ts';
import { showToast } from '../../../lib/feedback-store.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
import { acceptOffer } from '../api/offers-accept.ts';
import { counterOffer } from '../api/offers-counter.ts';
import { offerKeys } from '../api/offers-list.ts';
import { rejectOffer } from '../api/offers-reject.ts';
import { awaitsPayment, orderLink, rejectKind } from '../lib/offer-view.ts';
import { OfferAcceptDialog, OfferAmountDialog, OfferRejectDialog } from './offers-dialogs.tsx';

type Step = 'accept' | 'reject' | 'amount';

/**
 * After any step the offers (lists and counts), orders (an acceptance makes one) and messages change. The offers
 * can wait (`offers: false`) while the acceptance dialog still shows its order link: a refreshed list filtered by
 * status would drop the row, and the dialog with it.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return ({ offers = true }: { offers?: boolean } = {}) => {
    if (offers) void queryClient.invalidateQueries({ queryKey: offerKeys.all });
    void queryClient.invalidateQueries({ queryKey: sharedKeys.orders });
    void queryClient.invalidateQueries({ queryKey: sharedKeys.messages });
  };
}

/**
 * The caller's moves on one offer, as the server allows them (canAccept / canReject / canCounter), each through
 * its dialog; an accepted offer links to its order ("Pay now" for the buyer while it awaits payment).
 */
export function OfferActions({ offer, fullWidth = false }: { offer: Offer; fullWidth?: boolean }) {
  const { t } = useTranslation('offers');
  const [step, setStep] = useState<Step | null>(null);
  const [accepted, setAccepted] = useState<Offer | null>(null);
  const refresh = useRefresh();
  const seller = offer.role === 'seller';

  const accept = useMutation({
    mutationFn: () => acceptOffer(offer.offerId),
    onSuccess: (result) => {
      setAccepted(result);
      refresh({ offers: false });
    },
  });
  const reject = useMutation({
    mutationFn: () => rejectOffer(offer.offerId),
    onSuccess: () => {
      setStep(null);
      showToast(t('reject.done'), 'success');
      refresh();
    },
  });
  const amount = useMutation({
    mutationFn: (amountCents: number) =>
      seller
        ? counterOffer(offer.offerId, { amountCents })
        : makeOffer({ listingId: offer.listingId, amountCents, idempotencyKey: newIdempotencyKey() }),
    onSuccess: () => {
      setStep(null);
      showToast(t(seller ? 'amount.sentCounter' : 'amount.sentAgain'), 'success');
      refresh();
    },
  });

  const open = (next: Step) => {
    accept.reset();
    reject.reset();
    amount.reset();
    setAccepted(null);
    setStep(next);
  };
  const queryClient = useQueryClient();
  const close = () => {
    setStep(null);
    if (accepted) void queryClient.invalidateQueries({ queryKey: offerKeys.all });
  };

  const buttons = [];
  if (offer.canAccept)
    buttons.push(
      <Button key="accept" variant="contained" size="small" onClick={() => open('accept')} fullWidth={fullWidth}>
        {seller ? t('actions.accept') : t('actions.acceptCounter')}
      </Button>,
    );
  if (offer.canCounter)
    buttons.push(
      <Button key="amount" variant="outlined" size="small" onClick={() => open('amount')} fullWidth={fullWidth}>
        {seller ? t('actions.counter') : t('actions.again')}
      </Button>,
    );
  if (offer.canReject)
    buttons.push(
      <Button
        key="reject"
        variant="text"
        color="error"
        size="small"
        onClick={() => open('reject')}
        fullWidth={fullWidth}
      >
        {t(`actions.${rejectKind(offer)}`)}
      </Button>,
    );
  if (offer.orderId) {
    const pay = !seller && awaitsPayment(offer);
    buttons.push(
      <Button
        key="order"
        variant={pay ? 'contained' : 'outlined'}
        color={pay ? 'warning' : 'primary'}
        size="small"
        component={RouterLink}
        to={orderLink(offer.orderId)}
        aria-label={t(pay ? 'order.payNowFor' : 'order.viewFor', { domain: offer.domain })}
        fullWidth={fullWidth}
      >
        {pay ? t('order.payNow') : t('order.view')}
      </Button>,
    );
  }

  return (
    <>
      {buttons.length > 0 ? (
        <Box
          role="group"
          aria-label={t('actions.label', { domain: offer.domain })}
          sx={{
            display: 'flex',
            gap: 1,
            flexWrap: 'wrap',
            justifyContent: { md: 'flex-end' },
            '& .MuiButton-root': { whiteSpace: 'nowrap' },
            ...(fullWidth ? { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(110px, 1fr))' } : {}),
          }}
        >
          {buttons}
        </Box>
      ) : null}
      {step === 'accept' ? (
        <OfferAcceptDialog
          offer={offer}
          pending={accept.isPending}
          error={accept.error}
          accepted={accepted}
          onConfirm={() => accept.mutate()}
          onClose={close}
        />
      ) : null}
      {step === 'reject' ? (
        <OfferRejectDialog
          offer={offer}
          pending={reject.isPending}
          error={reject.error}
          onConfirm={() => reject.mutate()}
          onClose={close}
        />
      ) : null}
      {step === 'amount' ? (
        <OfferAmountDialog
          offer={offer}
          pending={amount.isPending}
          error={amount.error}
          onSubmit={(cents) => amount.mutate(cents)}
          onClose={close}
        />
      ) : null}
    </>
  );
}
