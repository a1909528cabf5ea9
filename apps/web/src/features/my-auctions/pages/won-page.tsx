import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { WON_TABS } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { PaymentControls, useOrderPayments } from '../../../components/order-payment/index.ts';
import { useLastPageFallback } from '../../../components/paged-list.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useWon } from '../api/get-won.ts';
import { myAuctionKeys } from '../api/keys.ts';
import { TabbedList } from '../components/page-parts.tsx';
import { WonCards, WonTable } from '../components/won-list.tsx';
import { orderOfWon } from '../lib/selection.ts';
import { MY_AUCTIONS_PAGE_SIZE } from '../lib/tabs.ts';
import { useTabParams } from '../lib/use-tab-params.ts';

/** /console/auction/win: domains I obtained — pay (one or several), follow delivery, invoices. */
export function WonPage() {
  const { t } = useTranslation('myAuctions');
  usePageTitle(t('won.title'));
  const params = useTabParams(WON_TABS);
  const { tab, page } = params;
  const query = useWon(tab, page);
  const data = query.data;
  useLastPageFallback(data, page, MY_AUCTIONS_PAGE_SIZE, params.setPage);

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
      <TabbedList
        section="won"
        tabs={WON_TABS}
        params={params}
        query={query}
        total={data?.total}
        isEmpty={rows.length === 0}
        icon={<EmojiEventsOutlined />}
        intro={
          tab === 'awaiting_delivery' && rows.length > 0 ? (
            <Typography color="text.secondary" sx={{ typography: 'textMd', mb: 1.5, lineHeight: 1.6 }}>
              {t('won.deliveryIntro')}
            </Typography>
          ) : null
        }
      >
        {(wide) => (wide ? <WonTable {...payments.listProps} /> : <WonCards {...payments.listProps} />)}
      </TabbedList>
      <PaymentControls payments={payments} ns="myAuctions" amountIn="button" />
    </Box>
  );
}
