import CloseRounded from '@mui/icons-material/CloseRounded';
import GavelRounded from '@mui/icons-material/GavelRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUCTION_SORTS, type AuctionFilter, type AuctionSort } from '@namebourse/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { usePageHead } from '../../../lib/page-head.tsx';
import { useWideLayout } from '../../../lib/render-env.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useAuctions } from '../api/get-auctions.ts';
import { EndDateSelector } from '../components/end-date-selector.tsx';
import { FilterPanel } from '../components/filter-panel.tsx';
import { SaleCards, SaleTable } from '../components/sale-results.tsx';
import { SavedFiltersBar } from '../components/saved-filters-bar.tsx';
import {
  activeFilterCount,
  draftFromFilter,
  EMPTY_DRAFT,
  FILTER_KEYS,
  type FilterDraft,
  type FilterKey,
  filterErrorText,
  paramsFromDraft,
  SALE_PAGE_SIZE,
  searchFromParams,
  validateDraft,
} from '../lib/filter-query.ts';

const TYPE_TABS = ['all', 'pre-release', 'expired', 'seller'] as const;

function Loading() {
  const { t } = useTranslation('auctions');
  return (
    <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 1 }} data-testid="sale-loading">
      {[0, 1, 2, 3, 4, 5].map((key) => (
        <Skeleton key={key} variant="rounded" height={64} />
      ))}
    </Box>
  );
}

function Empty({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  const { t } = useTranslation('auctions');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }} data-testid="sale-empty">
      <GavelRounded sx={{ fontSize: 44, color: 'text.disabled' }} />
      <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
        {filtered ? t('sale.emptyFilteredTitle') : t('sale.emptyTitle')}
      </Typography>
      <Typography
        color="text.secondary"
        sx={{ mt: 0.5, typography: 'textMd', maxWidth: 460, mx: 'auto', lineHeight: 1.7 }}
      >
        {filtered ? t('sale.emptyFilteredBody') : t('sale.emptyBody')}
      </Typography>
      {filtered ? (
        <Button variant="outlined" sx={{ mt: 2.5 }} onClick={onReset}>
          {t('filter.reset')}
        </Button>
      ) : null}
    </Paper>
  );
}

