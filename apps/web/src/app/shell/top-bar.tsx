import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import type { LoginState } from '@namebourse/contract';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { lazyOnOpen } from '../../components/lazy-on-open.tsx';
import { MessageBell } from '../../components/message-bell.tsx';
import { loginPath } from '../../lib/login-redirect.ts';
import { isLoggedIn } from '../session/check-login.ts';
import { useSession } from '../session/session-context.tsx';
import { TOP_BAR_HEIGHT } from '../theme.ts';
import { AccountMenu } from './account-menu.tsx';
import { pageWidth } from './footer-rules.ts';
import { LanguageSelector } from './language-selector.tsx';
import { Logo } from './logo.tsx';
import { HELP_PATH } from './nav-items.ts';
import { DesktopNav } from './nav-menus.tsx';

/** The phone navigation, downloaded the first time it opens. */
const MobileDrawer = lazyOnOpen(() => import('./mobile-drawer.tsx'));

interface TopBarProps {
  /** When given, the bar shows this user and does not fetch check-login on path changes (spec §4). */
  userInfo?: LoginState;
}

/** The 68 px top bar of spec §2. */
export function TopBar({ userInfo: supplied }: TopBarProps) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const location = useLocation();
  const session = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const userInfo = supplied ?? session.userInfo;
  const isLogin = isLoggedIn(userInfo);
  const isSupplied = supplied !== undefined;
  const { refresh } = session;

  // Spec §4: on every path change the user info is fetched, unless it was supplied to the top bar.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the path on purpose.
  useEffect(() => {
    if (!isSupplied) void refresh();
  }, [location.pathname, isSupplied, refresh]);

  const loginHref = loginPath(`${location.pathname}${location.search}`);

  return (
    <AppBar
      position="sticky"
      sx={{
        height: TOP_BAR_HEIGHT,
        justifyContent: 'center',
        bgcolor: 'rgba(255, 255, 255, 0.92)',
        backdropFilter: 'saturate(180%) blur(12px)',
        borderBottom: 1,
        borderColor: 'divider',
        color: 'text.primary',
      }}
    >
      <Container
        maxWidth={false}
        sx={{
          maxWidth: pageWidth(location.pathname),
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 0.5, lg: 1 },
          height: 1,
        }}
      >
        <IconButton
          onClick={() => setDrawerOpen(true)}
          aria-label={t('topBar.openMenu')}
          aria-expanded={drawerOpen}
          edge="start"
          sx={{ display: { md: 'none' }, color: 'text.primary' }}
        >
          <MenuRounded />
        </IconButton>
        <Box sx={{ mr: { md: 1, lg: 3 }, display: 'flex' }}>
          <Logo />
        </Box>
        <Box sx={{ display: { xs: 'none', md: 'flex' } }}>
          <DesktopNav />
        </Box>
        <Box sx={{ flex: 1 }} />
        <Box sx={{ display: { xs: 'none', md: 'flex' } }}>
          <Button
            component={RouterLink}
            to={HELP_PATH}
            color="inherit"
            aria-label={t('topBar.helpCentre')}
            title={t('topBar.helpCentre')}
            sx={{ height: 40, minWidth: 40, px: { md: 1, lg: 1.25 }, borderRadius: 2, gap: 0.75 }}
          >
            <HelpOutlineRounded fontSize="small" />
            <Box component="span" sx={{ display: { md: 'none', lg: 'inline' }, typography: 'textMd' }}>
              {t('topBar.help')}
            </Box>
          </Button>
        </Box>
        <LanguageSelector />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, lg: 1 }, ml: { xs: 0.5, lg: 1 } }}>
          {isLogin ? (
            <>
              {/* The bell's texts (namespace 'messages') may still be loading: keep its place meanwhile. */}
              <Suspense fallback={<Box sx={{ width: 40, height: 40 }} />}>
                <MessageBell />
              </Suspense>
              <AccountMenu userInfo={userInfo} onLogout={session.logout} />
            </>
          ) : (
            <>
              <Button
                component={RouterLink}
                to={loginHref}
                variant="text"
                color="inherit"
                sx={{ display: { xs: 'none', sm: 'inline-flex' }, height: 40, whiteSpace: 'nowrap' }}
              >
                {tc('actions.login')}
              </Button>
              <Button
                component={RouterLink}
                to={loginHref}
                variant="contained"
                size="small"
                sx={{ display: { xs: 'inline-flex', sm: 'none' }, height: 36, whiteSpace: 'nowrap' }}
              >
                {tc('actions.login')}
              </Button>
              <Button
                component={RouterLink}
                to="/account/register"
                variant="contained"
                sx={{ display: { xs: 'none', sm: 'inline-flex' }, height: 40, whiteSpace: 'nowrap' }}
              >
                {tc('actions.register')}
              </Button>
            </>
          )}
        </Box>
      </Container>
      <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} isLogin={isLogin} loginHref={loginHref} />
    </AppBar>
  );
}
