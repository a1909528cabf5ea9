import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Offer } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MoneyText, useServerNow } from '../../../components/auction/index.ts';
import { CardList, ListCard } from '../../../components/card-list.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { awaitsPayment } from '../lib/offer-view.ts';
import { OfferActions } from './offers-actions.tsx';
import { OfferHistory } from './offers-history.tsx';
import { OfferMoneySummary } from './offers-money.tsx';
import { OfferState } from './offers-status.tsx';

/**
 * The offers of a page as rich rows: on phones a card each (domain, amount, status, actions stacked), on desktop
 * one line each (domain | amount and what it means for me | status and time left | actions), the history under it.
 */
export function OfferList({ offers, wide }: { offers: Offer[]; wide: boolean }) {
  const now = useServerNow(offers.some((offer) => offer.status === 'open' || offer.status === 'countered'));
  return (
    <CardList data-testid="offers-list">
      {offers.map((offer) => (
        <OfferRow key={offer.offerId} offer={offer} wide={wide} now={now} />
      ))}
    </CardList>
  );
}

function OfferRow({ offer, wide, now }: { offer: Offer; wide: boolean; now: number }) {
  const { t } = useTranslation('offers');
  const buyerMustPay = offer.role === 'buyer' && awaitsPayment(offer);
  return (
    <ListCard data-testid="offer-row" data-offer-id={offer.offerId} data-status={offer.status}>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 1.5, md: 2 },
          gridTemplateColumns: {
            xs: '1fr auto',
            md: 'minmax(170px, 1.2fr) minmax(210px, 1.5fr) 170px minmax(200px, auto)',
          },
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / 2', md: 'auto' } }}>
          <Link
            component={RouterLink}
            to={`/market/${encodeURIComponent(offer.domain)}`}
            underline="hover"
            aria-label={t('domainLink', { domain: offer.domain })}
            sx={{ fontWeight: 700, typography: 'textXl', overflowWrap: 'anywhere', lineHeight: 1.35 }}
          >
            {offer.domain}
          </Link>
          <Typography variant="caption" color="text.secondary" component="div" data-testid="offer-counterparty">
            {t(`fields.counterparty.${offer.role}`, { name: offer.counterparty })}
          </Typography>
          {offer.listingPriceCents !== null ? (
            <Typography variant="caption" color="text.secondary" component="div">
              {t('fields.listingPrice', { price: formatMoney(offer.listingPriceCents) })}
            </Typography>
          ) : null}
          {offer.floorCents !== null ? (
            <Typography variant="caption" color="text.secondary" component="div">
              {t('fields.floor', { price: formatMoney(offer.floorCents) })}
            </Typography>
          ) : null}
        </Box>

        {wide ? null : (
          <Box sx={{ justifySelf: 'end' }}>
            <OfferState offer={offer} now={now} />
          </Box>
        )}

        <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="div">
            {offer.lastBy !== offer.role
              ? t(`fields.offeredBy.${offer.lastBy}`)
              : offer.role === 'buyer'
                ? t('fields.offeredBy.youBuyer')
                : t('fields.offeredBy.youSeller')}
          </Typography>
          <MoneyText
            cents={offer.amountCents}
            sx={{ display: 'block', fontWeight: 800, typography: 'textXl' }}
            data-testid="offer-amount"
          />
          <OfferMoneySummary offer={offer} />
          {buyerMustPay ? (
            <Typography variant="caption" component="div" sx={{ color: 'warning.dark', fontWeight: 600, mt: 0.5 }}>
              {t('order.awaitingPayment')}
            </Typography>
          ) : null}
        </Box>

        {wide ? <OfferState offer={offer} now={now} /> : null}

        <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
          <OfferActions offer={offer} fullWidth={!wide} />
        </Box>
      </Box>
      <Box sx={{ mt: 1, pt: 0.5, borderTop: 1, borderColor: 'divider' }}>
        <OfferHistory offer={offer} />
      </Box>
    </ListCard>
  );
}
