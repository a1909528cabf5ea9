import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Offer, OfferStatus } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { LiveCountdown } from '../../../components/auction/index.ts';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { OFFER_STATUS_TONE, turnOf } from '../lib/offer-view.ts';

/** An offer's status (labels: offers `status.<status>`). */
export function OfferStatusChip({ status }: { status: OfferStatus }) {
  const { t } = useTranslation('offers');
  return (
    <StatusChip label={t(`status.${status}`)} tone={OFFER_STATUS_TONE[status]} status={status} testId="offer-status" />
  );
}

/** The status, whose move it is, and for an open offer the live time left (else when it last changed). */
export function OfferState({ offer, now }: { offer: Offer; now?: number }) {
  const { t } = useTranslation('offers');
  const turn = turnOf(offer);
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <OfferStatusChip status={offer.status} />
      {turn ? (
        <Typography
          variant="caption"
          component="div"
          sx={{ fontWeight: turn === 'you' ? 700 : 400, color: turn === 'you' ? 'warning.dark' : 'text.secondary' }}
          data-testid="offer-turn"
        >
          {t(`turn.${turn}`)}
        </Typography>
      ) : null}
      {turn ? (
        <Box data-testid="offer-expiry">
          <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.4 }}>
            {t('fields.expires')}
          </Typography>
          <LiveCountdown
            endsAt={offer.expiresAt}
            now={now}
            tone="deadline"
            icon
            endedText={t('fields.expired')}
            aria-label={t('fields.expiresOn', { date: formatDateTime(offer.expiresAt) })}
            sx={{ typography: 'textSm', fontWeight: 600 }}
          />
        </Box>
      ) : (
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {offer.status === 'expired'
            ? t('fields.expiresOn', { date: formatDateTime(offer.expiresAt) })
            : t('fields.updated', { date: formatDateTime(offer.updatedAt) })}
        </Typography>
      )}
    </Box>
  );
}
