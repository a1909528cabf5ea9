import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { Order } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MONO_FONT_FAMILY } from '../../app/theme.ts';
import { formatMoney } from '../../lib/format.ts';
import { AmountLine } from '../amount-line.tsx';
import { rechargeLink } from '../api-feedback/index.ts';
import { useAvailableBalance } from './pay-orders.ts';

/** The keys the pay dialog reads from its page's namespace (`ns`). */
export const PAY_DIALOG_KEYS = [
  'payDialog.title',
  'payDialog.titleMany',
  'payDialog.intro',
  'payDialog.exTax',
  'payDialog.tax',
  'payDialog.total',
  'payDialog.available',
  'payDialog.short',
  'payDialog.recharge',
  'payDialog.cancel',
  'payDialog.confirm',
  'payDialog.paying',
] as const;

export interface PayDialogProps {
  /** The orders to pay; null or empty: closed. */
  orders: Order[] | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
  /** The page's i18n namespace, holding PAY_DIALOG_KEYS. */
  ns: string;
}

/**
 * Confirms a payment from the available balance before it is made: each order with its amount, the amounts
 * without tax, the tax, the total, and the available balance (with a recharge link when it is short).
 */
export function PayDialog({ orders, pending, onClose, onConfirm, ns }: PayDialogProps) {
  const { t } = useTranslation(ns);
  const open = orders !== null && orders.length > 0;
  const list = orders ?? [];
  const available = useAvailableBalance(open);
  const total = list.reduce((sum, order) => sum + order.amountCents, 0);
  const exTax = list.reduce((sum, order) => sum + order.amountExTaxCents, 0);
  const tax = list.reduce((sum, order) => sum + order.taxCents, 0);
  const short = available.data !== undefined && available.data < total ? total - available.data : 0;

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="pay-dialog-title"
      data-testid="pay-dialog"
    >
      <DialogTitle id="pay-dialog-title">
        {list.length > 1 ? t('payDialog.titleMany', { count: list.length }) : t('payDialog.title')}
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ typography: 'textMd', lineHeight: 1.6, mb: 2 }}>
          {t('payDialog.intro')}
        </Typography>
        <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1, maxHeight: 240, overflowY: 'auto' }}>
          {list.map((order) => (
            <Box
              component="li"
              key={order.orderId}
              sx={{ listStyle: 'none', display: 'flex', justifyContent: 'space-between', gap: 2 }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, typography: 'textMd', wordBreak: 'break-all' }}>
                  {order.domain}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: MONO_FONT_FAMILY }}>
                  {order.orderId}
                </Typography>
              </Box>
              <Typography sx={{ typography: 'textMd', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(order.amountCents)}
              </Typography>
            </Box>
          ))}
        </Box>
        <Divider sx={{ my: 2 }} />
        <Box sx={{ display: 'grid', gap: 0.75 }}>
          <AmountLine label={t('payDialog.exTax')} value={formatMoney(exTax)} />
          <AmountLine label={t('payDialog.tax')} value={formatMoney(tax)} />
          <AmountLine label={t('payDialog.total')} value={formatMoney(total)} strong testId="pay-dialog-total" />
          {available.data !== undefined ? (
            <AmountLine
              label={t('payDialog.available')}
              value={formatMoney(available.data)}
              testId="pay-dialog-balance"
            />
          ) : null}
        </Box>
        {short > 0 ? (
          <Alert
            severity="warning"
            sx={{ mt: 2 }}
            data-testid="pay-dialog-short"
            action={
              <Button component={RouterLink} to={rechargeLink(short)} color="inherit" size="small">
                {t('payDialog.recharge')}
              </Button>
            }
          >
            {t('payDialog.short', { amount: formatMoney(short) })}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={pending} color="inherit">
          {t('payDialog.cancel')}
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={pending} data-testid="pay-dialog-confirm">
          {pending ? t('payDialog.paying') : t('payDialog.confirm', { amount: formatMoney(total) })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
