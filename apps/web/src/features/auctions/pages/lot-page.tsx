import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ShareRounded from '@mui/icons-material/ShareRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { isRowIdText } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { NotFoundPage } from '../../../app/errors/not-found-page.tsx';
import { copyText, ErrorView } from '../../../components/api-feedback/index.ts';
import { DomainMetricsGrid } from '../../../components/auction/domain-metrics.tsx';
import { LotTypeChip } from '../../../components/auction/lot-type-chip.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback-store.ts';
import { formatDate } from '../../../lib/format.ts';
import {
  LIVE_EVENTS_ATTRIBUTE,
  LIVE_STATE_ATTRIBUTE,
  liveStateKey,
} from '../../../lib/prehydration/start-on-intent.ts';
import { useDisplayTimeZone } from '../../../lib/render-env.ts';
import { useAuction } from '../api/get-auction.ts';
import { auctionEventsUrl, useAuctionEvents } from '../api/use-auction-events.ts';
import { BidPanel } from '../components/bid-panel.tsx';
import { BidRecords } from '../components/bid-records.tsx';
import { ChainPanel } from '../components/chain-panel.tsx';
import { WatchToggle } from '../components/watch-toggle.tsx';
import { useLotHead } from '../lib/lot-head.ts';

const STATUS_COLORS = { scheduled: 'default', bidding: 'success', ended: 'default', cancelled: 'warning' } as const;

function isNotFound(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.code === 'Auction.NotFound' || error.code === 'Request.NotFound' || error.status === 404)
  );
}

function LotSkeleton() {
  const { t } = useTranslation('auctions');
  return (
    <Container maxWidth="lg" sx={{ py: 3 }} role="status" aria-label={t('loading')} data-testid="lot-loading">
      <Skeleton variant="text" width="50%" height={56} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 380px' },
          gap: 3,
          mt: 2,
        }}
      >
        <Skeleton variant="rounded" height={320} />
        <Skeleton variant="rounded" height={420} />
      </Box>
    </Container>
  );
}

/** /sale/:auctionId: one lot, live — price, time, the bid form, the domain data, bid records and, after close, the chain. */
export function LotPage() {
  const { t } = useTranslation('auctions');
  const { auctionId = '' } = useParams();
  const lot = useAuction(auctionId);
  const timeZone = useDisplayTimeZone();
  useLotHead(lot.data);
  const liveLot = lot.data?.status === 'bidding' || lot.data?.status === 'scheduled';
  const live = useAuctionEvents(auctionId, liveLot);

  if (!isRowIdText(auctionId) || isNotFound(lot.error)) return <NotFoundPage />;
  if (lot.isPending) return <LotSkeleton />;
  if (!lot.data) {
    return (
      <Container maxWidth="lg" sx={{ py: 4 }}>
        <ErrorView error={lot.error} onRetry={() => void lot.refetch()} />
      </Container>
    );
  }
  const data = lot.data;
  const closed = data.status === 'ended' || data.status === 'cancelled';

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: data.domain, url });
        return;
      } catch {
        // Cancelled or unavailable: copy instead.
      }
    }
    if (await copyText(url)) showToast(t('lot.linkCopied'), 'success');
  };

  const extra = data.redeemableUntil
    ? [
        {
          key: 'redeemableUntil',
          label: t('metrics.redeemableUntil'),
          value: formatDate(data.redeemableUntil, undefined, timeZone),
        },
      ]
    : [];

  return (
    <Box
      data-testid="lot-page"
      data-auction-id={data.auctionId}
      data-status={data.status}
      // Before the app has hydrated a server-rendered lot, the page's starter listens to its events (lib/prehydration).
      {...(liveLot
        ? { [LIVE_EVENTS_ATTRIBUTE]: auctionEventsUrl(auctionId), [LIVE_STATE_ATTRIBUTE]: liveStateKey(data) }
        : {})}
      sx={{ pb: 6 }}
    >
      <Box sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
          <Button
            component={RouterLink}
            to="/sale"
            size="small"
            startIcon={<ArrowBackRounded />}
            sx={{ ml: -1, mb: 1 }}
          >
            {t('lot.back')}
          </Button>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography
              component="h1"
              sx={{
                typography: 'lotTitle',
                fontWeight: 800,
                letterSpacing: '-0.02em',
                wordBreak: 'break-all',
                lineHeight: 1.15,
              }}
              data-testid="lot-domain"
            >
              {data.domain}
            </Typography>
            <WatchToggle auctionId={data.auctionId} isWatched={data.isWatched} size="medium" />
            <Button
              size="small"
              color="inherit"
              startIcon={<ShareRounded />}
              onClick={() => void share()}
              data-testid="lot-share"
            >
              {t('lot.share')}
            </Button>
          </Box>
          <Box sx={{ mt: 1, display: 'flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
            <LotTypeChip type={data.type} />
            <Chip
              size="small"
              color={STATUS_COLORS[data.status]}
              label={t(`status.${data.status}`)}
              data-testid="lot-status"
            />
            {data.isPremium ? <Chip size="small" color="secondary" label={t('premium')} /> : null}
            {live.connected && !closed ? (
              <Chip size="small" variant="outlined" color="success" label={t('lot.live')} data-testid="lot-live" />
            ) : null}
            {data.type === 'expired' && data.redeemableUntil ? (
              <Typography sx={{ typography: 'textSm', color: 'text.secondary' }}>
                {t('lot.redeemableUntil', { date: formatDate(data.redeemableUntil, undefined, timeZone) })}
              </Typography>
            ) : null}
          </Box>
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ pt: 3 }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 380px' },
            gridTemplateAreas: { xs: '"bid" "main"', md: '"main bid"' },
            gap: 3,
            alignItems: 'start',
          }}
        >
          <Box sx={{ gridArea: 'bid', position: { md: 'sticky' }, top: { md: 84 } }}>
            <BidPanel lot={data} priceTick={live.priceTick} />
          </Box>
          <Box sx={{ gridArea: 'main', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3, minWidth: 0 }}>
            <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
              <Typography component="h2" sx={{ fontWeight: 800, typography: 'text2xl', mb: 1.25 }}>
                {t('lot.domainData')}
              </Typography>
              <DomainMetricsGrid lot={data} extra={extra} />
            </Paper>
            {closed && data.bidCount > 0 ? <ChainPanel auctionId={data.auctionId} chainHead={data.chainHead} /> : null}
            <BidRecords auctionId={data.auctionId} closed={closed} />
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
