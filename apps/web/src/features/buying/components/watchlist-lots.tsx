import Typography from '@mui/material/Typography';
import type { AuctionSummary } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LiveCountdown, LotTypeChip, MoneyText, useServerNow } from '../../../components/auction/index.ts';
import { CardList } from '../../../components/card-list.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { unwatchLot } from '../api/watched-lots.ts';
import { RemoveButton, WatchField, WatchRow } from './watchlist-row.tsx';

const LOT_TONE = { scheduled: 'info', bidding: 'success', ended: 'default', cancelled: 'default' } as const;

/** Stop watching a lot: the watchlist and every lot list (their stars) are asked again. */
function useUnwatchLot() {
  const { t } = useTranslation('watchlist');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lot: AuctionSummary) => unwatchLot(lot.auctionId),
    onSuccess: (_answer, lot) => showToast(t('remove.done', { domain: lot.domain }), 'success'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['watchlist'] }),
        queryClient.invalidateQueries({ queryKey: ['auctions'] }),
      ]),
  });
}

/** The watched lots: price (current bid, or the winning price once ended), live time left, status, remove. */
export function WatchedLots({ lots }: { lots: AuctionSummary[] }) {
  const { t } = useTranslation('watchlist');
  const now = useServerNow(lots.some((lot) => lot.status === 'bidding' || lot.status === 'scheduled'));
  const remove = useUnwatchLot();
  return (
    <CardList data-testid="watched-lots">
      {lots.map((lot) => {
        const ended = lot.status === 'ended' || lot.status === 'cancelled';
        const price = ended && lot.winningPriceCents !== null ? lot.winningPriceCents : lot.currentPriceCents;
        return (
          <WatchRow
            key={lot.auctionId}
            id={lot.auctionId}
            testId="watched-lot"
            domain={lot.domain}
            to={`/sale/${encodeURIComponent(lot.auctionId)}`}
            linkLabel={t('lot.open', { domain: lot.domain })}
            kind={<LotTypeChip type={lot.type} />}
            price={
              <WatchField label={ended ? t('lot.winningPrice') : t('lot.currentPrice')}>
                <MoneyText cents={price} sx={{ display: 'block', fontWeight: 700, typography: 'textLg' }} />
                <Typography variant="caption" color="text.secondary" component="div">
                  {t('lot.bids', { count: lot.bidCount })}
                </Typography>
              </WatchField>
            }
            time={
              <WatchField label={lot.status === 'scheduled' ? t('lot.startsIn') : t('timeLeft')}>
                {ended ? (
                  <Typography color="text.secondary" sx={{ typography: 'textMd' }}>
                    {t('ended')}
                  </Typography>
                ) : (
                  <LiveCountdown
                    endsAt={lot.status === 'scheduled' ? lot.startsAt : lot.endsAt}
                    now={now}
                    icon
                    aria-label={t('timeLeft')}
                  />
                )}
              </WatchField>
            }
            status={
              <StatusChip label={t(`lot.status.${lot.status}`)} tone={LOT_TONE[lot.status]} status={lot.status} />
            }
            actions={
              <RemoveButton
                domain={lot.domain}
                pending={remove.isPending && remove.variables?.auctionId === lot.auctionId}
                onClick={() => remove.mutate(lot)}
              />
            }
          />
        );
      })}
    </CardList>
  );
}
