import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { AuctionSummary } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LiveCountdown } from '../../../components/auction/live-countdown.tsx';
import { LotTypeChip } from '../../../components/auction/lot-type-chip.tsx';
import { MoneyText } from '../../../components/auction/money-text.tsx';
import { useServerNow } from '../../../components/auction/server-clock.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useDisplayTimeZone } from '../../../lib/render-env.ts';
import { HIGHLIGHT_LIMIT, type HighlightKind, useHighlights } from '../api/get-highlights.ts';
import { cardsOf } from '../lib/highlights.ts';
import { SALE_PATH } from '../lib/search-url.ts';

const TEST_IDS: Record<HighlightKind, string> = { hot: 'home-hot-auctions', topDeals: 'home-top-deals' };

function HighlightCard({ item, kind, now }: { item: AuctionSummary; kind: HighlightKind; now: number }) {
  const { t } = useTranslation('home');
  const timeZone = useDisplayTimeZone();
  const price = kind === 'hot' ? item.currentPriceCents : (item.winningPriceCents ?? item.currentPriceCents);
  return (
    <Box
      component="li"
      sx={(theme) => ({
        listStyle: 'none',
        borderRadius: 3,
        bgcolor: 'background.paper',
        border: `1px solid ${theme.palette.divider}`,
        overflow: 'hidden',
        transition: 'border-color 120ms, box-shadow 120ms',
        '&:hover': { borderColor: theme.palette.primary.light, boxShadow: '0 4px 16px rgba(15, 23, 42, 0.08)' },
      })}
      data-testid="home-highlight-card"
      data-auction-id={item.auctionId}
    >
      <CardActionArea
        component={RouterLink}
        to={`/sale/${encodeURIComponent(item.auctionId)}`}
        sx={{ p: 2, display: 'block', height: '100%' }}
      >
        <Typography
          component="h3"
          sx={{ fontWeight: 800, typography: 'text2xl', overflowWrap: 'anywhere', lineHeight: 1.3 }}
          title={item.domain}
        >
          {item.domain}
        </Typography>
        <LotTypeChip type={item.type} sx={{ mt: 0.5, height: 20, typography: 'text2xs' }} />
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 1.5 }}>
          {kind === 'hot' ? t('highlights.currentPrice') : t('highlights.winningPrice')}
        </Typography>
        <MoneyText
          cents={price}
          sx={{
            display: 'block',
            fontWeight: 800,
            typography: 'text4xl',
            color: kind === 'hot' ? 'primary.main' : 'success.dark',
          }}
        />
        <Box
          sx={{
            mt: 1.25,
            display: 'flex',
            justifyContent: 'space-between',
            gap: 1,
            flexWrap: 'wrap',
            color: 'text.secondary',
            typography: 'textSm',
            '& > span': { display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' },
            '& svg': { fontSize: 16 },
          }}
        >
          <span>
            <GroupsOutlined />
            {t('highlights.bidders', { formatted: formatNumber(item.bidderCount) })}
          </span>
          {kind === 'hot' ? (
            <LiveCountdown
              endsAt={item.endsAt}
              now={now}
              icon
              endedText={t('highlights.ended')}
              sx={{ fontWeight: 600 }}
            />
          ) : (
            <span>{t('highlights.soldOn', { date: formatDate(item.endsAt, undefined, timeZone) })}</span>
          )}
        </Box>
      </CardActionArea>
    </Box>
  );
}

/** A home section of lot cards: hot auctions (most bidders) or top deals (highest winning prices). */
function HighlightSection({ kind }: { kind: HighlightKind }) {
  const { t } = useTranslation('home');
  const query = useHighlights(kind);
  const cards = cardsOf(query.data, kind, HIGHLIGHT_LIMIT);
  const now = useServerNow(kind === 'hot' && cards.length > 0);
  // Hidden gracefully: nothing to show, or the list could not be loaded.
  if (query.isError || (query.isSuccess && cards.length === 0)) return null;
  const Icon = kind === 'hot' ? LocalFireDepartmentOutlined : EmojiEventsOutlined;

  return (
    <Box
      component="section"
      aria-labelledby={`home-${kind}`}
      data-testid={TEST_IDS[kind]}
      sx={{ py: { xs: 3, md: 4 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box
              sx={(theme) => ({
                width: 36,
                height: 36,
                borderRadius: 2,
                display: 'grid',
                placeItems: 'center',
                color: kind === 'hot' ? 'error.main' : 'success.dark',
                bgcolor: alpha(kind === 'hot' ? theme.palette.error.main : theme.palette.success.main, 0.1),
              })}
            >
              <Icon fontSize="small" />
            </Box>
            <Typography
              id={`home-${kind}`}
              component="h2"
              sx={{ fontWeight: 800, typography: { xs: 'text4xl', md: 'text6xl' } }}
            >
              {t(`highlights.${kind}.title`)}
            </Typography>
          </Box>
          <Typography color="text.secondary" sx={{ mt: 0.5, typography: 'textLg' }}>
            {t(`highlights.${kind}.subtitle`)}
          </Typography>
        </Box>
        <Button
          component={RouterLink}
          to={SALE_PATH}
          endIcon={<ArrowForwardRounded />}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          data-testid={`${TEST_IDS[kind]}-all`}
        >
          {t('highlights.viewAll')}
        </Button>
      </Box>
      <Box
        component="ul"
        aria-busy={query.isPending}
        sx={{
          p: 0,
          m: 0,
          display: 'grid',
          gap: { xs: 1.5, md: 2 },
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
          // Phones show the first four; wider screens all of them.
          '& > li:nth-of-type(n+5)': { display: { xs: 'none', md: 'list-item' } },
        }}
      >
        {query.isPending
          ? ['s1', 's2', 's3', 's4'].map((key) => (
              <Box component="li" key={key} sx={{ listStyle: 'none' }}>
                <Skeleton variant="rounded" height={150} />
              </Box>
            ))
          : cards.map((item) => <HighlightCard key={item.auctionId} item={item} kind={kind} now={now} />)}
      </Box>
    </Box>
  );
}

/** Hot auctions and top deals, between the search hero and the explanations. */
export function AuctionHighlights() {
  return (
    <Container maxWidth="lg" sx={{ pt: { xs: 3, md: 5 } }}>
      <HighlightSection kind="hot" />
      <HighlightSection kind="topDeals" />
    </Container>
  );
}
