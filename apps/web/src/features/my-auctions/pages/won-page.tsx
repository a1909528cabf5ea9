import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { WON_TABS } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { PaymentControls, useOrderPayments } from '../../../components/order-payment';
import {
  EmptyState,
  ListLoading,
  PagedList,
  PageHeader,
  Pager,
  useLastPageFallback,
} from '../../../components/paged-list';
import { usePageTitle } from '../../../lib/use-page-title';
import { useWon } from '../api/get-won';
import { myAuctionKeys } from '../api/keys';
import { StatusTabs } from '../components/page-parts';
import { WonCards, WonTable } from '../components/won-list';
import { orderOfWon } from '../lib/selection';
import { MY_AUCTIONS_PAGE_SIZE } from '../lib/tabs';
import { useTabParams } from '../lib/use-tab-params';

/** /console/auction/win: domains I obtained — pay (one or several), follow delivery, invoices. */
export function WonPage() {
  const { t } = useTranslation('myAuctions');
  usePageTitle(t('won.title'));
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const { tab, page, setTab, setPage } = useTabParams(WON_TABS);
  const query = useWon(tab, page);
  const data = query.data;
  useLastPageFallback(data, page, MY_AUCTIONS_PAGE_SIZE, setPage);

  const payments = useOrderPayments({
    items: data?.items,
    orderOf: orderOfWon,
    ns: 'myAuctions',
    listKey: myAuctionKeys.all,
    selectionKey: `${tab}|${page}`,
  });
  const { rows } = payments;

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
      <PagedList
        query={query}
        loading={<ListLoading label={t('loading')} height={88} />}
        isEmpty={rows.length === 0}
        empty={
          <EmptyState
            icon={<EmojiEventsOutlined />}
            title={t(`won.empty.${tab}.title`)}
            body={t(`won.empty.${tab}.body`)}
            action={{ label: t('browse'), to: '/sale' }}
            testId="won-empty"
          />
        }
        pager={
          data ? (
            <Pager
              total={data.total}
              pageSize={MY_AUCTIONS_PAGE_SIZE}
              page={page}
              onChange={setPage}
              compact={!wide}
              label={t('pagination')}
            />
          ) : null
        }
      >
        {() => {
          const props = {
            rows,
            selected: payments.selected,
            onToggle: payments.toggle,
            onToggleAll: payments.toggleAll,
            onPay: payments.payRow,
          };
          return wide ? <WonTable {...props} /> : <WonCards {...props} />;
        }}
      </PagedList>
      <PaymentControls payments={payments} ns="myAuctions" amountIn="button" />
    </Box>
  );
}
