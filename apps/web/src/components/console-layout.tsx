import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';

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
} as const;

export type ConsoleNavKey = keyof typeof CONSOLE_PATHS;

export const CONSOLE_NAV: { key: ConsoleNavKey; icon: ReactNode }[] = [
  { key: 'myBids', icon: <GavelOutlined /> },
  { key: 'won', icon: <EmojiEventsOutlined /> },
  { key: 'myDomains', icon: <DnsOutlined /> },
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
  const current = CONSOLE_NAV.find(({ key }) => pathname.replace(/\/+$/, '') === CONSOLE_PATHS[key])?.key ?? false;

  return (
    <Box sx={{ bgcolor: 'background.default', minHeight: '70vh' }}>
      <Box
        sx={{
          maxWidth: 1320,
          mx: 'auto',
          px: { xs: 0, md: 3 },
          py: { xs: 0, md: 4 },
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          gap: { xs: 0, md: 3 },
          alignItems: 'flex-start',
        }}
      >
        <Paper
          component="nav"
          aria-label={t('console.nav.label')}
          variant="outlined"
          sx={{
            display: { xs: 'none', md: 'block' },
            width: 236,
            flexShrink: 0,
            position: 'sticky',
            top: 88,
            py: 1.5,
          }}
        >
          <Typography variant="overline" color="text.secondary" sx={{ px: 2.5, display: 'block' }}>
            {t('console.nav.title')}
          </Typography>
          <List dense disablePadding>
            {CONSOLE_NAV.map(({ key, icon }) => {
              const active = current === key;
              return (
                <ListItemButton
                  key={key}
                  component={RouterLink}
                  to={CONSOLE_PATHS[key]}
                  selected={active}
                  aria-current={active ? 'page' : undefined}
                  sx={(theme) => ({
                    mx: 1,
                    my: 0.25,
                    borderRadius: 1.5,
                    minHeight: 44,
                    color: active ? 'primary.main' : 'text.primary',
                    '&.Mui-selected': { bgcolor: alpha(theme.palette.primary.main, 0.08) },
                  })}
                >
                  <ListItemIcon sx={{ minWidth: 36, color: active ? 'primary.main' : 'text.secondary' }}>
                    {icon}
                  </ListItemIcon>
                  <ListItemText
                    primary={t(`console.nav.${key}`)}
                    slotProps={{ primary: { sx: { fontSize: 14.5, fontWeight: active ? 700 : 500 } } }}
                  />
                </ListItemButton>
              );
            })}
          </List>
        </Paper>

        <Box
          component="nav"
          aria-label={t('console.nav.label')}
          sx={{
            display: { xs: 'block', md: 'none' },
            width: '100%',
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Tabs value={current} variant="scrollable" scrollButtons={false} allowScrollButtonsMobile>
            {CONSOLE_NAV.map(({ key, icon }) => (
              <Tab
                key={key}
                value={key}
                component={RouterLink}
                to={CONSOLE_PATHS[key]}
                icon={icon as React.ReactElement}
                iconPosition="start"
                label={t(`console.nav.${key}`)}
                sx={{ minHeight: 52, fontSize: 14 }}
              />
            ))}
          </Tabs>
        </Box>

        <Box
          component="main"
          sx={{ flex: 1, minWidth: 0, width: '100%', px: { xs: 2, md: 0 }, py: { xs: 2.5, md: 0 } }}
        >
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
