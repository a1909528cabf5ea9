import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MarketListing } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MarketRowActions } from '../../../components/buying/index.ts';
import { marketListingHref } from '../lib/market-domain.ts';
import { MarketIndustryChips } from './market-industry-chips.tsx';
import { MarketLogo } from './market-logo.tsx';
import { MarketPrice } from './market-price.tsx';

/** What the listing page gets from the list: the search to go back to. */
export interface MarketLinkState {
  marketSearch: string;
}

function MarketCard({ listing, search, eager }: { listing: MarketListing; search: string; eager: boolean }) {
  const { t } = useTranslation(['market', 'listings']);
  const state: MarketLinkState = { marketSearch: search };
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="market-item"
      data-domain={listing.domain}
      sx={{
        p: { xs: 1.5, md: 2 },
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        gap: 1.5,
        alignContent: 'start',
        position: 'relative',
        transition: 'border-color .15s, box-shadow .15s',
        '&:hover': { borderColor: 'primary.main', boxShadow: 1 },
        '&:focus-within': { borderColor: 'primary.main' },
      }}
    >
      <MarketLogo domain={listing.domain} url={listing.logoUrl} size={56} eager={eager} />
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.75 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, justifyContent: 'space-between' }}>
          <Typography component="h2" sx={{ m: 0, minWidth: 0, typography: 'textLg', fontWeight: 700 }}>
            <Link
              component={RouterLink}
              to={marketListingHref(listing.domain)}
              state={state}
              underline="hover"
              color="text.primary"
              sx={{
                overflowWrap: 'break-word',
                // The whole card opens the listing; the link stays the one focusable element.
                '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
              }}
              data-testid="market-item-domain"
            >
              {listing.domain}
            </Link>
          </Typography>
          <Chip
            size="small"
            label={t(`listings:mode.${listing.mode}`)}
            color={listing.mode === 'offer' ? 'secondary' : 'default'}
            variant="outlined"
            sx={{ flexShrink: 0 }}
          />
        </Box>
        <MarketPrice listing={listing} />
        {listing.description ? (
          <Typography
            sx={{
              typography: 'textSm',
              color: 'text.secondary',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
            data-testid="market-item-description"
          >
            {listing.description}
          </Typography>
        ) : null}
        <MarketIndustryChips industries={listing.industries} label={t('market:card.industries')} />
        <MarketRowActions listing={listing} />
      </Box>
    </Paper>
  );
}

/** The results: a card per listing, one column on phones, up to three on wide screens. */
export function MarketResults({ items, search }: { items: MarketListing[]; search: string }) {
  const { t } = useTranslation('market');
  return (
    <Box
      component="ul"
      aria-label={t('resultsLabel')}
      data-testid="market-results"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(3, minmax(0, 1fr))',
        },
      }}
    >
      {items.map((listing, index) => (
        <MarketCard key={listing.listingId} listing={listing} search={search} eager={index < 6} />
      ))}
    </Box>
  );
}
