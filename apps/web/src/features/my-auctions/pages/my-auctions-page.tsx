import GavelOutlined from '@mui/icons-material/GavelOutlined';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { MY_AUCTION_TABS, type MyAuction } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerNow } from '../../../components/auction/server-clock';
import {
  EmptyState,
  ListLoading,
  PagedList,
  PageHeader,
  Pager,
  useLastPageFallback,
} from '../../../components/paged-list';
import { showToast } from '../../../lib/feedback-store';
import { formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useExitAuction } from '../api/exit-auction';
import { useMyAuctions } from '../api/get-my-auctions';
import { ExitDialog } from '../components/exit-dialog';
import { MyAuctionCards, MyAuctionTable } from '../components/my-auction-list';
import { StatusTabs } from '../components/page-parts';
import { isOpen, MY_AUCTIONS_PAGE_SIZE } from '../lib/tabs';
import { useTabParams } from '../lib/use-tab-params';

/** /console/auction/list: the lots I bid in, by status, with live time left, Raise bid and Exit. */
export function MyAuctionsPage() {
  const { t } = useTranslation('myAuctions');
  usePageTitle(t('bidding.title'));
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const { tab, page, setTab, setPage } = useTabParams(MY_AUCTION_TABS);
  const query = useMyAuctions(tab, page);
  const items = query.data?.items ?? [];
  const now = useServerNow(items.some(isOpen));

  const data = query.data;
  useLastPageFallback(data, page, MY_AUCTIONS_PAGE_SIZE, setPage);

  const exit = useExitAuction();
  const [exiting, setExiting] = useState<MyAuction | null>(null);
  const confirmExit = async () => {
    if (!exiting) return;
    const lot = exiting;
    try {
      await exit.mutateAsync(lot.auctionId);
      showToast(t('exit.done', { domain: lot.domain, deposit: formatMoney(lot.myDepositCents) }), 'success');
    } catch {
      // The shared handler has shown why (a toast); the list is refetched either way.
    } finally {
      setExiting(null);
    }
  };

  return (
    <Box data-testid="my-auctions-page">
      <PageHeader title={t('bidding.title')} subtitle={t('bidding.subtitle')} />
      <StatusTabs
        tabs={MY_AUCTION_TABS}
        value={tab}
        onChange={setTab}
        label={t('bidding.tabsLabel')}
        labelOf={(value) => t(`bidding.tabs.${value}`)}
        testIdPrefix="my-auctions-tab"
      />
      <PagedList
        query={query}
        loading={<ListLoading label={t('loading')} height={88} />}
        isEmpty={items.length === 0}
        empty={
          <EmptyState
            icon={<GavelOutlined />}
            title={t(`bidding.empty.${tab}.title`)}
            body={t(`bidding.empty.${tab}.body`)}
            action={{ label: t('browse'), to: '/sale' }}
            testId="my-auctions-empty"
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
          const props = { items, now, onExit: setExiting };
          return wide ? <MyAuctionTable {...props} /> : <MyAuctionCards {...props} />;
        }}
      </PagedList>
      <ExitDialog
        auction={exiting}
        pending={exit.isPending}
        onClose={() => setExiting(null)}
        onConfirm={() => void confirmExit()}
      />
    </Box>
  );
}
