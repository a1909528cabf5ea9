import Box from '@mui/material/Box';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OrderStatus, SellerSale } from '@namebourse/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHead, CardList, ListCard, ListTable } from '../../../components/card-list.tsx';
import { StatusChip, type StatusTone } from '../../../components/status-chip.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { SalesTimeline } from './sales-timeline.tsx';

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

const cell = { typography: 'textMd', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function useLng() {
  const { t, i18n } = useTranslation(['seller-sales', 'listings']);
  return { t, lng: i18n.resolvedLanguage ?? i18n.language };
}

function SaleStatus({ sale }: { sale: SellerSale }) {
  const { t } = useLng();
  return <StatusChip label={t(`status.${sale.status}`)} tone={SALE_STATUS_TONE[sale.status]} status={sale.status} />;
}

/** What reached the earnings, with the fee under it; 'not credited yet' before. */
function SaleNet({ sale }: { sale: SellerSale }) {
  const { t, lng } = useLng();
  if (sale.netCents === null) {
    return (
      <Typography component="span" color="text.secondary" sx={{ typography: 'textSm' }}>
        {t('notCredited')}
      </Typography>
    );
  }
  return (
    <>
      <Box component="span" sx={{ fontWeight: 700 }}>
        {formatMoney(sale.netCents, lng)}
      </Box>
      {sale.feeCents ? (
        <Typography variant="caption" color="text.secondary" component="div">
          {t('fee', { fee: formatMoney(sale.feeCents, lng) })}
        </Typography>
      ) : null}
    </>
  );
}

function SalePrice({ sale }: { sale: SellerSale }) {
  const { t, lng } = useLng();
  return (
    <>
      {formatMoney(sale.priceCents, lng)}
      {sale.amountCents !== sale.priceCents ? (
        <Typography variant="caption" color="text.secondary" component="div">
          {t('buyerPaid', { amount: formatMoney(sale.amountCents, lng) })}
        </Typography>
      ) : null}
    </>
  );
}

function DomainCell({ sale, big = false }: { sale: SellerSale; big?: boolean }) {
  const { t } = useLng();
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

export function SalesTable({ items }: { items: SellerSale[] }) {
  const { t } = useLng();
  return (
    <ListTable
      label={t('tabs.sales')}
      minWidth={980}
      headPadding
      headNowrap
      head={
        <>
          <TableCell>{t('columns.domain')}</TableCell>
          <TableCell>{t('columns.buyer')}</TableCell>
          <TableCell>{t('columns.price')}</TableCell>
          <TableCell>{t('columns.net')}</TableCell>
          <TableCell>{t('columns.status')}</TableCell>
          <TableCell>{t('columns.timeline')}</TableCell>
        </>
      }
    >
      <TableBody>
        {items.map((sale) => (
          <TableRow
            key={sale.orderId}
            hover
            data-testid="sale-row"
            data-domain={sale.domain}
            sx={{ '& td': { py: 1.25, verticalAlign: 'top' } }}
          >
            <TableCell sx={{ minWidth: 180, maxWidth: 240 }}>
              <DomainCell sale={sale} />
            </TableCell>
            <TableCell sx={cell}>{sale.buyer}</TableCell>
            <TableCell sx={cell}>
              <SalePrice sale={sale} />
            </TableCell>
            <TableCell sx={cell}>
              <SaleNet sale={sale} />
            </TableCell>
            <TableCell>
              <SaleStatus sale={sale} />
            </TableCell>
            <TableCell sx={{ minWidth: 240 }}>
              <SalesTimeline sale={sale} dense />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ListTable>
  );
}

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, ...(wide ? { gridColumn: '1 / -1' } : {}) }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'textMd', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

export function SalesCards({ items }: { items: SellerSale[] }) {
  const { t } = useLng();
  return (
    <CardList>
      {items.map((sale) => (
        <ListCard key={sale.orderId} data-testid="sale-row" data-domain={sale.domain}>
          <CardHead end={<SaleStatus sale={sale} />}>
            <DomainCell sale={sale} big />
          </CardHead>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.25, mt: 1.5 }}>
            <Field label={t('columns.price')}>
              <SalePrice sale={sale} />
            </Field>
            <Field label={t('columns.net')}>
              <SaleNet sale={sale} />
            </Field>
            <Field label={t('columns.buyer')}>{sale.buyer}</Field>
            <Field label={t('columns.timeline')} wide>
              <Box sx={{ mt: 0.5 }}>
                <SalesTimeline sale={sale} />
              </Box>
            </Field>
          </Box>
        </ListCard>
      ))}
    </CardList>
  );
}
