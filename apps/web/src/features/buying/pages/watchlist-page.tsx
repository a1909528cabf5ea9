import StarBorderRounded from '@mui/icons-material/StarBorderRounded';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedList, useLastPageFallback } from '../../../components/paged-list.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSearchPatch } from '../../../lib/use-search-patch.ts';
import { useWatchedListings, WATCHED_LISTINGS_PAGE_SIZE } from '../api/watched-listings.ts';
import { useWatchedLots, WATCHED_LOTS_PAGE_SIZE } from '../api/watched-lots.ts';
import { WatchedListings } from '../components/watchlist-listings.tsx';
import { WatchedLots } from '../components/watchlist-lots.tsx';

type WatchTab = 'lots' | 'listings';
const TABS: WatchTab[] = ['lots', 'listings'];

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * /console/watchlist: the lots (`?tab=lots`, the default) and the fixed-price and offer listings (`?tab=listings`)
 * I watch, each with its price and time left, removable; the tab and the page live in the address.
 */
export function WatchlistPage() {
  const { t } = useTranslation('watchlist');
  usePageTitle(t('title'));
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [params, patchParams] = useSearchPatch();
  const tab: WatchTab = params.get('tab') === 'listings' ? 'listings' : 'lots';
  const page = parsePage(params.get('page'));

  // Both tabs load (the other at its first page) so that each tab shows how many it holds: an empty first tab
  // does not hide the listings watched in the second.
  const lots = useWatchedLots(tab === 'lots' ? page : 1);
  const listings = useWatchedListings(tab === 'listings' ? page : 1);
  const totals: Record<WatchTab, number | undefined> = { lots: lots.data?.total, listings: listings.data?.total };
  const query = tab === 'lots' ? lots : listings;
  const data = query.data;
  const pageSize = tab === 'lots' ? WATCHED_LOTS_PAGE_SIZE : WATCHED_LISTINGS_PAGE_SIZE;

  const setPage = useCallback((next: number) => patchParams({ page: next > 1 ? String(next) : null }), [patchParams]);
  useLastPageFallback(data, page, pageSize, setPage);

  return (
    <Box data-testid="watchlist-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        value={tab}
        onChange={(_event, value: WatchTab) => patchParams({ tab: value === 'lots' ? null : value, page: null })}
        aria-label={t('tabs.label')}
        variant={wide ? 'standard' : 'fullWidth'}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', minHeight: 44, '& .MuiTab-root': { minHeight: 44 } }}
      >
        {TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={
              totals[value] === undefined
                ? t(`tabs.${value}`)
                : t('tabs.withCount', { label: t(`tabs.${value}`), count: totals[value] })
            }
          />
        ))}
      </Tabs>

      <PagedList
        query={query}
        loading={{ label: t('loading'), height: 88 }}
        isEmpty={(data?.items.length ?? 0) === 0}
        empty={
          tab === 'lots'
            ? {
                icon: <StarBorderRounded />,
                title: t('empty.lotsTitle'),
                body: t('empty.lotsBody'),
                action: { label: t('empty.browseLots'), to: '/sale' },
                testId: 'watchlist-empty',
              }
            : {
                icon: <StarBorderRounded />,
                title: t('empty.listingsTitle'),
                body: t('empty.listingsBody'),
                action: { label: t('empty.browseMarket'), to: '/market' },
                testId: 'watchlist-empty',
              }
        }
        pages={
          data ? { total: data.total, pageSize, page, onChange: setPage, compact: !wide, label: t('pagination') } : null
        }
      >
        {() =>
          tab === 'lots' ? (
            <WatchedLots lots={lots.data?.items ?? []} />
          ) : (
            <WatchedListings listings={listings.data?.items ?? []} />
          )
        }
      </PagedList>
    </Box>
  );
}
