import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OrderStatus } from '@namebourse/contract';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DeadlineCountdown } from '../../../components/auction/countdown-text.tsx';
import { CardHead, CardList, ListCard, ListTable } from '../../../components/card-list.tsx';
import { IdText } from '../../../components/id-text.tsx';
import { NoteLine } from '../../../components/note-line.tsx';
import { OrderActions, SelectAllCheckbox, SelectOrderCheckbox } from '../../../components/order-payment/index.ts';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import type { WonRow } from '../lib/selection.ts';
import type { ChipColor } from '../lib/tabs.ts';
import { Caption } from './page-parts.tsx';

export const MY_DOMAINS_PATH = '/console/domain/list';

const ORDER_COLOR: Record<OrderStatus, ChipColor> = {
  awaiting_payment: 'warning',
  paid_awaiting_delivery: 'info',
  transferring: 'info',
  completed: 'success',
  delivery_failed: 'error',
  buyer_violation: 'error',
  confiscated: 'error',
  refunded: 'default',
  voided: 'default',
  expired: 'default',
};

export interface WonListProps {
  rows: WonRow[];
  selected: ReadonlySet<string>;
  onToggle: (orderId: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  onPay: (row: WonRow) => void;
}

function OrderChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('myAuctions');
  return <StatusChip label={t(`orderStatus.${status}`)} tone={ORDER_COLOR[status]} />;
}

function Amount({ row }: { row: WonRow }) {
  const { t } = useTranslation('myAuctions');
  const { order } = row;
  return (
    <Box sx={{ fontVariantNumeric: 'tabular-nums' }}>
      <Typography sx={{ fontWeight: 700, typography: 'textLg', whiteSpace: 'nowrap' }} data-testid="won-amount">
        {formatMoney(order.amountCents)}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
        {t('won.exTax', { amount: formatMoney(order.amountExTaxCents) })}
      </Typography>
    </Box>
  );
}

/** 'The previous holder can still reclaim it until <date>' (from the registry), when they still can. */
function Reclaimable({ row }: { row: WonRow }) {
  const { t } = useTranslation('myAuctions');
  const until = row.order.reclaimableUntil;
  if (!until) return null;
  return <NoteLine testId="won-reclaimable">{t('won.reclaimableUntil', { date: formatDate(until) })}</NoteLine>;
}

