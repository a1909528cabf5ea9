import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { IdText } from '../../../components/id-text.tsx';
import { PaymentControls, useOrderPayments } from '../../../components/order-payment/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedList, useLastPageFallback } from '../../../components/paged-list.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSearchPatch } from '../../../lib/use-search-patch.ts';
import { ORDERS_PAGE_SIZE, useOrder, useOrders } from '../api/get-orders.ts';
import { orderKeys } from '../api/keys.ts';
import { OrderCards } from '../components/order-cards.tsx';
import { orderOfRow } from '../components/order-row.ts';
import { OrderTable } from '../components/order-table.tsx';
import { parsePageParam, parseStatusParam, STATUS_TABS, type StatusTab, statusLabelKey } from '../lib/order-status.ts';

/** Search parameters of the page: `status`, `q` (domain keyword), `page`, and `orderId` (one order, from a link). */
const PARAM = { status: 'status', keyword: 'q', page: 'page', orderId: 'orderId' } as const;

/** /console/order/list: the buyer's orders with filters, live pay countdowns, paying (one or several) and invoices. */
export function OrderListPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('title'));
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [params, patchParams] = useSearchPatch();

  const status = parseStatusParam(params.get(PARAM.status));
  const keyword = (params.get(PARAM.keyword) ?? '').trim();
  const page = parsePageParam(params.get(PARAM.page));
  const focusId = params.get(PARAM.orderId)?.trim() || null;
  const tab: StatusTab = status ?? 'all';

  const list = useOrders({ status, keyword: keyword || undefined, page }, focusId === null);
  const single = useOrder(focusId);
  const query = focusId ? single : list;
  const data = query.data;

  // ---- Filters in the address (so a reload or a shared link shows the same list) ----

  const update = useCallback(
    (patch: Partial<Record<keyof typeof PARAM, string | null>>) =>
      patchParams(
        Object.fromEntries(Object.entries(patch).map(([name, value]) => [PARAM[name as keyof typeof PARAM], value])),
      ),
    [patchParams],
  );

  // A page past the end (orders changed status meanwhile, or an old link): go to the last page there is.
  const setPage = useCallback((next: number) => update({ page: next > 1 ? String(next) : null }), [update]);
  useLastPageFallback(data, page, ORDERS_PAGE_SIZE, setPage, focusId === null);

  // ---- Rows with live countdowns, selection (payable orders of the page shown) and paying ----

  const payments = useOrderPayments({
    items: data?.items,
    orderOf: orderOfRow,
    ns: 'orders',
    listKey: orderKeys.all,
    selectionKey: `${status ?? ''}|${keyword}|${page}|${focusId ?? ''}`,
  });
  const { rows } = payments;

  const filtered = Boolean(status || keyword);

  return (
    <Box data-testid="orders-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />

      {focusId ? (
        <Paper
          variant="outlined"
          sx={{ p: 1.5, pl: 2, mb: 2, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
        >
          <Typography sx={{ flex: 1, typography: 'textMd', fontWeight: 600 }} data-testid="orders-focus">
            <Trans t={t} i18nKey="focus.title" values={{ orderId: focusId }} components={{ id: <IdText /> }} />
          </Typography>
          <Button size="small" variant="outlined" onClick={() => update({ orderId: null })}>
            {t('focus.showAll')}
          </Button>
        </Paper>
      ) : (
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            alignItems: { md: 'flex-end' },
            gap: { xs: 1.5, md: 2 },
            mb: 2,
            borderBottom: { md: 1 },
            borderColor: { md: 'divider' },
          }}
        >
          {wide ? (
            <Tabs
              value={tab}
              onChange={(_event, value: StatusTab) => update({ status: value === 'all' ? null : value, page: null })}
              variant="scrollable"
              scrollButtons="auto"
              aria-label={t('tabs.label')}
              sx={{
                flex: 1,
                minWidth: 0,
                minHeight: 44,
                '& .MuiTab-root': { minHeight: 44, px: 1.5, typography: 'textMd' },
              }}
            >
              {STATUS_TABS.map((value) => (
                <Tab key={value} value={value} label={value === 'all' ? t('tabs.all') : t(statusLabelKey(value))} />
              ))}
            </Tabs>
          ) : (
            <TextField
              select
              size="small"
              label={t('tabs.label')}
              value={tab}
              onChange={(event) => {
                const value = event.target.value as StatusTab;
                update({ status: value === 'all' ? null : value, page: null });
              }}
              fullWidth
            >
              {STATUS_TABS.map((value) => (
                <MenuItem key={value} value={value}>
                  {value === 'all' ? t('tabs.all') : t(statusLabelKey(value))}
                </MenuItem>
              ))}
            </TextField>
          )}
          <SearchField
            value={keyword}
            onSearch={(text) => update({ keyword: text, page: null, orderId: null })}
            placeholder={t('search.placeholder')}
            label={t('search.label')}
            clearLabel={t('search.clear')}
            sx={{ width: { xs: '100%', md: 240 }, mb: { md: 1 }, flexShrink: 0 }}
          />
        </Box>
      )}

      <PagedList
        query={query}
        loading={{ label: t('loading'), height: 96 }}
        isEmpty={rows.length === 0}
        empty={{
          icon: <ReceiptLongOutlined />,
          title: filtered ? t('empty.filteredTitle') : t('empty.title'),
          body: filtered ? t('empty.filteredBody') : t('empty.body'),
          action: filtered
            ? { label: t('empty.showAll'), onClick: () => update({ status: null, keyword: null, page: null }) }
            : { label: t('empty.browse'), to: '/sale' },
          testId: 'orders-empty',
          bodyWidth: 460,
        }}
        pages={
          data && !focusId
            ? {
                total: data.total,
                pageSize: ORDERS_PAGE_SIZE,
                page,
                onChange: setPage,
                compact: !wide,
                label: t('pagination'),
              }
            : null
        }
      >
        {() => (wide ? <OrderTable {...payments.listProps} /> : <OrderCards {...payments.listProps} />)}
      </PagedList>

      <PaymentControls payments={payments} ns="orders" amountIn="line" />
    </Box>
  );
}
