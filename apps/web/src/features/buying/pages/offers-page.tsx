import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedList, useLastPageFallback } from '../../../components/paged-list.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSearchPatch } from '../../../lib/use-search-patch.ts';
import { OFFERS_PAGE_SIZE, type OfferRole, useOffers } from '../api/offers-list.ts';
import { OfferList } from '../components/offers-list.tsx';
import {
  OFFER_STATUS_TABS,
  type OfferStatusTab,
  parseOfferStatusParam,
  parseRoleParam,
  totalCount,
} from '../lib/offer-view.ts';

const ROLES: OfferRole[] = ['buyer', 'seller'];

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * /console/offers: the offers I made (`?role=buyer`, the default) or received (`?role=seller`), filtered by status
 * (with counts) and paged in the address; each offer with what it means for me, its history and my moves.
 */
export function OffersPage() {
  const { t } = useTranslation('offers');
  usePageTitle(t('title'));
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [params, patchParams] = useSearchPatch();
  const role = parseRoleParam(params.get('role'));
  const status = parseOfferStatusParam(params.get('status'));
  const page = parsePage(params.get('page'));
  const tab: OfferStatusTab = status ?? 'all';

  const query = useOffers({ role, status, page });
  const data = query.data;
  const counts = data?.counts;
  const countOf = (value: OfferStatusTab) =>
    value === 'all' ? totalCount(counts) : counts ? (counts[value] ?? 0) : undefined;
  const labelOf = (value: OfferStatusTab) => {
    const n = countOf(value);
    const name = value === 'all' ? t('filter.all') : t(`status.${value}`);
    return n === undefined ? name : `${name} (${n})`;
  };

  const setPage = useCallback((next: number) => patchParams({ page: next > 1 ? String(next) : null }), [patchParams]);
  useLastPageFallback(data, page, OFFERS_PAGE_SIZE, setPage);
  const setStatus = (value: OfferStatusTab) => patchParams({ status: value === 'all' ? null : value, page: null });

  const offers = data?.items ?? [];
  return (
    <Box data-testid="offers-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />

      <Tabs
        value={role}
        onChange={(_event, value: OfferRole) =>
          patchParams({ role: value === 'buyer' ? null : value, status: null, page: null })
        }
        aria-label={t('roles.label')}
        variant={wide ? 'standard' : 'fullWidth'}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', minHeight: 44, '& .MuiTab-root': { minHeight: 44 } }}
      >
        {ROLES.map((value) => (
          <Tab key={value} value={value} label={t(`roles.${value}`)} />
        ))}
      </Tabs>

      <Box sx={{ mb: 2 }}>
        {wide ? (
          <Tabs
            value={tab}
            onChange={(_event, value: OfferStatusTab) => setStatus(value)}
            variant="scrollable"
            scrollButtons="auto"
            aria-label={t('filter.label')}
            sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, px: 1.5, typography: 'textMd' } }}
          >
            {OFFER_STATUS_TABS.map((value) => (
              <Tab key={value} value={value} label={labelOf(value)} />
            ))}
          </Tabs>
        ) : (
          <TextField
            select
            size="small"
            fullWidth
            label={t('filter.label')}
            value={tab}
            onChange={(event) => setStatus(event.target.value as OfferStatusTab)}
          >
            {OFFER_STATUS_TABS.map((value) => (
              <MenuItem key={value} value={value}>
                {labelOf(value)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>

      <PagedList
        query={query}
        loading={{ label: t('loading'), height: 120 }}
        isEmpty={offers.length === 0}
        empty={{
          icon: <LocalOfferOutlined />,
          title: status ? t('empty.filteredTitle') : t(role === 'buyer' ? 'empty.buyerTitle' : 'empty.sellerTitle'),
          body: status ? t('empty.filteredBody') : t(role === 'buyer' ? 'empty.buyerBody' : 'empty.sellerBody'),
          action: status
            ? { label: t('empty.showAll'), onClick: () => setStatus('all') }
            : role === 'buyer'
              ? { label: t('empty.browse'), to: '/market' }
              : { label: t('empty.listings'), to: '/console/seller' },
          testId: 'offers-empty',
        }}
        pages={
          data
            ? {
                total: data.total,
                pageSize: OFFERS_PAGE_SIZE,
                page,
                onChange: setPage,
                compact: !wide,
                label: t('pagination'),
              }
            : null
        }
      >
        {() => <OfferList offers={offers} wide={wide} />}
      </PagedList>
    </Box>
  );
}
