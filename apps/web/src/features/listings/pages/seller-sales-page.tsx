import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import PointOfSaleOutlined from '@mui/icons-material/PointOfSaleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isIsoDate, type SellerSalesQuery } from '@namebourse/contract';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState, PagedList, useLastPageFallback } from '../../../components/paged-list.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useWideLayout } from '../../../lib/render-env.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSearchPatch } from '../../../lib/use-search-patch.ts';
import { useSellerSales } from '../api/get-seller-sales.ts';
import { SalesExport } from '../components/sales-export.tsx';
import { SalesCards, SalesTable } from '../components/sales-views.tsx';
import { StatsPanel } from '../components/stats-panel.tsx';

export const SALES_PAGE_SIZE = 20;

interface SalesFilter {
  keyword: string;
  from: string;
  to: string;
  page: number;
}

/** Reads the list's filter from the address; values the server would refuse are left out. */
function salesFilterFromParams(params: URLSearchParams): SalesFilter {
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return isIsoDate(value) ? value : '';
  };
  const page = Number(params.get('page'));
  let from = day('from');
  let to = day('to');
  if (from && to && from > to) [from, to] = [to, from];
  return {
    keyword: (params.get('q') ?? '').trim().slice(0, 253),
    from,
    to,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

function salesQuery(filter: SalesFilter): Partial<SellerSalesQuery> {
  return {
    ...(filter.keyword ? { q: filter.keyword } : {}),
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
    page: filter.page,
    pageSize: SALES_PAGE_SIZE,
  };
}

function SalesTab() {
  const { t, i18n } = useTranslation('seller-sales');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const theme = useTheme();
  const wide = useWideLayout(theme.breakpoints.up('md'));
  const [params, update] = useSearchPatch();
  const filter = useMemo(() => salesFilterFromParams(params), [params]);
  const query = useSellerSales(salesQuery(filter));
  const exportFilter = useMemo(() => {
    const { page: _page, pageSize: _pageSize, ...rest } = salesQuery(filter);
    return rest;
  }, [filter]);
  const data = query.data;
  const setPage = useCallback((next: number) => update({ page: next > 1 ? String(next) : null }), [update]);
  useLastPageFallback(data, filter.page, SALES_PAGE_SIZE, setPage);
  const filtered = Boolean(filter.keyword || filter.from || filter.to);
  const clear = () => update({ q: null, from: null, to: null, page: null });

  return (
    <>
      <Box sx={{ display: 'flex', gap: 1.5, mb: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <SearchField
          value={filter.keyword}
          onSearch={(q) => update({ q, page: null })}
          placeholder={t('search.placeholder')}
          label={t('search.label')}
          clearLabel={t('search.clear')}
          testId="sales-search"
          sx={{ width: { xs: '100%', md: 280 } }}
        />
        {(['from', 'to'] as const).map((name) => (
          <TextField
            key={name}
            type="date"
            size="small"
            label={t(`filters.${name}`)}
            value={filter[name]}
            onChange={(event) => update({ [name]: event.target.value || null, page: null })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: {
                'data-testid': `sales-${name}`,
                ...(name === 'to' && filter.from ? { min: filter.from } : {}),
              },
            }}
            sx={{ flex: { xs: 1, md: 'none' }, minWidth: 150 }}
          />
        ))}
        <Button startIcon={<FilterAltOffOutlined />} onClick={clear} disabled={!filtered} sx={{ mt: 0.25 }}>
          {t('filters.clear')}
        </Button>
        <Typography color="text.secondary" sx={{ typography: 'textSm', alignSelf: 'center' }}>
          {t('filters.zone')}
        </Typography>
      </Box>

      <Box
        sx={{
          display: 'flex',
          gap: 1.5,
          mb: 1.5,
          flexWrap: 'wrap',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
        }}
      >
        {data && data.items.length > 0 ? (
          <Typography
            sx={{ typography: 'textMd', fontVariantNumeric: 'tabular-nums', alignSelf: 'center' }}
            data-testid="sales-totals"
          >
            {t('totals', {
              count: data.totals.count,
              gross: formatMoney(data.totals.grossCents, lng),
              net: formatMoney(data.totals.netCents, lng),
            })}
          </Typography>
        ) : (
          <span />
        )}
        <SalesExport kind="sales" filter={exportFilter} disabled={!data || data.total === 0} />
      </Box>

      <PagedList
        query={query}
        loading={{ label: t('loading'), height: 96 }}
        empty={
          filtered ? (
            <EmptyState
              icon={<PointOfSaleOutlined />}
              title={t('empty.filteredTitle')}
              body={t('empty.filteredBody')}
              action={{ label: t('empty.showAll'), onClick: clear }}
              testId="sales-empty"
            />
          ) : (
            <EmptyState
              icon={<PointOfSaleOutlined />}
              title={t('empty.title')}
              body={t('empty.body')}
              action={{ label: t('empty.action'), to: '/console/seller/new' }}
              testId="sales-empty"
            />
          )
        }
        isEmpty={!data || data.items.length === 0}
        pages={
          data
            ? {
                total: data.total,
                pageSize: SALES_PAGE_SIZE,
                page: filter.page,
                onChange: setPage,
                compact: !wide,
                label: t('pagination'),
              }
            : null
        }
      >
        {() => (wide ? <SalesTable items={data?.items ?? []} /> : <SalesCards items={data?.items ?? []} />)}
      </PagedList>
    </>
  );
}

const TABS = ['sales', 'stats'] as const;

/**
 * /console/seller/sales: the seller's sold domains (search and days in the address; a table on wide screens and
 * cards on phones; each sale's price, tax, commission and net, its progress up to the payout, the seller's push of
 * a domain held elsewhere; CSV/XLSX export of the filtered list) and, on the second tab (?tab=stats), the
 * statistics by month, TLD and mode with charts (loaded with that tab only) and their export.
 */
export function SellerSalesPage() {
  const { t } = useTranslation('seller-sales');
  usePageTitle(t('title'));
  const [params, update] = useSearchPatch();
  const tab = params.get('tab') === 'stats' ? 'stats' : 'sales';

  return (
    <Box data-testid="seller-sales-page">
      <Button
        component={RouterLink}
        to="/console/seller"
        startIcon={<ArrowBackRounded />}
        size="small"
        sx={{ mb: 1, ml: -0.5 }}
      >
        {t('backToListings')}
      </Button>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ typography: { xs: 'text5xl', md: 'text7xl' } }}>
          {t('title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, typography: 'textLg', lineHeight: 1.6 }}>
          {t('subtitle')}
        </Typography>
      </Box>
      <Tabs
        value={tab}
        onChange={(_event, value: string) =>
          update({ tab: value === 'stats' ? 'stats' : null, page: null, q: null, from: null, to: null })
        }
        aria-label={t('tabs.label')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`tabs.${value}`)}
            id={`sales-tab-${value}`}
            aria-controls="sales-tabpanel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="sales-tabpanel" aria-labelledby={`sales-tab-${tab}`}>
        {tab === 'stats' ? <StatsPanel /> : <SalesTab />}
      </Box>
    </Box>
  );
}
