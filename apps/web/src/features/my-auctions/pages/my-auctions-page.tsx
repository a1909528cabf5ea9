import GavelOutlined from '@mui/icons-material/GavelOutlined';
import Box from '@mui/material/Box';
import { MY_AUCTION_TABS, type MyAuction } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerNow } from '../../../components/auction/server-clock';
import { useLastPageFallback } from '../../../components/paged-list';
import { showToast } from '../../../lib/feedback-store';
import { formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useExitAuction } from '../api/exit-auction';
import { useMyAuctions } from '../api/get-my-auctions';
import { ExitDialog } from '../components/exit-dialog';
import { MyAuctionCards, MyAuctionTable } from '../components/my-auction-list';
import { TabbedList } from '../components/page-parts';
import { isOpen, MY_AUCTIONS_PAGE_SIZE } from '../lib/tabs';
import { useTabParams } from '../lib/use-tab-params';

/** /console/auction/list: the lots I bid in, by status, with live time left, Raise bid and Exit. */
export function MyAuctionsPage() {
  const { t } = useTranslation('myAuctions');
  usePageTitle(t('bidding.title'));
  const params = useTabParams(MY_AUCTION_TABS);
  const { tab, page } = params;
  const query = useMyAuctions(tab, page);
  const items = query.data?.items ?? [];
  const now = useServerNow(items.some(isOpen));

  const data = query.data;
  useLastPageFallback(data, page, MY_AUCTIONS_PAGE_SIZE, params.setPage);

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
      <TabbedList
        section="bidding"
        tabs={MY_AUCTION_TABS}
        params={params}
        query={query}
        total={data?.total}
        isEmpty={items.length === 0}
        icon={<GavelOutlined />}
      >
        {(wide) => {
          const List = wide ? MyAuctionTable : MyAuctionCards;
          return <List items={items} now={now} onExit={setExiting} />;
        }}
      </TabbedList>
      <ExitDialog
        auction={exiting}
        pending={exit.isPending}
        onClose={() => setExiting(null)}
        onConfirm={() => void confirmExit()}
      />
    </Box>
  );
}
