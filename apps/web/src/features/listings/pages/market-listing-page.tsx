import GavelRounded from '@mui/icons-material/GavelRounded';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { descriptionFor, type MarketDetail } from '@namebourse/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../../app/errors/not-found-page.tsx';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { ListingBuyActions } from '../../../components/buying/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useDisplayTimeZone } from '../../../lib/render-env.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useMarketListing } from '../api/get-market-listing.ts';
import { MarketIndustryChips } from '../components/market-industry-chips.tsx';
import { MarketLogo } from '../components/market-logo.tsx';
import type { MarketLinkState } from '../components/market-results.tsx';
import { marketDomainOf } from '../lib/market-domain.ts';
import { useMarketListingHead } from '../lib/market-head.ts';

function isNotFound(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.code === 'Listing.NotFound' || error.code === 'Request.NotFound' || error.status === 404)
  );
}

/** The market address to go back to: the search the visitor came from (kept by the list's links), else /market. */
function useMarketBackHref(): string {
  const location = useLocation();
  const state = location.state as Partial<MarketLinkState> | null;
  const search = typeof state?.marketSearch === 'string' ? state.marketSearch : '';
  return search ? `/market?${search}` : '/market';
}

/** A calendar date ('2026-12-01', the platform's day) as the reader writes dates. */
function calendarDateText(date: string, lng: string): string {
  return formatDate(`${date}T00:00:00Z`, lng, 'UTC');
}

function ListingSkeleton() {
  const { t } = useTranslation('market');
  return (
    <Container
      maxWidth="lg"
      sx={{ py: 3 }}
      role="status"
      aria-label={t('detail.loading')}
      data-testid="market-listing-loading"
    >
      <Skeleton variant="text" width="50%" height={56} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 360px' },
          gap: 3,
          mt: 2,
        }}
      >
        <Skeleton variant="rounded" height={280} />
        <Skeleton variant="rounded" height={200} />
      </Box>
    </Container>
  );
}

