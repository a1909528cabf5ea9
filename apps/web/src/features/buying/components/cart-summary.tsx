import ShoppingCartCheckoutRounded from '@mui/icons-material/ShoppingCartCheckoutRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Cart } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AmountLine } from '../../../components/amount-line.tsx';
import { rechargeLink } from '../../../components/api-feedback/index.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';

/** The cart's totals (available lines, with tax), the balance and its shortfall, and 'Check out'. */
export function CartSummary({
  cart,
  lineCount,
  toConfirm,
  busy,
  onCheckout,
}: {
  cart: Cart;
  /** Lines the checkout would buy. */
  lineCount: number;
  /** Lines waiting for a changed price to be confirmed. */
  toConfirm: number;
  busy: boolean;
  onCheckout: () => void;
}) {
  const { t } = useTranslation('buying');
  const locale = useLocale();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('cart.summary')}
      sx={{ p: { xs: 2, md: 2.5 }, display: 'grid', gap: 1 }}
      data-testid="cart-summary"
    >
      <Typography component="h2" sx={{ typography: 'textLg', fontWeight: 800 }}>
        {t('cart.summary')}
      </Typography>
      <AmountLine label={t('amount.subtotal')} value={formatMoney(cart.subtotalCents, locale)} />
      <AmountLine label={t('amount.tax')} value={formatMoney(cart.taxCents, locale)} />
      <Divider />
      <AmountLine label={t('amount.total')} value={formatMoney(cart.totalCents, locale)} strong testId="cart-total" />
      <AmountLine
        label={t('amount.balance')}
        value={formatMoney(cart.availableBalanceCents, locale)}
        testId="cart-balance"
      />
      {cart.shortfallCents > 0 ? (
        <Alert severity="warning" data-testid="cart-shortfall" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
          <AmountLine label={t('amount.shortfall')} value={formatMoney(cart.shortfallCents, locale)} strong />
          <Typography sx={{ typography: 'textSm', mt: 0.5 }}>{t('cart.shortNote')}</Typography>
          <Button
            component={RouterLink}
            to={rechargeLink(cart.shortfallCents)}
            variant="outlined"
            color="warning"
            size="small"
            sx={{ mt: 1 }}
          >
            {t('buy.recharge')}
          </Button>
        </Alert>
      ) : null}
      {toConfirm > 0 ? (
        <Typography sx={{ typography: 'textSm', color: 'warning.dark' }} data-testid="cart-to-confirm">
          {t('cart.toConfirm', { count: toConfirm })}
        </Typography>
      ) : null}
      <Button
        variant="contained"
        size="large"
        startIcon={<ShoppingCartCheckoutRounded />}
        disabled={busy || lineCount === 0}
        onClick={onCheckout}
        sx={{ mt: 1 }}
        data-testid="cart-checkout"
      >
        {busy ? t('checkout.running') : t('checkout.button', { count: lineCount })}
      </Button>
    </Paper>
  );
}
