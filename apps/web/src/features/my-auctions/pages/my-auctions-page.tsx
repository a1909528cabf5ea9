import GavelOutlined from '@mui/icons-material/GavelOutlined';
import Box from '@mui/material/Box';
import { MY_AUCTION_TABS, type MyAuction } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerNow } from '../../../components/auction/server-clock.ts';
import { useLastPageFallback } from '../../../components/paged-list.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { formatMoney } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useExitAuction } from '../api/exit-auction.ts';
import { useMyAuctions } from '../api/get-my-auctions.ts';
import { ExitDialog } from '../components/exit-dialog.tsx';
import { MyAuctionCards, MyAuctionTable } from '../components/my-auction-list.tsx';
import { TabbedList } from '../components/page-parts.tsx';
import { isOpen, MY_AUCTIONS_PAGE_SIZE } from '../lib/tabs.ts';
import { useTabParams } from '../lib/use-tab-params.ts';

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
