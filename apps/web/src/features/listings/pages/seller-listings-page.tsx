import AddRounded from '@mui/icons-material/AddRounded';
import InsightsRounded from '@mui/icons-material/InsightsRounded';
import SellOutlined from '@mui/icons-material/SellOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LISTING_MODES, LISTING_STATUSES, type Listing, type ListingsPage } from '@namebourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState, PagedList, useLastPageFallback } from '../../../components/paged-list.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback-store.ts';
import { useWideLayout } from '../../../lib/render-env.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSearchPatch } from '../../../lib/use-search-patch.ts';
import { changeListingStatus } from '../api/change-listing-status.ts';
import { sellerListingKeys, useSellerListings } from '../api/get-listings.ts';
import { setQuickListing } from '../api/quick-listing.ts';
import { BatchPriceDialog } from '../components/batch-price-dialog.tsx';
import { SellerCards, SellerTable } from '../components/seller-listing-views.tsx';
import type { ShelfAction } from '../components/seller-row-actions.tsx';
import {
  allCount,
  isSellerFiltered,
  SELLER_PAGE_SIZE,
  sellerFilterFromParams,
  sellerListingsQuery,
} from '../lib/seller-filter.ts';

const ALL = 'all';

function patchListing(page: ListingsPage | undefined, listing: Listing): ListingsPage | undefined {
  if (!page) return page;
  return { ...page, items: page.items.map((l) => (l.listingId === listing.listingId ? listing : l)) };
}

/**
 * /console/seller: my listings by status (tabs with counts), search and mode in the address; a table on wide
 * screens and cards on phones; the quick switch, take off / relist with a confirmation, batch pricing of the
 * selected listings, and the way to list more.
 */
