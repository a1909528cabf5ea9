import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { OrderStatus, SellerSale } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip, type StatusTone } from '../../../components/status-chip.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useDisplayTimeZone } from '../../../lib/render-env.ts';

/** The tone of a sale's order status, from the seller's side. */
export const SALE_STATUS_TONE: Record<OrderStatus, StatusTone> = {
  awaiting_payment: 'info',
  paid_awaiting_delivery: 'info',
  transferring: 'info',
  delivery_failed: 'warning',
  completed: 'success',
  buyer_violation: 'default',
  confiscated: 'error',
  refunded: 'error',
  voided: 'default',
  expired: 'default',
};

/** A commission rate in basis points as a percentage ('5%', '2.5%'). */
export function ratePercent(bps: number, lng: string): string {
  return new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}

export function useSalesText() {
  const { t, i18n } = useTranslation(['seller-sales', 'listings']);
  return { t, lng: i18n.resolvedLanguage ?? i18n.language };
}

const caption = { typography: 'textSm', color: 'text.secondary', display: 'block' } as const;

export function SaleStatus({ sale }: { sale: SellerSale }) {
  const { t } = useSalesText();
  return <StatusChip label={t(`status.${sale.status}`)} tone={SALE_STATUS_TONE[sale.status]} status={sale.status} />;
}

/** The price before tax, the buyer's tax and what the buyer paid in all. */
export function SalePrice({ sale }: { sale: SellerSale }) {
  const { t, lng } = useSalesText();
  return (
    <>
      {formatMoney(sale.priceCents, lng)}
      {sale.taxCents > 0 ? (
        <Typography component="span" sx={caption}>
          {t('tax', { tax: formatMoney(sale.taxCents, lng) })}
        </Typography>
      ) : null}
      {sale.amountCents !== sale.priceCents ? (
        <Typography component="span" sx={caption}>
          {t('buyerPaid', { amount: formatMoney(sale.amountCents, lng) })}
        </Typography>
      ) : null}
    </>
  );
}

/** The commission and its rate (the listing's fee lock or the rate of the day). */
export function SaleCommission({ sale }: { sale: SellerSale }) {
  const { t, lng } = useSalesText();
  return (
    <>
      {formatMoney(sale.commissionCents, lng)}
      <Typography component="span" sx={caption}>
        {t('commissionRate', { rate: ratePercent(sale.commissionBps, lng) })}
      </Typography>
    </>
  );
}

/** The net: what reached the earnings once credited; before, what the sale will net (price − commission). */
export function SaleNet({ sale }: { sale: SellerSale }) {
  const { t, lng } = useSalesText();
  const credited = sale.netCents !== null;
  return (
    <>
      <Box component="span" sx={{ fontWeight: credited ? 700 : 400 }} data-net={credited ? 'credited' : 'expected'}>
        {formatMoney(sale.netCents ?? sale.expectedNetCents, lng)}
      </Box>
      <Typography component="span" sx={caption}>
        {credited ? t('netCredited') : t('netExpected')}
      </Typography>
    </>
  );
}

/**
 * A domain held elsewhere: the seller's part — "Deliver" while a transfer code is awaited (with the deadline and
 * the last failure), or that the transfer is in progress. Nothing for other sales.
 */
export function SaleDelivery({ sale, onDeliver }: { sale: SellerSale; onDeliver: (sale: SellerSale) => void }) {
  const { t, lng } = useSalesText();
  const timeZone = useDisplayTimeZone();
  if (sale.delivery !== 'seller_push') return null;
  if (sale.status === 'transferring') {
    return (
      <Typography component="span" sx={{ ...caption, color: 'info.dark', mt: 0.5 }} data-testid="sale-transferring">
        {t('deliver.inProgress')}
      </Typography>
    );
  }
  if (!sale.canDeliver) return null;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start', mt: 0.75, maxWidth: 240 }}>
      <Button
        size="small"
        variant="contained"
        startIcon={<LocalShippingOutlined />}
        onClick={() => onDeliver(sale)}
        aria-label={t('deliver.action', { domain: sale.domain })}
        data-testid="sale-deliver"
      >
        {t('deliver.button')}
      </Button>
      {sale.deliverBy ? (
        <Typography component="span" sx={caption}>
          {t('deliver.by', { date: formatDateTime(sale.deliverBy, lng, timeZone) })}
        </Typography>
      ) : null}
      {sale.deliveryError ? (
        <Typography component="span" sx={{ ...caption, color: 'error.dark', overflowWrap: 'anywhere' }}>
          {t('deliver.lastError', { reason: sale.deliveryError })}
        </Typography>
      ) : null}
    </Box>
  );
}

export function SaleDomain({ sale, big = false }: { sale: SellerSale; big?: boolean }) {
  const { t } = useSalesText();
  return (
    <>
      <Typography sx={{ fontWeight: 700, typography: big ? 'textXl' : 'textLg', overflowWrap: 'anywhere' }}>
        {sale.domain}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {t(`listings:mode.${sale.mode}`)} · .{sale.tld} · {sale.orderId}
      </Typography>
    </>
  );
}
