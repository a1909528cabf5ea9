import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import HomeRounded from '@mui/icons-material/HomeRounded';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useRouteError } from 'react-router';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { Logo } from '../shell/logo.tsx';
import { describeRouteError } from './describe-route-error.ts';

const NotFoundPage = lazy(() => import('./not-found-page.tsx'));

function Loading() {
  return (
    <Box sx={{ minHeight: '40vh', display: 'grid', placeItems: 'center' }}>
      <LoadingSpinner size={28} />
    </Box>
  );
}

function ErrorPanel({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation('common');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <Box
        sx={{
          width: 72,
          height: 72,
          mx: 'auto',
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          color: 'error.main',
          bgcolor: (theme) => alpha(theme.palette.error.main, 0.08),
        }}
      >
        <ErrorOutlineRounded sx={{ fontSize: 40 }} />
      </Box>
      <Typography component="h1" variant="h4" sx={{ mt: 3, typography: 'errorTitle' }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1.5, wordBreak: 'break-word' }}>
        {message}
      </Typography>
      <Box sx={{ mt: 4, display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to="/" startIcon={<HomeRounded />}>
          {t('actions.backHome')}
        </Button>
        <Button variant="outlined" startIcon={<RefreshRounded />} onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </Button>
      </Box>
    </Container>
  );
}

/**
 * errorElement of the routes (spec §2): a 404 response renders the 404 page, other route error responses a
 * generic title with the status text, anything else an 'oops' title with 'An unexpected error has occurred'.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('shell');
  const kind = describeRouteError(error);

  if (kind.type === 'not-found') {
    return (
      <Suspense fallback={<Loading />}>
        <NotFoundPage />
      </Suspense>
    );
  }
  if (kind.type === 'response') {
    return (
      <ErrorPanel
        title={t('errors.route.title')}
        message={t('errors.route.status', { status: kind.status, statusText: kind.statusText }).trim()}
      />
    );
  }
  return <ErrorPanel title={t('errors.oops.title')} message={t('errors.oops.message')} />;
}

/** Used when the shell itself failed: the same page, framed by a plain header instead of the top bar. */
export function RootErrorPage() {
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{ height: 68, px: 2, display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}
      >
        <Logo />
      </Box>
      <Box component="main">
        <RouteErrorPage />
      </Box>
    </Box>
  );
}
