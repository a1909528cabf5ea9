import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CardHead, CardList, ListCard } from '../../../components/card-list.tsx';
import { IdText } from '../../../components/id-text.tsx';
import { OrderActions, SelectOrderCheckbox } from '../../../components/order-payment/index.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { OrderAmount } from './order-amount.tsx';
import type { OrderRow } from './order-row.ts';
import type { OrderListProps } from './order-table.tsx';
import { OrderTiming } from './order-timing.tsx';
import { OrderSourceLabel } from './source-label.tsx';
import { StatusChip } from './status-chip.tsx';

/** Phone: one card per order. */
export function OrderCards({ rows, selected, onToggle, onPay }: Omit<OrderListProps, 'onToggleAll'>) {
  return (
    <CardList data-testid="orders-cards">
      {rows.map((row) => (
        <OrderCard
          key={row.order.orderId}
          row={row}
          checked={selected.has(row.order.orderId)}
          onToggle={onToggle}
          onPay={onPay}
        />
      ))}
    </CardList>
  );
}

function OrderCard({
  row,
  checked,
  onToggle,
  onPay,
}: {
  row: OrderRow;
  checked: boolean;
  onToggle: (orderId: string, checked: boolean) => void;
  onPay: (row: OrderRow) => void;
}) {
  const { t } = useTranslation('orders');
  const { order } = row;
  return (
    <ListCard data-testid="order-row" data-order-id={order.orderId} selected={checked}>
      <CardHead
        start={
          <SelectOrderCheckbox
            row={row}
            checked={checked}
            onToggle={onToggle}
            label={t('actions.selectOrder', { domain: order.domain })}
            inCard
          />
        }
        end={<StatusChip status={order.status} source={order.source} />}
      >
        <Typography sx={{ fontWeight: 700, typography: 'textXl', wordBreak: 'break-all', lineHeight: 1.35 }}>
          {order.domain}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          <IdText wrap>{order.orderId}</IdText>
        </Typography>
      </CardHead>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: '1fr 1fr',
          gap: 1.5,
          mt: 1.5,
          pt: 1.5,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('fields.amountWithTax')}
          </Typography>
          <OrderAmount order={order} />
        </Box>
        <Box>
          <OrderTiming row={row} />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <OrderSourceLabel source={order.source} />
        <Typography variant="caption" color="text.secondary" component="span">
          {t('fields.createdAt')} {formatDateTime(order.createdAt)}
        </Typography>
      </Box>

      {order.status === 'awaiting_payment' || order.hasInvoice ? (
        <Box sx={{ mt: 1.5 }}>
          <OrderActions
            order={order}
            payable={row.payable}
            onPay={() => onPay(row)}
            fullWidth
            ns="orders"
            keyPrefix="actions"
          />
        </Box>
      ) : null}
    </ListCard>
  );
}
