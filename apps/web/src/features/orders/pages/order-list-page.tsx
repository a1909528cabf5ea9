import ClearRounded from '@mui/icons-material/ClearRounded';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ORDER_LIMITS, type Order } from '@namebourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorView } from '../../../components/api-feedback';
import { showToast } from '../../../lib/feedback-store';
import { formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { ORDERS_PAGE_SIZE, type ReceivedOrders, useOrder, useOrders } from '../api/get-orders';
import { orderKeys } from '../api/keys';
import { usePayOrders } from '../api/pay-orders';
import { OrderCards } from '../components/order-cards';
import { type OrderRow, toRows } from '../components/order-row';
import { OrderTable } from '../components/order-table';
import { PayDialog } from '../components/pay-dialog';
import { AttemptKeys, isUncertainFailure, payIntent } from '../lib/attempt-keys';
import { parsePageParam, parseStatusParam, STATUS_TABS, type StatusTab, selectionTotal } from '../lib/order-status';
import { useNow } from '../../../components/auction/use-now';

/** Search parameters of the page: `status`, `q` (domain keyword), `page`, and `orderId` (one order, from a link). */
const PARAM = { status: 'status', keyword: 'q', page: 'page', orderId: 'orderId' } as const;
const SEARCH_DELAY_MS = 400;

function Loading() {
  const { t } = useTranslation('orders');
  return (
    <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 1.5 }}>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} variant="rounded" height={96} />
      ))}
    </Box>
  );
}

function Empty({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  const { t } = useTranslation('orders');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }} data-testid="orders-empty">
      <ReceiptLongOutlined sx={{ fontSize: 44, color: 'text.disabled' }} />
      <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
        {filtered ? t('empty.filteredTitle') : t('empty.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, fontSize: 14, maxWidth: 460, mx: 'auto', lineHeight: 1.7 }}>
        {filtered ? t('empty.filteredBody') : t('empty.body')}
      </Typography>
      {filtered ? (
        <Button variant="outlined" sx={{ mt: 2.5 }} onClick={onReset}>
          {t('empty.showAll')}
        </Button>
      ) : (
        <Button variant="contained" sx={{ mt: 2.5 }} component={RouterLink} to="/sale">
          {t('empty.browse')}
        </Button>
      )}
    </Paper>
  );
}

