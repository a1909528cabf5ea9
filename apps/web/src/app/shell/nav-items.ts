/** Top-bar navigation (spec §2): two groups; labels are keys of the `shell` namespace. */
export interface NavItem {
  key: string;
  to: string;
  label: string;
  hint: string;
}

export interface NavGroup {
  key: 'bidding' | 'trading' | 'management';
  title: string;
  items: NavItem[];
}

export const NAV_GROUPS: NavGroup[] = [
  {
    key: 'bidding',
    title: 'nav.bidding.title',
    items: [
      { key: 'sale', to: '/sale', label: 'nav.bidding.sale', hint: 'nav.bidding.saleHint' },
      {
        key: 'myBids',
        to: '/console/auction/list',
        label: 'nav.bidding.myBids',
        hint: 'nav.bidding.myBidsHint',
      },
      { key: 'won', to: '/console/auction/win', label: 'nav.bidding.won', hint: 'nav.bidding.wonHint' },
    ],
  },
  {
    key: 'trading',
    title: 'nav.trading.title',
    items: [
      { key: 'market', to: '/market', label: 'nav.trading.market', hint: 'nav.trading.marketHint' },
      { key: 'seller', to: '/console/seller', label: 'nav.trading.seller', hint: 'nav.trading.sellerHint' },
    ],
  },
  {
    key: 'management',
    title: 'nav.management.title',
    items: [
      {
        key: 'myDomains',
        to: '/console/domain/list',
        label: 'nav.management.myDomains',
        hint: 'nav.management.myDomainsHint',
      },
      {
        key: 'transferOut',
        to: '/console/domain/transfer-out',
        label: 'nav.management.transferOut',
        hint: 'nav.management.transferOutHint',
      },
    ],
  },
];

export const HELP_PATH = '/help-center/';

/** Account popup links (spec §2). */
export const ACCOUNT_LINKS = [
  { key: 'myAccount', to: '/console/user/info', label: 'account.myAccount' },
  { key: 'myFund', to: '/console/fund/recharge', label: 'account.myFund' },
  { key: 'myDomain', to: '/console/domain/list', label: 'account.myDomain' },
  { key: 'myAuction', to: '/console/auction/list', label: 'account.myAuction' },
  { key: 'mySales', to: '/console/seller', label: 'account.mySales' },
] as const;

export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function isGroupActive(group: NavGroup, pathname: string): boolean {
  return group.items.some((item) => isActivePath(pathname, item.to));
}