/** What the row's status means now: pay-by countdown, delivery date, delivered, refunded or forfeited. */
function Timing({ row }: { row: WonRow }) {
  const { t } = useTranslation('myAuctions');
  const { order, secondsLeft } = row;
  if (order.status === 'awaiting_payment') {
    return (
      <Box data-testid="won-pay-countdown">
        <Caption>{t('won.payTimeLeft')}</Caption>
        {secondsLeft !== null ? (
          <DeadlineCountdown seconds={secondsLeft} endedText={t('won.payOver')} aria-label={t('won.payTimeLeft')} />
        ) : (
          <Typography sx={{ typography: 'textMd' }}>{order.payBy ? formatDate(order.payBy) : '--'}</Typography>
        )}
        <Reclaimable row={row} />
      </Box>
    );
  }
  if (
    order.status === 'paid_awaiting_delivery' ||
    order.status === 'transferring' ||
    order.status === 'delivery_failed'
  ) {
    const failed = order.status === 'delivery_failed';
    return (
      <Box data-testid="won-delivery-date">
        <Caption>{failed ? t('won.nextTry') : t('won.deliveryDate')}</Caption>
        <Typography sx={{ typography: 'textMd', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
          {order.deliverAt ? formatDate(order.deliverAt) : '--'}
        </Typography>
        {failed ? (
          <NoteLine tone="error" testId="won-delivery-failed">
            {order.deliveryError ? t('won.deliveryFailed', { reason: order.deliveryError }) : t('won.deliveryRetry')}
          </NoteLine>
        ) : null}
        {order.reclaimableUntil ? (
          <Reclaimable row={row} />
        ) : failed ? null : (
          <NoteLine>{t('won.redeemNote')}</NoteLine>
        )}
      </Box>
    );
  }
  if (order.status === 'completed') {
    return (
      <Box>
        <Caption>{t('won.deliveredOn')}</Caption>
        <Typography sx={{ typography: 'textMd', fontVariantNumeric: 'tabular-nums' }}>
          {formatDate(order.completedAt ?? order.deliverAt ?? order.updatedAt)}
        </Typography>
        <Link component={RouterLink} to={MY_DOMAINS_PATH} sx={{ typography: 'textSm' }} data-testid="won-my-domains">
          {t('won.toMyDomains')}
        </Link>
      </Box>
    );
  }
  if (order.status === 'refunded') {
    return (
      <Typography variant="caption" color="text.secondary" component="div" sx={{ maxWidth: 260, lineHeight: 1.5 }}>
        {t('won.refundedNote', { date: formatDate(order.updatedAt) })}
      </Typography>
    );
  }
  if (order.status === 'buyer_violation' || order.status === 'voided' || order.status === 'expired') {
    return (
      <Typography variant="caption" color="error.main" component="div" sx={{ maxWidth: 260, lineHeight: 1.5 }}>
        {t('won.violationNote')}
      </Typography>
    );
  }
  return <Typography sx={{ typography: 'textMd' }}>--</Typography>;
}

function DomainCell({ row, size = 14.5 }: { row: WonRow; size?: number }) {
  const { t } = useTranslation('myAuctions');
  const won = row.item;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={`/sale/${encodeURIComponent(won.auctionId)}`}
        underline="hover"
        sx={{ fontWeight: 700, fontSize: size, overflowWrap: 'anywhere', color: 'text.primary' }}
      >
        {won.domain}
      </Link>
      <Typography variant="caption" color="text.secondary" component="div">
        <Trans t={t} i18nKey="won.orderNo" values={{ orderId: row.order.orderId }} components={{ id: <IdText /> }} />
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {t('won.endedOn', { date: formatDate(won.endedAt) })}
      </Typography>
    </Box>
  );
}

/** Desktop: one table row per won lot, with a checkbox on those that can be paid now. */
export function WonTable({ rows, selected, onToggle, onToggleAll, onPay }: WonListProps) {
  const { t } = useTranslation('myAuctions');
  const anyPayable = rows.some((row) => row.payable);
  return (
    <ListTable
      label={t('won.title')}
      minWidth={860}
      headPadding
      headNowrap
      head={
        <>
          {anyPayable ? (
            <TableCell padding="checkbox">
              <SelectAllCheckbox rows={rows} selected={selected} onToggleAll={onToggleAll} label={t('won.selectAll')} />
            </TableCell>
          ) : null}
          <TableCell>{t('columns.domain')}</TableCell>
          <TableCell align="right">{t('won.amount')}</TableCell>
          <TableCell>{t('columns.state')}</TableCell>
          <TableCell>{t('won.progress')}</TableCell>
          <TableCell align="right">{t('columns.actions')}</TableCell>
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
              data-testid="won-row"
              data-order-id={order.orderId}
              data-status={order.status}
              sx={{ '& td': { py: 1.5, verticalAlign: 'middle' } }}
            >
              {anyPayable ? (
                <TableCell padding="checkbox">
                  <SelectOrderCheckbox
                    row={row}
                    checked={selected.has(order.orderId)}
                    onToggle={onToggle}
                    label={t('won.select', { domain: order.domain })}
                  />
                </TableCell>
              ) : null}
              <TableCell sx={{ minWidth: 200 }}>
                <DomainCell row={row} />
              </TableCell>
              <TableCell align="right">
                <Box sx={{ display: 'inline-block', textAlign: 'right' }}>
                  <Amount row={row} />
                </Box>
              </TableCell>
              <TableCell>
                <OrderChip status={order.status} />
              </TableCell>
              <TableCell>
                <Timing row={row} />
              </TableCell>
              <TableCell align="right">
                <OrderActions
                  order={row.order}
                  payable={row.payable}
                  onPay={() => onPay(row)}
                  ns="myAuctions"
                  keyPrefix="won"
                />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </ListTable>
  );
}

/** Phone: one card per won lot. */
export function WonCards({ rows, selected, onToggle, onPay }: Omit<WonListProps, 'onToggleAll'>) {
  const { t } = useTranslation('myAuctions');
  return (
    <CardList>
      {rows.map((row) => {
        const { order } = row;
        const checked = selected.has(order.orderId);
        return (
          <ListCard
            key={order.orderId}
            data-testid="won-row"
            data-order-id={order.orderId}
            data-status={order.status}
            selected={checked}
          >
            <CardHead
              start={
                <SelectOrderCheckbox
                  row={row}
                  checked={checked}
                  onToggle={onToggle}
                  label={t('won.select', { domain: order.domain })}
                  inCard
                />
              }
              end={<OrderChip status={order.status} />}
            >
              <DomainCell row={row} size={16} />
            </CardHead>
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.25, mt: 1.5 }}>
              <Box>
                <Caption>{t('won.amount')}</Caption>
                <Amount row={row} />
              </Box>
              <Timing row={row} />
            </Box>
            <Box sx={{ mt: 1.5 }}>
              <OrderActions
                order={row.order}
                payable={row.payable}
                onPay={() => onPay(row)}
                fullWidth
                ns="myAuctions"
                keyPrefix="won"
              />
            </Box>
          </ListCard>
        );
      })}
    </CardList>
  );
}
