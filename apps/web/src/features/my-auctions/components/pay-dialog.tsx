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
import { MONO_FONT_FAMILY } from '../../../app/theme';
import { rechargeLink } from '../../../components/api-feedback';
import { formatMoney } from '../../../lib/format';
import { useAvailableBalance } from '../api/get-funds-summary';

function Line({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'baseline' }}>
      <Typography
        color={strong ? 'text.primary' : 'text.secondary'}
        sx={{ fontSize: 14, fontWeight: strong ? 700 : 400 }}
      >
        {label}
      </Typography>
      <Typography
        sx={{ fontSize: strong ? 18 : 14, fontWeight: strong ? 800 : 600, fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
}

/**
 * One confirmation for paying one or several won lots from the balance: each order, the amounts without tax, the tax,
 * the total and the available balance (with a recharge link when it is short).
 */
export function PayDialog({
  orders,
  pending,
  onClose,
  onConfirm,
}: {
  orders: Order[] | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('myAuctions');
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
      aria-labelledby="won-pay-dialog-title"
      data-testid="won-pay-dialog"
    >
      <DialogTitle id="won-pay-dialog-title">
        {list.length > 1 ? t('payDialog.titleMany', { count: list.length }) : t('payDialog.title')}
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ fontSize: 14, lineHeight: 1.6, mb: 2 }}>
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
                <Typography sx={{ fontWeight: 600, fontSize: 14, wordBreak: 'break-all' }}>{order.domain}</Typography>
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: MONO_FONT_FAMILY }}>
                  {order.orderId}
                </Typography>
              </Box>
              <Typography sx={{ fontSize: 14, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(order.amountCents)}
              </Typography>
            </Box>
          ))}
        </Box>
        <Divider sx={{ my: 2 }} />
        <Box sx={{ display: 'grid', gap: 0.75 }}>
          <Line label={t('payDialog.exTax')} value={formatMoney(exTax)} />
          <Line label={t('payDialog.tax')} value={formatMoney(tax)} />
          <Line label={t('payDialog.total')} value={formatMoney(total)} strong testId="won-pay-total" />
          {available.data !== undefined ? (
            <Line label={t('payDialog.available')} value={formatMoney(available.data)} testId="won-pay-balance" />
          ) : null}
        </Box>
        {short > 0 ? (
          <Alert
            severity="warning"
            sx={{ mt: 2 }}
            data-testid="won-pay-short"
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
        <Button variant="contained" onClick={onConfirm} disabled={pending} data-testid="won-pay-confirm">
          {pending ? t('payDialog.paying') : t('payDialog.confirm', { amount: formatMoney(total) })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