/** /sale: pre-release and expired domains open for bidding, with every filter of the spec kept in the address. */
export function SalePage() {
  const { t } = useTranslation('auctions');
  usePageHead({ title: t('sale.title'), description: t('sale.metaDescription') });
  const locale = useLocale();
  const theme = useTheme();
  const wide = useWideLayout(theme.breakpoints.up('md'));
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => searchFromParams(params), [params]);
  const { sort, page } = search;

  const [draft, setDraft] = useState<FilterDraft>(search.draft);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const paramsText = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft follows the address whenever it changes.
  useEffect(() => setDraft(search.draft), [paramsText]);

  const list = useAuctions({ filter: search.filter, sort, page, pageSize: SALE_PAGE_SIZE });
  const serverFieldErrors = fieldErrorsOf(list.error);

  const draftErrors = useMemo(() => validateDraft(draft).errors, [draft]);
  const errors: Partial<Record<FilterKey, string>> = {};
  for (const key of FILTER_KEYS) {
    const message = draftErrors[key] ?? search.errors[key] ?? serverFieldErrors[key];
    const text = filterErrorText(message, locale);
    if (text) errors[key] = text;
  }

  const go = (next: FilterDraft, nextSort: AuctionSort = sort, nextPage = 1) =>
    setParams(paramsFromDraft(next, nextSort, nextPage));
  const change = (key: FilterKey, value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const apply = () => {
    if (Object.keys(validateDraft(draft).errors).length > 0) {
      if (!wide) setDrawerOpen(true);
      return;
    }
    setDrawerOpen(false);
    go(draft);
  };
  const reset = () => {
    setDrawerOpen(false);
    go({ ...EMPTY_DRAFT, keyword: draft.keyword, type: search.draft.type });
  };
  const applySaved = (filter: AuctionFilter) => go(draftFromFilter(filter));
  const tab = TYPE_TABS.find((key) => key !== 'all' && key === search.draft.type) ?? 'all';
  const filtered = Object.keys(search.filter).length > 0;
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / SALE_PAGE_SIZE)) : 1;
  const filterCount = activeFilterCount(search.draft);

  const panel = <FilterPanel draft={draft} errors={errors} onChange={change} onApply={apply} onReset={reset} />;

  return (
    <Box data-testid="sale-page" sx={{ bgcolor: 'background.default', minHeight: '60vh', pb: 6 }}>
      <Box sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="xl" sx={{ pt: { xs: 2.5, md: 4 }, pb: 0 }}>
          <Typography component="h1" variant="h4" sx={{ typography: 'headline' }}>
            {t('sale.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, typography: { xs: 'textMd', md: 'textLg' } }}>
            {t('sale.subtitle')}
          </Typography>
          <Box
            component="form"
            role="search"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              apply();
            }}
            sx={{ mt: 2, display: 'flex', gap: 1, maxWidth: 720 }}
          >
            <TextField
              fullWidth
              size="small"
              placeholder={t('sale.keywordPlaceholder')}
              value={draft.keyword}
              onChange={(event) => change('keyword', event.target.value)}
              error={Boolean(errors.keyword)}
              helperText={errors.keyword}
              slotProps={{
                htmlInput: { 'data-testid': 'sale-filter-keyword', maxLength: 63, 'aria-label': t('sale.keyword') },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchRounded fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
              sx={{ bgcolor: 'background.paper' }}
            />
            <Button type="submit" variant="contained" data-testid="sale-filter-apply" sx={{ flexShrink: 0, px: 3 }}>
              {t('sale.search')}
            </Button>
          </Box>
          <Tabs
            value={tab}
            onChange={(_, value: (typeof TYPE_TABS)[number]) =>
              go({ ...search.draft, type: value === 'all' ? '' : value })
            }
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mt: 1.5, minHeight: 44 }}
          >
            {TYPE_TABS.map((value) => (
              <Tab
                key={value}
                value={value}
                label={t(`typeTab.${value}`)}
                data-testid={`sale-type-tab-${value}`}
                sx={{ minHeight: 44 }}
              />
            ))}
          </Tabs>
        </Container>
      </Box>

      <Container maxWidth="xl" sx={{ pt: 2.5 }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' },
            gap: 3,
            alignItems: 'start',
          }}
        >
          {wide ? (
            <Paper variant="outlined" sx={{ p: 2.25, position: 'sticky', top: 84 }}>
              <Typography component="h2" sx={{ fontWeight: 800, typography: 'textXl', mb: 2 }}>
                {t('filter.title')}
              </Typography>
              {panel}
            </Paper>
          ) : (
            <Drawer
              anchor="bottom"
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              slotProps={{ paper: { sx: { maxHeight: '88dvh', borderTopLeftRadius: 16, borderTopRightRadius: 16 } } }}
            >
              <Box sx={{ p: 2, pb: 3 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
                  <Typography component="h2" sx={{ fontWeight: 800, typography: 'textXl', flex: 1 }}>
                    {t('filter.title')}
                  </Typography>
                  <IconButton aria-label={t('actions.close')} onClick={() => setDrawerOpen(false)}>
                    <CloseRounded />
                  </IconButton>
                </Box>
                {panel}
              </Box>
            </Drawer>
          )}

          <Box sx={{ minWidth: 0, display: 'grid', gap: 1.75 }}>
            <EndDateSelector
              start={search.draft.saleEndTimeStart}
              end={search.draft.saleEndTimeEnd}
              onSelect={(chip) =>
                go({ ...search.draft, saleEndTimeStart: chip?.start ?? '', saleEndTimeEnd: chip?.end ?? '' })
              }
            />
            <SavedFiltersBar current={search.filter} canSave onApply={applySaved} />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography
                sx={{ typography: 'textMd', color: 'text.secondary', flex: 1, minWidth: 120 }}
                data-testid="sale-total"
                aria-live="polite"
              >
                {data
                  ? t(data.totalIsEstimate ? 'sale.totalAbout' : 'sale.total', { total: formatNumber(data.total) })
                  : '\u00a0'}
              </Typography>
              {!wide ? (
                <Badge badgeContent={filterCount} color="primary">
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<TuneRounded />}
                    onClick={() => setDrawerOpen(true)}
                    data-testid="sale-filter-open"
                  >
                    {t('filter.title')}
                  </Button>
                </Badge>
              ) : null}
              <TextField
                select
                size="small"
                label={t('sort.label')}
                value={sort}
                onChange={(event) => go(search.draft, event.target.value as AuctionSort)}
                sx={{ minWidth: 150 }}
                slotProps={{ select: { inputProps: { 'data-testid': 'sale-sort' } } }}
              >
                {AUCTION_SORTS.map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(`sort.${value}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Box>

            {list.isPending ? (
              <Loading />
            ) : list.isError && !data ? (
              <ErrorView error={list.error} onRetry={() => void list.refetch()} />
            ) : data && data.items.length === 0 ? (
              <Empty filtered={filtered} onReset={() => go({ ...EMPTY_DRAFT })} />
            ) : data ? (
              <Box sx={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
                {list.isError ? <ErrorView error={list.error} onRetry={() => void list.refetch()} /> : null}
                {wide ? <SaleTable items={data.items} /> : <SaleCards items={data.items} />}
                {pages > 1 ? (
                  <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2.5 }}>
                    <Pagination
                      count={pages}
                      page={Math.min(page, pages)}
                      onChange={(_, value) => go(search.draft, sort, value)}
                      color="primary"
                      size={wide ? 'medium' : 'small'}
                      data-testid="sale-pagination"
                    />
                  </Box>
                ) : null}
              </Box>
            ) : null}
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
