import Box from '@mui/material/Box';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SellerSale } from '@namebourse/contract';
import { type ReactNode, useState } from 'react';
import { CardHead, CardList, ListCard, ListTable } from '../../../components/card-list.tsx';
import { DeliverDialog } from './deliver-dialog.tsx';
import {
  SaleCommission,
  SaleDelivery,
  SaleDomain,
  SaleNet,
  SalePrice,
  SaleStatus,
  useSalesText,
} from './sales-cells.tsx';
import { SalesTimeline } from './sales-timeline.tsx';

const cell = { typography: 'textMd', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The sale whose transfer code is being given (one dialog for the list). */
function useDeliverTarget() {
  const [target, setTarget] = useState<SellerSale | null>(null);
  const dialog = target ? <DeliverDialog sale={target} open onClose={() => setTarget(null)} /> : null;
  return { onDeliver: setTarget, dialog };
}

export function SalesTable({ items }: { items: SellerSale[] }) {
  const { t } = useSalesText();
  const { onDeliver, dialog } = useDeliverTarget();
  return (
    <>
      <ListTable
        label={t('tabs.sales')}
        minWidth={1120}
        headPadding
        headNowrap
        head={
          <>
            <TableCell>{t('columns.domain')}</TableCell>
            <TableCell>{t('columns.buyer')}</TableCell>
            <TableCell>{t('columns.price')}</TableCell>
            <TableCell>{t('columns.commission')}</TableCell>
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
                <SaleDomain sale={sale} />
              </TableCell>
              <TableCell sx={cell}>{sale.buyer}</TableCell>
              <TableCell sx={cell}>
                <SalePrice sale={sale} />
              </TableCell>
              <TableCell sx={cell}>
                <SaleCommission sale={sale} />
              </TableCell>
              <TableCell sx={cell}>
                <SaleNet sale={sale} />
              </TableCell>
              <TableCell sx={{ minWidth: 150 }}>
                <SaleStatus sale={sale} />
                <SaleDelivery sale={sale} onDeliver={onDeliver} />
              </TableCell>
              <TableCell sx={{ minWidth: 250 }}>
                <SalesTimeline sale={sale} dense />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ListTable>
      {dialog}
    </>
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
  const { t } = useSalesText();
  const { onDeliver, dialog } = useDeliverTarget();
  return (
    <>
      <CardList>
        {items.map((sale) => (
          <ListCard key={sale.orderId} data-testid="sale-row" data-domain={sale.domain}>
            <CardHead end={<SaleStatus sale={sale} />}>
              <SaleDomain sale={sale} big />
            </CardHead>
            <SaleDelivery sale={sale} onDeliver={onDeliver} />
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.25, mt: 1.5 }}>
              <Field label={t('columns.price')}>
                <SalePrice sale={sale} />
              </Field>
              <Field label={t('columns.net')}>
                <SaleNet sale={sale} />
              </Field>
              <Field label={t('columns.commission')}>
                <SaleCommission sale={sale} />
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
      {dialog}
    </>
  );
}