function PricePanel({ listing }: { listing: MarketDetail }) {
  const { t, i18n } = useTranslation(['market', 'listings']);
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const offer = listing.mode === 'offer';
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 2.5 }, display: 'grid', gap: 1.25 }}
      data-testid="market-price-panel"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
        <Typography component="h2" sx={{ typography: 'textMd', fontWeight: 700, color: 'text.secondary' }}>
          {offer ? t('market:detail.priceOffer') : t('market:detail.price')}
        </Typography>
        <Chip size="small" variant="outlined" label={t(`listings:mode.${listing.mode}`)} />
      </Box>
      {!offer && listing.priceCents !== null ? (
        <Typography
          sx={{ typography: 'display', fontWeight: 800, fontSize: { xs: 32, md: 40 }, lineHeight: 1.1 }}
          data-testid="market-detail-price"
        >
          {formatMoney(listing.priceCents, lng)}
        </Typography>
      ) : null}
      {offer ? (
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 2,
            rowGap: 0.5,
            alignItems: 'baseline',
          }}
          data-testid="market-detail-price"
        >
          <Box component="dt" sx={{ typography: 'textMd', color: 'text.secondary' }}>
            {t('market:detail.minOffer')}
          </Box>
          <Box component="dd" sx={{ m: 0, typography: 'textXl', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
            {listing.floorCents !== null ? formatMoney(listing.floorCents, lng) : t('market:card.anyOffer')}
          </Box>
          {listing.priceCents !== null ? (
            <>
              <Box component="dt" sx={{ typography: 'textMd', color: 'text.secondary' }}>
                {t('market:detail.buyNow')}
              </Box>
              <Box
                component="dd"
                sx={{ m: 0, typography: 'textXl', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}
              >
                {formatMoney(listing.priceCents, lng)}
              </Box>
            </>
          ) : null}
        </Box>
      ) : null}
      {listing.nextPrice ? (
        <Typography sx={{ typography: 'textMd', color: 'text.secondary' }} data-testid="market-next-price">
          {t('market:detail.nextPrice', {
            date: calendarDateText(listing.nextPrice.date, lng),
            price: formatMoney(listing.nextPrice.priceCents, lng),
          })}
        </Typography>
      ) : null}
      {listing.mode !== 'auction' ? <ListingBuyActions listing={listing} /> : null}
      {listing.auctionId ? (
        <Box sx={{ pt: 1, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 1 }}>
          <Typography sx={{ typography: 'textMd' }}>{t('market:detail.auction')}</Typography>
          <Button
            component={RouterLink}
            to={`/sale/${encodeURIComponent(listing.auctionId)}`}
            variant="contained"
            startIcon={<GavelRounded />}
            data-testid="market-auction-link"
          >
            {t('market:detail.auctionLink')}
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.25, minWidth: 0 }}>
      <Box component="dt" sx={{ typography: 'textSm', color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, typography: 'textMd', overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * /market/:domain: one listing's public page, server-rendered — logo, active price and the next scheduled one,
 * description in the reader's language (else the other), industries, keywords, seller, delivery and expiry; the
 * buyer's actions (buy now, cart, offer, watch — their state asked in the browser once signed in); a seller
 * auction links to its lot.
 */
export function MarketListingPage() {
  const { t } = useTranslation(['market', 'listings']);
  const locale = useLocale();
  const timeZone = useDisplayTimeZone();
  const { domain: param } = useParams();
  const domain = marketDomainOf(param);
  const listing = useMarketListing(domain);
  const backHref = useMarketBackHref();
  const data = listing.data;
  const description = data ? descriptionFor(locale, data.descriptionZh, data.descriptionEn) : null;
  useMarketListingHead(data ? { ...data, description } : undefined);

  if (!domain || isNotFound(listing.error)) return <NotFoundPage />;
  if (listing.isPending) return <ListingSkeleton />;
  if (!data) {
    return (
      <Container maxWidth="lg" sx={{ py: 4 }}>
        <ErrorView error={listing.error} onRetry={() => void listing.refetch()} />
      </Container>
    );
  }

  return (
    <Box data-testid="market-listing-page" data-domain={data.domain} sx={{ pb: 6 }}>
      <Box sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
          <Breadcrumbs aria-label={t('market:detail.breadcrumb')} sx={{ mb: 1.5, typography: 'textSm' }}>
            <Link component={RouterLink} to={backHref} underline="hover" data-testid="market-back">
              {t('market:detail.market')}
            </Link>
            <Typography component="span" aria-current="page" sx={{ typography: 'textSm', color: 'text.primary' }}>
              {data.domain}
            </Typography>
          </Breadcrumbs>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1.5, md: 2 } }}>
            <MarketLogo domain={data.domain} url={data.logoUrl} size={72} eager />
            <Box sx={{ minWidth: 0 }}>
              <Typography
                component="h1"
                sx={{
                  typography: 'lotTitle',
                  fontWeight: 800,
                  letterSpacing: '-0.02em',
                  wordBreak: 'break-all',
                  lineHeight: 1.15,
                }}
                data-testid="market-detail-domain"
              >
                {data.domain}
              </Typography>
              <Box sx={{ mt: 0.75 }}>
                <MarketIndustryChips industries={data.industries} label={t('market:detail.industries')} />
              </Box>
            </Box>
          </Box>
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ pt: 3 }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 360px' },
            gridTemplateAreas: { xs: '"price" "main"', md: '"main price"' },
            gap: 3,
            alignItems: 'start',
          }}
        >
          <Box sx={{ gridArea: 'price', position: { md: 'sticky' }, top: { md: 84 } }}>
            <PricePanel listing={data} />
          </Box>
          <Box sx={{ gridArea: 'main', display: 'grid', gap: 3, minWidth: 0 }}>
            <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }}>
              <Typography component="h2" sx={{ fontWeight: 800, typography: 'textXl', mb: 1 }}>
                {t('market:detail.about')}
              </Typography>
              <Typography
                sx={{
                  typography: 'textMd',
                  lineHeight: 1.8,
                  whiteSpace: 'pre-line',
                  overflowWrap: 'anywhere',
                  color: description ? 'text.primary' : 'text.secondary',
                }}
                data-testid="market-detail-description"
              >
                {description ?? t('market:detail.noDescription')}
              </Typography>
              {data.keywords.length > 0 ? (
                <Box sx={{ mt: 2 }}>
                  <Typography
                    component="h3"
                    sx={{ typography: 'textSm', fontWeight: 700, color: 'text.secondary', mb: 0.75 }}
                  >
                    {t('market:detail.keywords')}
                  </Typography>
                  <Box
                    component="ul"
                    sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}
                    data-testid="market-detail-keywords"
                  >
                    {data.keywords.map((keyword) => (
                      <Box component="li" key={keyword}>
                        <Chip size="small" label={keyword} />
                      </Box>
                    ))}
                  </Box>
                </Box>
              ) : null}
            </Paper>
            <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }}>
              <Typography component="h2" sx={{ fontWeight: 800, typography: 'textXl', mb: 1.5 }}>
                {t('market:detail.facts')}
              </Typography>
              <Box
                component="dl"
                sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' } }}
              >
                <Fact label={t('market:detail.seller')}>
                  <Box component="span" sx={{ fontFamily: 'monospace' }} data-testid="market-detail-seller">
                    {data.seller}
                  </Box>
                </Fact>
                <Fact label={t('market:detail.delivery')}>
                  {data.heldHere ? t('market:detail.heldHere') : t('market:detail.heldElsewhere')}
                </Fact>
                <Fact label={t('market:detail.expires')}>
                  {data.expiresAt ? formatDate(data.expiresAt, locale, timeZone) : t('market:detail.longTerm')}
                </Fact>
              </Box>
            </Paper>
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