export function SellerListingsPage() {
  const { t } = useTranslation(['listings', 'seller-sales']);
  usePageTitle(t('seller.title'));
  const theme = useTheme();
  const wide = useWideLayout(theme.breakpoints.up('md'));
  const queryClient = useQueryClient();
  const [params, update] = useSearchPatch();
  const filter = useMemo(() => sellerFilterFromParams(params), [params]);
  const query = useSellerListings(sellerListingsQuery(filter));
  const data = query.data;
  const setPage = useCallback((next: number) => update({ page: next > 1 ? String(next) : null }), [update]);
  useLastPageFallback(data, filter.page, SELLER_PAGE_SIZE, setPage);

  const [selected, setSelected] = useState<Map<string, Listing>>(() => new Map());
  const [quickBusy, setQuickBusy] = useState<ReadonlySet<string>>(() => new Set());
  const [shelf, setShelf] = useState<{ listing: Listing; action: ShelfAction } | null>(null);
  const [shelfPending, setShelfPending] = useState(false);
  const [shelfError, setShelfError] = useState<unknown>(null);
  const [batchOpen, setBatchOpen] = useState(false);

  const select = useCallback((listing: Listing, on: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(listing.listingId, listing);
      else next.delete(listing.listingId);
      return next;
    });
  }, []);
  const selectPage = useCallback(
    (on: boolean) =>
      setSelected((current) => {
        const next = new Map(current);
        for (const listing of data?.items ?? []) {
          if (on) next.set(listing.listingId, listing);
          else next.delete(listing.listingId);
        }
        return next;
      }),
    [data],
  );

  const toggleQuick = useCallback(
    async (listing: Listing, listed: boolean) => {
      setQuickBusy((current) => new Set(current).add(listing.listingId));
      try {
        const answer = await setQuickListing(listing.listingId, listed);
        queryClient.setQueriesData<ListingsPage>({ queryKey: sellerListingKeys.lists() }, (page) =>
          patchListing(page, answer),
        );
        showToast(t(listed ? 'seller.quickListed' : 'seller.quickPaused', { domain: listing.domain }), 'info');
      } catch (error) {
        showToast(isApiError(error) ? error.message : t('seller.quickFailed'), 'error');
      } finally {
        setQuickBusy((current) => {
          const next = new Set(current);
          next.delete(listing.listingId);
          return next;
        });
      }
    },
    [queryClient, t],
  );

  const confirmShelf = async () => {
    if (!shelf) return;
    setShelfPending(true);
    setShelfError(null);
    try {
      await changeListingStatus(shelf.listing.listingId, shelf.action);
      showToast(t(`seller.${shelf.action}Done`, { domain: shelf.listing.domain }), 'success');
      setShelf(null);
      void queryClient.invalidateQueries({ queryKey: sellerListingKeys.lists() });
    } catch (error) {
      setShelfError(error);
    } finally {
      setShelfPending(false);
    }
  };

  const counts = data?.counts;
  const tab = filter.status ?? ALL;
  const countText = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);
  const listProps = {
    items: data?.items ?? [],
    selected: new Set(selected.keys()),
    onSelect: select,
    onSelectPage: selectPage,
    onQuick: (listing: Listing, listed: boolean) => void toggleQuick(listing, listed),
    quickBusy,
    onShelf: (listing: Listing, action: ShelfAction) => {
      setShelfError(null);
      setShelf({ listing, action });
    },
  };
  const filtered = isSellerFiltered(filter);

  return (
    <Box data-testid="seller-page">
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { md: 'flex-end' },
          gap: 1.5,
          mb: 2,
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ typography: { xs: 'text5xl', md: 'text7xl' } }}>
            {t('seller.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, typography: 'textLg', lineHeight: 1.6 }}>
            {t('seller.subtitle')}
          </Typography>
        </Box>
        <Box
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', flexShrink: 0, alignSelf: { xs: 'flex-start', md: 'auto' } }}
        >
          <Button variant="outlined" startIcon={<InsightsRounded />} component={RouterLink} to="/console/seller/sales">
            {t('title', { ns: 'seller-sales' })}
          </Button>
          <Button variant="contained" startIcon={<AddRounded />} component={RouterLink} to="/console/seller/new">
            {t('seller.listDomains')}
          </Button>
        </Box>
      </Box>

      <Tabs
        value={tab}
        onChange={(_event, value: string) => {
          update({ status: value === ALL ? null : value, page: null });
          setSelected(new Map());
        }}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('seller.tabsLabel')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value={ALL} label={`${t('seller.tabs.all')}${countText(allCount(counts))}`} />
        {LISTING_STATUSES.map((status) => (
          <Tab
            key={status}
            value={status}
            label={`${t(`status.${status}`)}${countText(counts ? (counts[status] ?? 0) : undefined)}`}
          />
        ))}
      </Tabs>

      <Box sx={{ display: 'flex', gap: 1.5, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField
          value={filter.keyword}
          onSearch={(q) => update({ q, page: null })}
          placeholder={t('seller.search.placeholder')}
          label={t('seller.search.label')}
          clearLabel={t('seller.search.clear')}
          testId="seller-search"
          sx={{ width: { xs: '100%', md: 320 } }}
        />
        <TextField
          select
          size="small"
          label={t('seller.modeFilter')}
          value={filter.mode ?? ALL}
          onChange={(event) => update({ mode: event.target.value === ALL ? null : event.target.value, page: null })}
          sx={{ minWidth: 180, flex: { xs: 1, md: 'none' } }}
        >
          <MenuItem value={ALL}>{t('seller.allModes')}</MenuItem>
          {LISTING_MODES.map((mode) => (
            <MenuItem key={mode} value={mode}>
              {t(`mode.${mode}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      {selected.size > 0 ? (
        <Paper
          variant="outlined"
          role="region"
          aria-label={t('seller.selection')}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            flexWrap: 'wrap',
            p: 1.5,
            mb: 2,
            borderColor: 'primary.main',
          }}
        >
          <Typography sx={{ typography: 'textMd', fontWeight: 600, flex: 1 }}>
            {t('seller.selected', { count: selected.size })}
          </Typography>
          <Button variant="contained" size="small" onClick={() => setBatchOpen(true)}>
            {t('batchPrice.open')}
          </Button>
          <Button size="small" color="inherit" onClick={() => setSelected(new Map())}>
            {t('seller.clearSelection')}
          </Button>
        </Paper>
      ) : null}

      <PagedList
        query={query}
        loading={{ label: t('seller.loading'), height: 72 }}
        empty={
          filtered ? (
            <EmptyState
              icon={<SellOutlined />}
              title={t('seller.empty.filteredTitle')}
              body={t('seller.empty.filteredBody')}
              action={{
                label: t('seller.empty.showAll'),
                onClick: () => update({ status: null, mode: null, q: null, page: null }),
              }}
              testId="seller-empty"
            />
          ) : (
            <EmptyState
              icon={<SellOutlined />}
              title={t('seller.empty.title')}
              body={t('seller.empty.body')}
              action={{ label: t('seller.listDomains'), to: '/console/seller/new' }}
              testId="seller-empty"
            />
          )
        }
        isEmpty={!data || data.items.length === 0}
        pages={
          data
            ? {
                total: data.total,
                pageSize: SELLER_PAGE_SIZE,
                page: filter.page,
                onChange: setPage,
                compact: !wide,
                label: t('seller.pagination'),
              }
            : null
        }
      >
        {() => (wide ? <SellerTable {...listProps} /> : <SellerCards {...listProps} />)}
      </PagedList>

      <ConfirmDialog
        open={shelf !== null}
        title={shelf ? t(`seller.confirm.${shelf.action}Title`, { domain: shelf.listing.domain }) : ''}
        confirmLabel={shelf ? t(`seller.${shelf.action}`) : ''}
        cancelLabel={t('actions.cancel')}
        danger={shelf?.action === 'take_down'}
        pending={shelfPending}
        error={shelfError}
        onConfirm={() => void confirmShelf()}
        onClose={() => setShelf(null)}
        testId="shelf-dialog"
      >
        {shelf ? (
          <Typography sx={{ typography: 'textMd' }}>{t(`seller.confirm.${shelf.action}Body`)}</Typography>
        ) : null}
      </ConfirmDialog>

      {batchOpen ? (
        <BatchPriceDialog
          listings={[...selected.values()]}
          onClose={() => setBatchOpen(false)}
          onApplied={(result) => {
            if (result.failed.length === 0) setSelected(new Map());
          }}
        />
      ) : null}
    </Box>
  );
}
