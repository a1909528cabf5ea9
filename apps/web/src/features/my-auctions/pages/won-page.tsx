import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ORDER_LIMITS, type Order, WON_TABS } from '@namebourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback';
import { useNow } from '../../../components/auction/use-now';
import { showToast } from '../../../lib/feedback-store';
import { formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useWon } from '../api/get-won';
import { myAuctionKeys } from '../api/keys';
import { usePayOrders } from '../api/pay-orders';
import { EmptyState, ListLoading, PageHeader, Pager, StatusTabs } from '../components/page-parts';
import { PayDialog } from '../components/pay-dialog';
import { WonCards, WonTable } from '../components/won-list';
import { AttemptKeys, isUncertainFailure, payIntent } from '../lib/attempt-keys';
import { keepPayable, selectionTotal, toWonRows } from '../lib/selection';
import { MY_AUCTIONS_PAGE_SIZE } from '../lib/tabs';
import { useTabParams } from '../lib/use-tab-params';

/** The chosen lots and what they cost, with Clear and "Pay selected (n) $X". */
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
  const { t } = useTranslation('myAuctions');
  const tooMany = count > ORDER_LIMITS.payManyMax;
  return (
    <Paper
      elevation={6}
      data-testid="won-selection"
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
        <Button
          variant="contained"
          onClick={onPay}
          disabled={tooMany}
          data-testid="won-pay-selected"
          sx={{ flex: { xs: 3, sm: 'none' }, whiteSpace: 'nowrap' }}
        >
          {t('selection.pay', { count, amount: formatMoney(amountCents) })}
        </Button>
      </Box>
    </Paper>
  );
}

/** /console/auction/win: domains I obtained — pay (one or several), follow delivery, invoices. */
export function WonPage() {
  const { t } = useTranslation('myAuctions');
  usePageTitle(t('won.title'));
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const queryClient = useQueryClient();
  const { tab, page, setTab, setPage } = useTabParams(WON_TABS);
  const query = useWon(tab, page);
  const data = query.data;

  useEffect(() => {
    if (!data || data.items.length > 0 || data.total === 0 || page === 1) return;
    setPage(Math.max(1, Math.ceil(data.total / MY_AUCTIONS_PAGE_SIZE)));
  }, [data, page, setPage]);

  const items = data?.items ?? [];
  const now = useNow(items.some((won) => won.order.status === 'awaiting_payment'));
  const rows = useMemo(() => (data ? toWonRows(data.items, data.receivedAtMs, now) : []), [data, now]);

  // An order whose time ran out turns into a violation by the server's sweeper: ask again a moment later.
  const lapsedKey = rows
    .filter((row) => row.won.order.status === 'awaiting_payment' && row.secondsLeft === 0)
    .map((row) => row.won.order.orderId)
    .join(',');
  const refetched = useRef(new Set<string>());
  useEffect(() => {
    const fresh = lapsedKey.split(',').filter((id) => id && !refetched.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) refetched.current.add(id);
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: myAuctionKeys.all }), 3000);
    return () => clearTimeout(timer);
  }, [lapsedKey, queryClient]);

  // ---- Selection ----
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const chosen = useMemo(() => keepPayable(rows, selected), [rows, selected]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tab or page starts a new selection.
  useEffect(() => setSelected(new Set()), [tab, page]);
  const toggle = (orderId: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(orderId);
      else next.delete(orderId);
      return next;
    });
  const toggleAll = (checked: boolean) =>
    setSelected(checked ? new Set(rows.filter((row) => row.payable).map((row) => row.won.order.orderId)) : new Set());
  const total = selectionTotal(rows, chosen);

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

  let body: React.ReactNode;
  if (query.isPending) body = <ListLoading />;
  else if (query.isError) body = <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  else if (rows.length === 0)
    body = (
      <EmptyState
        icon={<EmojiEventsOutlined />}
        title={t(`won.empty.${tab}.title`)}
        body={t(`won.empty.${tab}.body`)}
        action={{ label: t('browse'), to: '/sale' }}
        testId="won-empty"
      />
    );
  else {
    const props = {
      rows,
      selected: chosen,
      onToggle: toggle,
      onToggleAll: toggleAll,
      onPay: (row: (typeof rows)[number]) => setPaying([row.won.order]),
    };
    body = wide ? <WonTable {...props} /> : <WonCards {...props} />;
  }

  return (
    <Box data-testid="won-page">
      <PageHeader title={t('won.title')} subtitle={t('won.subtitle')} />
      <StatusTabs
        tabs={WON_TABS}
        value={tab}
        onChange={setTab}
        label={t('won.tabsLabel')}
        labelOf={(value) => t(`won.tabs.${value}`)}
        testIdPrefix="won-tab"
      />
      {tab === 'awaiting_delivery' && rows.length > 0 ? (
        <Typography color="text.secondary" sx={{ fontSize: 13.5, mb: 1.5, lineHeight: 1.6 }}>
          {t('won.deliveryIntro')}
        </Typography>
      ) : null}
      <Box
        sx={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        aria-busy={query.isFetching}
      >
        {body}
      </Box>
      {data ? (
        <Pager total={data.total} pageSize={MY_AUCTIONS_PAGE_SIZE} page={page} onChange={setPage} compact={!wide} />
      ) : null}
      {total.count > 0 ? (
        <SelectionBar
          count={total.count}
          amountCents={total.amountCents}
          onClear={() => setSelected(new Set())}
          onPay={() => setPaying(rows.filter((row) => chosen.has(row.won.order.orderId)).map((row) => row.won.order))}
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
