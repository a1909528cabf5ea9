import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import StarBorderRounded from '@mui/icons-material/StarBorderRounded';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ConsoleFrame } from './console-frame.tsx';
import { RestrictionBanner } from './restriction-banner.tsx';
import { SupportChatFab } from './support-chat-button.tsx';

/** Console pages in the side menu (labels: common `console.nav.<key>`). */
export const CONSOLE_PATHS = {
  account: '/console/user/info',
  security: '/console/user/security',
  apiKeys: '/console/user/api-keys',
  fund: '/console/fund/recharge',
  payees: '/console/fund/payees',
  settlements: '/console/fund/settlements',
  orders: '/console/order/list',
  messages: '/console/message/list',
  myBids: '/console/auction/list',
  won: '/console/auction/win',
  myDomains: '/console/domain/list',
  seller: '/console/seller',
  offers: '/console/offers',
  cart: '/console/cart',
  watchlist: '/console/watchlist',
} as const;

export type ConsoleNavKey = keyof typeof CONSOLE_PATHS;

export const CONSOLE_NAV: { key: ConsoleNavKey; icon: ReactElement }[] = [
  { key: 'myBids', icon: <GavelOutlined /> },
  { key: 'won', icon: <EmojiEventsOutlined /> },
  { key: 'myDomains', icon: <DnsOutlined /> },
  { key: 'seller', icon: <StorefrontOutlined /> },
  { key: 'offers', icon: <LocalOfferOutlined /> },
  { key: 'cart', icon: <ShoppingCartOutlined /> },
  { key: 'watchlist', icon: <StarBorderRounded /> },
  { key: 'fund', icon: <AccountBalanceWalletOutlined /> },
  { key: 'orders', icon: <ReceiptLongOutlined /> },
  { key: 'settlements', icon: <RequestQuoteOutlined /> },
  { key: 'payees', icon: <PaymentsOutlined /> },
  { key: 'messages', icon: <MailOutlined /> },
  { key: 'account', icon: <AccountCircleOutlined /> },
  { key: 'security', icon: <ShieldOutlined /> },
  { key: 'apiKeys', icon: <KeyOutlined /> },
];

/** The console pages: a left menu on desktop, a compact tab strip on phones. */
export function ConsoleLayout() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  // The menu entry of the page, or of the section it is in (/console/seller/new → the seller centre).
  const path = pathname.replace(/\/+$/, '');
  const current =
    CONSOLE_NAV.filter(({ key }) => path === CONSOLE_PATHS[key] || path.startsWith(`${CONSOLE_PATHS[key]}/`)).sort(
      (a, b) => CONSOLE_PATHS[b.key].length - CONSOLE_PATHS[a.key].length,
    )[0]?.key ?? false;

  return (
    <ConsoleFrame
      items={CONSOLE_NAV.map(({ key, icon }) => ({
        key,
        icon,
        to: CONSOLE_PATHS[key],
        label: t(`console.nav.${key}`),
      }))}
      current={current}
      label={t('console.nav.label')}
      menuHeader={
        <Typography variant="overline" color="text.secondary" sx={{ px: 2.5, pt: 1.5, display: 'block' }}>
          {t('console.nav.title')}
        </Typography>
      }
    >
      <RestrictionBanner />
      <Outlet />
      <SupportChatFab />
    </ConsoleFrame>
  );
}