/** The chosen orders and what they cost, with Clear and Pay selected. */
function SelectionBar({
  count,
  amountCents,
  onClear,
  onPay,
}: {
  count: number;
  amountCents: number;
  onClear: () => void;
  onPay: () => void;
}) {
  const { t } = useTranslation('orders');
  const tooMany = count > ORDER_LIMITS.payManyMax;
  return (
    <Paper
      elevation={6}
      data-testid="orders-selection"
      sx={{
        position: 'sticky',
        bottom: { xs: 8, md: 16 },
        zIndex: 2,
        mt: 2,
        px: { xs: 2, md: 2.5 },
        py: 1.5,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        flexWrap: 'wrap',
        border: 1,
        borderColor: 'primary.light',
      }}
    >
      <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
        <Typography sx={{ fontSize: 14, fontWeight: 600 }}>{t('selection.count', { count })}</Typography>
        <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
          {t('selection.total')}{' '}
          <Box component="span" sx={{ fontWeight: 800, color: 'text.primary', fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(amountCents)}
          </Box>
        </Typography>
        {tooMany ? (
          <Typography sx={{ fontSize: 12.5, color: 'error.main' }}>
            {t('selection.tooMany', { max: ORDER_LIMITS.payManyMax })}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
        <Button color="inherit" onClick={onClear} sx={{ flex: { xs: 1, sm: 'none' } }}>
          {t('selection.clear')}
        </Button>
        <Button variant="contained" onClick={onPay} disabled={tooMany} sx={{ flex: { xs: 2, sm: 'none' } }}>
          {t('selection.pay')}
        </Button>
      </Box>
    </Paper>
  );
}

/** /console/order/list: the buyer's orders with filters, live pay countdowns, paying (one or several) and invoices. */
export function OrderListPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('title'));
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();

  const status = parseStatusParam(params.get(PARAM.status));
  const keyword = (params.get(PARAM.keyword) ?? '').trim();
  const page = parsePageParam(params.get(PARAM.page));
  const focusId = params.get(PARAM.orderId)?.trim() || null;
  const tab: StatusTab = status ?? 'all';

  const list = useOrders({ status, keyword: keyword || undefined, page }, focusId === null);
  const single = useOrder(focusId);
  const query = focusId ? single : list;
  const data: ReceivedOrders | undefined = query.data;

  // ---- Filters in the address (so a reload or a shared link shows the same list) ----

  const update = useCallback(
    (patch: Partial<Record<keyof typeof PARAM, string | null>>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(patch) as [keyof typeof PARAM, string | null][]) {
          if (value) next.set(PARAM[name], value);
          else next.delete(PARAM[name]);
        }
        return next;
      }),
    [setParams],
  );

  const [draft, setDraft] = useState(keyword);
  useEffect(() => setDraft(keyword), [keyword]);
  useEffect(() => {
    if (draft.trim() === keyword) return;
    const timer = setTimeout(
      () => update({ keyword: draft.trim() || null, page: null, orderId: null }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [draft, keyword, update]);

  // A page past the end (orders changed status meanwhile, or an old link): go to the last page there is.
  useEffect(() => {
    if (focusId || !data || data.items.length > 0 || data.total === 0 || page === 1) return;
    const last = Math.max(1, Math.ceil(data.total / ORDERS_PAGE_SIZE));
    update({ page: last > 1 ? String(last) : null });
  }, [data, page, focusId, update]);

  // ---- Rows with live countdowns ----

  const orders = data?.items ?? [];
  const hasCountdown = orders.some((order) => order.status === 'awaiting_payment');
  const now = useNow(hasCountdown);
  const rows: OrderRow[] = useMemo(() => (data ? toRows(data.items, data.receivedAtMs, now) : []), [data, now]);

  // An order whose time ran out is expired by the server's sweeper: ask again a moment later to show it.
  const lapsed = rows.filter((row) => row.order.status === 'awaiting_payment' && row.secondsLeft === 0);
  const lapsedKey = lapsed.map((row) => row.order.orderId).join(',');
  const refetched = useRef(new Set<string>());
  useEffect(() => {
    const fresh = lapsedKey.split(',').filter((id) => id && !refetched.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) refetched.current.add(id);
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: orderKeys.all }), 3000);
    return () => clearTimeout(timer);
  }, [lapsedKey, queryClient]);

  // ---- Selection (payable orders of the page shown) ----

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const payableIds = useMemo(() => new Set(rows.filter((row) => row.payable).map((row) => row.order.orderId)), [rows]);
  const chosen = useMemo(() => new Set([...selected].filter((id) => payableIds.has(id))), [selected, payableIds]);
  const filterKey = `${status ?? ''}|${keyword}|${page}|${focusId ?? ''}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter or page starts a new selection.
  useEffect(() => setSelected(new Set()), [filterKey]);

  const toggle = (orderId: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(orderId);
      else next.delete(orderId);
      return next;
    });
  const toggleAll = (checked: boolean) => setSelected(checked ? new Set(payableIds) : new Set());
  const total = selectionTotal(orders, chosen);

  // ---- Paying ----

  const pay = usePayOrders();
  const attempts = useRef(new AttemptKeys());
  const [paying, setPaying] = useState<Order[] | null>(null);

  const confirmPay = async () => {
    if (!paying) return;
    const orderIds = paying.map((order) => order.orderId);
    const intent = payIntent(orderIds);
    try {
      const result = await pay.mutateAsync({ orderIds, idempotencyKey: attempts.current.keyFor(intent) });
      attempts.current.settle(intent);
      setPaying(null);
      setSelected((current) => new Set([...current].filter((id) => !orderIds.includes(id))));
      const [first] = result.orders;
      showToast(
        result.orders.length === 1 && first
          ? t('paid.one', { domain: first.domain, amount: formatMoney(result.paidCents) })
          : t('paid.many', { count: result.orders.length, amount: formatMoney(result.paidCents) }),
        'success',
      );
    } catch (error) {
      attempts.current.settle(intent, error);
      // The shared handler has shown what happened ('Insufficient balance' with the recharge prompt, the
      // contact-info dialog, or a toast). Only an answer that may not have arrived keeps the dialog for a retry.
      if (!isUncertainFailure(error)) setPaying(null);
    }
  };

  // ---- Body ----

  const filtered = Boolean(status || keyword);
  let body: React.ReactNode;
  if (query.isPending) body = <Loading />;
  else if (query.isError) body = <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  else if (rows.length === 0)
    body = <Empty filtered={filtered} onReset={() => update({ status: null, keyword: null, page: null })} />;
  else {
    const listProps = {
      rows,
      selected: chosen,
      onToggle: toggle,
      onToggleAll: toggleAll,
      onPay: (row: OrderRow) => setPaying([row.order]),
    };
    body = wide ? <OrderTable {...listProps} /> : <OrderCards {...listProps} />;
  }

  const pages = data && !focusId ? Math.ceil(data.total / ORDERS_PAGE_SIZE) : 0;

  return (
    <Box data-testid="orders-page">
      <Box sx={{ mb: { xs: 2, md: 2.5 } }}>
        <Typography variant="h5" component="h1" sx={{ fontSize: { xs: 22, md: 26 } }}>
          {t('title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, fontSize: 14.5, lineHeight: 1.6 }}>
          {t('subtitle')}
        </Typography>
      </Box>

      {focusId ? (
        <Paper
          variant="outlined"
          sx={{ p: 1.5, pl: 2, mb: 2, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
        >
          <Typography sx={{ flex: 1, fontSize: 14, fontWeight: 600 }} data-testid="orders-focus">
            {t('focus.title', { orderId: focusId })}
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
              sx={{ flex: 1, minWidth: 0, minHeight: 44, '& .MuiTab-root': { minHeight: 44, px: 1.5, fontSize: 14 } }}
            >
              {STATUS_TABS.map((value) => (
                <Tab key={value} value={value} label={value === 'all' ? t('tabs.all') : t(`status.${value}`)} />
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
                  {value === 'all' ? t('tabs.all') : t(`status.${value}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            size="small"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') update({ keyword: draft.trim() || null, page: null });
            }}
            placeholder={t('search.placeholder')}
            sx={{ width: { xs: '100%', md: 240 }, mb: { md: 1 }, flexShrink: 0 }}
            slotProps={{
              htmlInput: { 'aria-label': t('search.label'), maxLength: 100, type: 'search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded fontSize="small" />
                  </InputAdornment>
                ),
                endAdornment: draft ? (
                  <InputAdornment position="end">
                    <IconButton
                      size="small"
                      edge="end"
                      aria-label={t('search.clear')}
                      onClick={() => {
                        setDraft('');
                        update({ keyword: null, page: null });
                      }}
                    >
                      <ClearRounded fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ) : null,
              },
            }}
          />
        </Box>
      )}

      <Box
        sx={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        aria-busy={query.isFetching}
      >
        {body}
      </Box>

      {pages > 1 ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2.5 }}>
          <Pagination
            count={pages}
            page={Math.min(page, pages)}
            onChange={(_event, value) => update({ page: value > 1 ? String(value) : null })}
            color="primary"
            shape="rounded"
            siblingCount={wide ? 1 : 0}
            aria-label={t('pagination')}
          />
        </Box>
      ) : null}

      {total.count > 0 ? (
        <SelectionBar
          count={total.count}
          amountCents={total.amountCents}
          onClear={() => setSelected(new Set())}
          onPay={() => setPaying(orders.filter((order) => chosen.has(order.orderId)))}
        />
      ) : null}

      <PayDialog
        orders={paying}
        pending={pay.isPending}
        onClose={() => setPaying(null)}
        onConfirm={() => void confirmPay()}
      />
    </Box>
  );
}
