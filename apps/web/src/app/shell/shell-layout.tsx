import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { hasFeedback, useFeedbackState } from '../../lib/feedback-store.ts';
import { SessionProvider } from '../session/session-context.tsx';
import { TOP_BAR_HEIGHT } from '../theme.ts';
import { Footer, ShortFooter } from './footer.tsx';
import { footerVariant, isChromeless } from './footer-rules.ts';
import { Logo } from './logo.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * Toasts and the MFA / contact-info dialogs. Their state lives in lib/feedback-store, so the host (dialogs, form
 * fields, zod) is downloaded only when the pipeline first has something to show, never with a page.
 */
const ApiFeedbackHost = lazy(() =>
  import('../../components/api-feedback/api-feedback-host.tsx').then((m) => ({ default: m.ApiFeedbackHost })),
);

function FeedbackWhenNeeded() {
  const state = useFeedbackState();
  const [needed, setNeeded] = useState(false);
  if (!needed && hasFeedback(state)) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ApiFeedbackHost />
    </Suspense>
  );
}

export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <Box
      role="status"
      aria-label={t('status.loading')}
      sx={{ minHeight: '50vh', display: 'grid', placeItems: 'center' }}
    >
      <LoadingSpinner size={32} />
    </Box>
  );
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <LinearProgress
      aria-hidden="true"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (theme) => theme.zIndex.appBar + 2 }}
    />
  );
}

function SkipLink() {
  const { t } = useTranslation('shell');
  return (
    <Box
      component="a"
      href="#main-content"
      sx={{
        position: 'absolute',
        left: 12,
        top: -64,
        zIndex: (theme) => theme.zIndex.tooltip,
        px: 2,
        py: 1,
        borderRadius: 2,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 600,
        textDecoration: 'none',
        '&:focus': { top: 10 },
      }}
    >
      {t('skipToContent')}
    </Box>
  );
}

/** The layout route around every page: top bar, page, footer, API feedback (toasts and dialogs). */
export function ShellLayout() {
  const { pathname } = useLocation();
  const variant = footerVariant(pathname);
  const chromeless = isChromeless(pathname);
  return (
    <SessionProvider>
      <SkipLink />
      <NavigationProgress />
      <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', overflowX: 'clip' }}>
        {chromeless ? null : <TopBar />}
        <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, outline: 'none', minWidth: 0 }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Box>
        {chromeless ? null : variant === 'short' ? <ShortFooter /> : <Footer />}
      </Box>
      <FeedbackWhenNeeded />
      <ScrollRestoration />
    </SessionProvider>
  );
}

/** Shown while the first route's lazy modules load (before the router can render the shell). */
export function ShellHydrateFallback() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Box
        sx={{
          height: TOP_BAR_HEIGHT,
          px: { xs: 2, sm: 3 },
          display: 'flex',
          alignItems: 'center',
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Logo link={false} />
      </Box>
      <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
        <LoadingSpinner size={32} />
      </Box>
    </Box>
  );
}
