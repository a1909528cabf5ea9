import Box from '@mui/material/Box';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/card-list.tsx';
import { IdText } from '../../../components/id-text.tsx';
import { OrderActions, SelectAllCheckbox, SelectOrderCheckbox } from '../../../components/order-payment/index.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { OrderAmount } from './order-amount.tsx';
import type { OrderRow } from './order-row.ts';
import { OrderTiming } from './order-timing.tsx';
import { OrderSourceLabel } from './source-label.tsx';
import { StatusChip } from './status-chip.tsx';

export interface OrderListProps {
  rows: OrderRow[];
  selected: ReadonlySet<string>;
  onToggle: (orderId: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  onPay: (row: OrderRow) => void;
}

/** Desktop: one table row per order, with a checkbox on the orders that can be paid. */
export function OrderTable({ rows, selected, onToggle, onToggleAll, onPay }: OrderListProps) {
  const { t } = useTranslation('orders');

  return (
    <ListTable
      label={t('title')}
      minWidth={900}
      data-testid="orders-table"
      headPadding
      head={
        <>
          <TableCell padding="checkbox">
            <SelectAllCheckbox
              rows={rows}
              selected={selected}
              onToggleAll={onToggleAll}
              label={t('actions.selectAll')}
            />
          </TableCell>
          <TableCell sx={{ width: 170 }}>{t('columns.order')}</TableCell>
          <TableCell>{t('columns.domain')}</TableCell>
          <TableCell align="right" sx={{ width: 150 }}>
            {t('columns.amount')}
          </TableCell>
          <TableCell sx={{ width: 160 }}>{t('columns.status')}</TableCell>
          <TableCell sx={{ width: 170, whiteSpace: 'nowrap' }}>{t('columns.time')}</TableCell>
          <TableCell align="right" sx={{ width: 120 }}>
            {t('columns.actions')}
          </TableCell>
        </>
      }
    >
      <TableBody>
        {rows.map((row) => {
          const { order } = row;
          return (
            <TableRow
              key={order.orderId}
              hover
              selected={selected.has(order.orderId)}
              data-testid="order-row"
              data-order-id={order.orderId}
              sx={{ '& td': { py: 1.5, verticalAlign: 'middle' } }}
            >
              <TableCell padding="checkbox">
                <SelectOrderCheckbox
                  row={row}
                  checked={selected.has(order.orderId)}
                  onToggle={onToggle}
                  label={t('actions.selectOrder', { domain: order.domain })}
                />
              </TableCell>
              <TableCell>
                <Typography sx={{ typography: 'textSm', fontWeight: 600 }}>
                  <IdText>{order.orderId}</IdText>
                </Typography>
                <Box sx={{ my: 0.25 }}>
                  <OrderSourceLabel source={order.source} />
                </Box>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="div"
                  sx={{ lineHeight: 1.5, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                >
                  {formatDateTime(order.createdAt)}
                </Typography>
              </TableCell>
              <TableCell sx={{ minWidth: 150 }}>
                <Typography sx={{ fontWeight: 700, typography: 'textLg', overflowWrap: 'anywhere' }}>
                  {order.domain}
                </Typography>
              </TableCell>
              <TableCell align="right">
                <Box sx={{ display: 'inline-block', textAlign: 'right' }}>
                  <OrderAmount order={order} />
                </Box>
              </TableCell>
              <TableCell>
                <StatusChip status={order.status} source={order.source} />
              </TableCell>
              <TableCell>
                <OrderTiming row={row} />
              </TableCell>
              <TableCell align="right">
                <OrderActions
                  order={order}
                  payable={row.payable}
                  onPay={() => onPay(row)}
                  ns="orders"
                  keyPrefix="actions"
                />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </ListTable>
  );
}
