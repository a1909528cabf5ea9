import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CartItem } from '@namebourse/contract';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { BUYER_LINKS } from '../../../components/buying/api/keys.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCheckout } from '../api/checkout.ts';
import { useCart } from '../api/get-cart.ts';
import { CartLines } from '../components/cart-lines.tsx';
import { CartSummary } from '../components/cart-summary.tsx';
import { CheckoutProgress } from '../components/checkout-progress.tsx';
import { CheckoutReport } from '../components/checkout-report.tsx';
import { checkoutLines, linesToConfirm } from '../lib/checkout.ts';

/**
 * /console/cart: the cart's lines as they are now (a changed price to confirm, unavailable lines with the
 * reason), the total with tax, the balance and its shortfall, and one checkout that buys each available line
 * or says why not — in slices with a progress bar, then a partial-success report.
 */
export function CartPage() {
  const { t } = useTranslation('buying');
  usePageTitle(t('cart.title'));
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const cart = useCart();
  const { run, start, dismiss } = useCheckout(t('checkout.failedGeneric'));
  const busy = run.phase === 'running';
  const items = cart.data?.items;
  const lines = useMemo(() => checkoutLines(items ?? []), [items]);
  const toConfirm = useMemo(() => linesToConfirm(items ?? []).length, [items]);
  // The domains of the lines sent, for a failure the server reports without one (they leave the cart).
  const sent = useRef(new Map<string, string>());

  const checkout = () => {
    sent.current = new Map((items ?? []).map((item: CartItem) => [item.listingId, item.domain]));
    void start(lines);
  };

  return (
    <Box data-testid="cart-page" sx={{ display: 'grid', gap: 2 }}>
      <PageHeader title={t('cart.title')} subtitle={t('cart.subtitle')} />
      {run.phase === 'running' ? <CheckoutProgress progress={run.progress} /> : null}
      {run.phase === 'done' ? (
        <CheckoutReport
          report={run.report}
          domainOf={(listingId) => sent.current.get(listingId) ?? listingId}
          onDismiss={dismiss}
        />
      ) : null}
      {cart.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <LoadingSpinner label={t('cart.loading')} />
        </Box>
      ) : !cart.data ? (
        <ErrorView error={cart.error} onRetry={() => void cart.refetch()} />
      ) : cart.data.items.length === 0 ? (
        <EmptyCart />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <CartLines items={cart.data.items} wide={wide} busy={busy} />
          </Box>
          <Box sx={{ position: { lg: 'sticky' }, top: { lg: 84 } }}>
            <CartSummary
              cart={cart.data}
              lineCount={lines.length}
              toConfirm={toConfirm}
              busy={busy}
              onCheckout={checkout}
            />
          </Box>
        </Box>
      )}
    </Box>
  );
}

function EmptyCart() {
  const { t } = useTranslation('buying');
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, md: 5 }, display: 'grid', gap: 1.5, justifyItems: 'center', textAlign: 'center' }}
      data-testid="cart-empty"
    >
      <ShoppingCartOutlined sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden="true" />
      <Typography component="h2" sx={{ typography: 'textXl', fontWeight: 700 }}>
        {t('cart.empty')}
      </Typography>
      <Typography sx={{ typography: 'textMd', color: 'text.secondary' }}>{t('cart.emptyHint')}</Typography>
      <Button component={RouterLink} to={BUYER_LINKS.market} variant="contained">
        {t('cart.browse')}
      </Button>
    </Paper>
  );
}
