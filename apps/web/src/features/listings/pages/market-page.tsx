import CloseRounded from '@mui/icons-material/CloseRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import StorefrontRounded from '@mui/icons-material/StorefrontRounded';
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MARKET_SORTS, type MarketSort } from '@namebourse/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { usePageHead } from '../../../lib/page-head.tsx';
import { useWideLayout } from '../../../lib/render-env.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useMarket } from '../api/get-market.ts';
import { MarketFilterPanel } from '../components/market-filter-panel.tsx';
import { MarketResults } from '../components/market-results.tsx';
import {
  EMPTY_MARKET_DRAFT,
  MARKET_FILTER_KEYS,
  MARKET_PAGE_SIZE,
  type MarketDraft,
  type MarketFilterKey,
  marketErrorText,
  marketFilterCount,
  marketParamsFromDraft,
  marketSearchFromParams,
  validateMarketDraft,
} from '../lib/market-query.ts';

function Loading() {
  const { t } = useTranslation('market');
  return (
    <Box
      role="status"
      aria-label={t('loading')}
      data-testid="market-loading"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {[0, 1, 2, 3, 4, 5].map((key) => (
        <Skeleton key={key} variant="rounded" height={132} />
      ))}
    </Box>
  );
}

function Empty({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  const { t } = useTranslation('market');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }} data-testid="market-empty">
      <StorefrontRounded sx={{ fontSize: 44, color: 'text.disabled' }} />
      <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
        {filtered ? t('empty.filteredTitle') : t('empty.title')}
      </Typography>
      <Typography
        color="text.secondary"
        sx={{ mt: 0.5, typography: 'textMd', maxWidth: 460, mx: 'auto', lineHeight: 1.7 }}
      >
        {filtered ? t('empty.filteredBody') : t('empty.body')}
      </Typography>
      {filtered ? (
        <Button variant="outlined" sx={{ mt: 2.5 }} onClick={onReset} data-testid="market-empty-reset">
          {t('filter.reset')}
        </Button>
      ) : null}
    </Paper>
  );
}

/**
 * /market: fixed-price and offer listings on sale, with the search box, filters (price, TLD, length, industry,
 * keyword, sale type) and sort kept in the address; server-rendered with its first page of results.
 */
export function MarketPage() {
  const { t } = useTranslation('market');
  usePageHead({ title: t('title'), description: t('metaDescription') });
  const locale = useLocale();
  const theme = useTheme();
  const wide = useWideLayout(theme.breakpoints.up('md'));
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => marketSearchFromParams(params), [params]);
  const { sort, page } = search;

  const [draft, setDraft] = useState<MarketDraft>(search.draft);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const paramsText = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft follows the address whenever it changes.
  useEffect(() => setDraft(search.draft), [paramsText]);

  const list = useMarket({ filter: search.filter, sort, page, pageSize: MARKET_PAGE_SIZE });
  const serverFieldErrors = fieldErrorsOf(list.error);

  const draftErrors = useMemo(() => validateMarketDraft(draft).errors, [draft]);
  const errors: Partial<Record<MarketFilterKey, string>> = {};
  for (const key of MARKET_FILTER_KEYS) {
    const text = marketErrorText(draftErrors[key] ?? search.errors[key] ?? serverFieldErrors[key], locale, key);
    if (text) errors[key] = text;
  }

  const go = (next: MarketDraft, nextSort: MarketSort = sort, nextPage = 1) =>
    setParams(marketParamsFromDraft(next, nextSort, nextPage));
  const change = (key: MarketFilterKey, value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const apply = () => {
    if (Object.keys(validateMarketDraft(draft).errors).length > 0) {
      if (!wide) setDrawerOpen(true);
      return;
    }
    setDrawerOpen(false);
    go(draft);
  };
  const reset = () => {
    setDrawerOpen(false);
    go({ ...EMPTY_MARKET_DRAFT, q: draft.q });
  };
  const filtered = Object.keys(search.filter).length > 0;
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / MARKET_PAGE_SIZE)) : 1;
  const filterCount = marketFilterCount(search.draft);

  const panel = <MarketFilterPanel draft={draft} errors={errors} onChange={change} onApply={apply} onReset={reset} />;

  return (
    <Box data-testid="market-page" sx={{ bgcolor: 'background.default', minHeight: '60vh', pb: 6 }}>
      <Box sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="xl" sx={{ pt: { xs: 2.5, md: 4 }, pb: { xs: 2.5, md: 3 } }}>
          <Typography component="h1" variant="h4" sx={{ typography: 'headline' }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, typography: { xs: 'textMd', md: 'textLg' } }}>
            {t('subtitle')}
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
              placeholder={t('search.placeholder')}
              value={draft.q}
              onChange={(event) => change('q', event.target.value)}
              error={Boolean(errors.q)}
              helperText={errors.q}
              slotProps={{
                htmlInput: { 'data-testid': 'market-search', maxLength: 253, 'aria-label': t('search.label') },
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
            <Button type="submit" variant="contained" data-testid="market-search-submit" sx={{ flexShrink: 0, px: 3 }}>
              {t('search.submit')}
            </Button>
          </Box>
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
              slotProps={{
                paper: {
                  'aria-labelledby': 'market-filter-drawer-title',
                  sx: { maxHeight: '88dvh', borderTopLeftRadius: 16, borderTopRightRadius: 16 },
                } as object,
              }}
            >
              <Box sx={{ p: 2, pb: 3 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
                  <Typography
                    id="market-filter-drawer-title"
                    component="h2"
                    sx={{ fontWeight: 800, typography: 'textXl', flex: 1 }}
                  >
                    {t('filter.title')}
                  </Typography>
                  <IconButton aria-label={t('filter.close')} onClick={() => setDrawerOpen(false)}>
                    <CloseRounded />
                  </IconButton>
                </Box>
                {panel}
              </Box>
            </Drawer>
          )}

          <Box sx={{ minWidth: 0, display: 'grid', gap: 1.75 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography
                sx={{ typography: 'textMd', color: 'text.secondary', flex: 1, minWidth: 120 }}
                data-testid="market-total"
                aria-live="polite"
              >
                {data
                  ? t(data.totalEstimated ? 'totalAbout' : 'total', {
                      total: formatNumber(data.total, locale),
                      count: data.total,
                    })
                  : '\u00a0'}
              </Typography>
              {!wide ? (
                <Badge badgeContent={filterCount} color="primary">
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<TuneRounded />}
                    onClick={() => setDrawerOpen(true)}
                    data-testid="market-filter-open"
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
                onChange={(event) => go(search.draft, event.target.value as MarketSort)}
                sx={{ minWidth: 170 }}
                slotProps={{ select: { inputProps: { 'data-testid': 'market-sort' } } }}
              >
                {MARKET_SORTS.map((value) => (
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
              <Empty filtered={filtered} onReset={() => go({ ...EMPTY_MARKET_DRAFT })} />
            ) : data ? (
              <Box sx={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
                {list.isError ? <ErrorView error={list.error} onRetry={() => void list.refetch()} /> : null}
                <MarketResults items={data.items} search={paramsText} />
                {pages > 1 ? (
                  <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2.5 }}>
                    <Pagination
                      count={pages}
                      page={Math.min(page, pages)}
                      onChange={(_, value) => go(search.draft, sort, value)}
                      color="primary"
                      size={wide ? 'medium' : 'small'}
                      data-testid="market-pagination"
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
