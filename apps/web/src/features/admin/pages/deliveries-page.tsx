import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ADMIN_DELIVERY_STATUSES, type AdminDelivery } from '@namebourse/contract';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { CardHead, CardList, ListCard, ListTable } from '../../../components/card-list.tsx';
import { IdText, idTextSx } from '../../../components/id-text.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useAdminDeliveries } from '../api/get-deliveries.ts';
import { AdminList, FilterBar } from '../components/admin-list.tsx';
import { EmptyState } from '../components/layout-parts.tsx';
import { Money } from '../components/money.tsx';
import { enumParam, pageParam } from '../lib/list-params.ts';
import { ADMIN_PATHS } from '../lib/nav.ts';

const PAGE_SIZE = 20;
type DeliveryStatus = AdminDelivery['status'];
const DEFAULT_STATUS: DeliveryStatus = 'delivery_failed';

const STATUS_COLOR: Record<DeliveryStatus, 'error' | 'info' | 'warning'> = {
  delivery_failed: 'error',
  paid_awaiting_delivery: 'info',
  transferring: 'warning',
};

/** The lot page on the buyer side (a path of the sale pages; features do not import each other). */
const lotPath = (auctionId: string) => `/sale/${encodeURIComponent(auctionId)}`;
const userPath = (accountNo: string) => `${ADMIN_PATHS.users}/${encodeURIComponent(accountNo)}`;

function DeliveryStatusChip({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation('admin');
  return (
    <StatusChip
      label={t(`deliveries.status.${status}`)}
      tone={STATUS_COLOR[status]}
      status={status}
      variant="outlined"
    />
  );
}

function BuyerLink({ accountNo }: { accountNo: string }) {
  return (
    <Link component={RouterLink} to={userPath(accountNo)} sx={idTextSx} data-testid="admin-delivery-buyer">
      {accountNo}
    </Link>
  );
}

function AuctionLink({ auctionId }: { auctionId: string | null }) {
  if (!auctionId) return <span>—</span>;
  return (
    <Link component={RouterLink} to={lotPath(auctionId)} sx={idTextSx} data-testid="admin-delivery-auction">
      #{auctionId}
    </Link>
  );
}

function LastError({ delivery }: { delivery: AdminDelivery }) {
  const { t, i18n } = useTranslation('admin');
  if (!delivery.lastError) return <Box component="span">{t('deliveries.noError')}</Box>;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ color: 'error.main', overflowWrap: 'anywhere' }}>{delivery.lastError}</Box>
      {delivery.lastAttemptAt ? (
        <Typography variant="caption" color="text.secondary" component="div">
          {formatDateTime(delivery.lastAttemptAt, i18n.language)}
        </Typography>
      ) : null}
    </Box>
  );
}

function nextTry(delivery: AdminDelivery, lng: string, none: string): string {
  return delivery.nextTryAt ? formatDateTime(delivery.nextTryAt, lng) : none;
}

function DeliveriesTable({ items }: { items: AdminDelivery[] }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <ListTable
      label={t('deliveries.title')}
      minWidth={960}
      head={
        <>
          <TableCell>{t('deliveries.columns.domain')}</TableCell>
          <TableCell>{t('deliveries.columns.status')}</TableCell>
          <TableCell>{t('deliveries.columns.buyer')}</TableCell>
          <TableCell align="right">{t('deliveries.columns.amount')}</TableCell>
          <TableCell>{t('deliveries.columns.auction')}</TableCell>
          <TableCell align="right">{t('deliveries.columns.attempts')}</TableCell>
          <TableCell>{t('deliveries.columns.lastError')}</TableCell>
          <TableCell>{t('deliveries.columns.nextTry')}</TableCell>
        </>
      }
    >
      <TableBody>
        {items.map((delivery) => (
          <TableRow
            key={delivery.orderId}
            hover
            data-testid="admin-delivery-row"
            data-order-id={delivery.orderId}
            data-domain={delivery.domain}
            data-status={delivery.status}
            sx={{ verticalAlign: 'top' }}
          >
            <TableCell>
              <Typography sx={{ fontWeight: 700, typography: 'textMd', overflowWrap: 'anywhere' }}>
                {delivery.domain}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                <Trans
                  t={t}
                  i18nKey="deliveries.order"
                  values={{ id: delivery.orderId }}
                  components={{ id: <IdText /> }}
                />
              </Typography>
            </TableCell>
            <TableCell>
              <DeliveryStatusChip status={delivery.status} />
            </TableCell>
            <TableCell sx={{ typography: 'textMd' }}>
              <BuyerLink accountNo={delivery.buyerAccountNo} />
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              <Money cents={delivery.amountCents} />
            </TableCell>
            <TableCell sx={{ typography: 'textMd' }}>
              <AuctionLink auctionId={delivery.auctionId} />
            </TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatNumber(delivery.attempts, i18n.language)}
            </TableCell>
            <TableCell sx={{ typography: 'textMd', maxWidth: 280 }}>
              <LastError delivery={delivery} />
            </TableCell>
            <TableCell sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', typography: 'textMd' }}>
              {nextTry(delivery, i18n.language, t('deliveries.noNextTry'))}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ListTable>
  );
}

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ fontVariantNumeric: 'tabular-nums' }}>{children}</Box>
    </Box>
  );
}

function DeliveriesCards({ items }: { items: AdminDelivery[] }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <CardList>
      {items.map((delivery) => (
        <ListCard
          key={delivery.orderId}
          data-testid="admin-delivery-row"
          data-order-id={delivery.orderId}
          data-domain={delivery.domain}
          data-status={delivery.status}
        >
          <CardHead end={<DeliveryStatusChip status={delivery.status} />}>
            <Typography sx={{ fontWeight: 700, typography: 'textXl', overflowWrap: 'anywhere' }}>
              {delivery.domain}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              <Trans
                t={t}
                i18nKey="deliveries.order"
                values={{ id: delivery.orderId }}
                components={{ id: <IdText /> }}
              />
            </Typography>
          </CardHead>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, mt: 1.25, typography: 'textMd' }}>
            <Field label={t('deliveries.columns.buyer')}>
              <BuyerLink accountNo={delivery.buyerAccountNo} />
            </Field>
            <Field label={t('deliveries.columns.amount')}>
              <Box component="span" sx={{ fontWeight: 700 }}>
                <Money cents={delivery.amountCents} />
              </Box>
            </Field>
            <Field label={t('deliveries.columns.auction')}>
              <AuctionLink auctionId={delivery.auctionId} />
            </Field>
            <Field label={t('deliveries.columns.attempts')}>{formatNumber(delivery.attempts, i18n.language)}</Field>
            <Field label={t('deliveries.columns.lastError')} wide>
              <LastError delivery={delivery} />
            </Field>
            <Field label={t('deliveries.columns.nextTry')} wide>
              {nextTry(delivery, i18n.language, t('deliveries.noNextTry'))}
            </Field>
          </Box>
        </ListCard>
      ))}
    </CardList>
  );
}

/** /admin/deliveries: won lots whose delivery failed (default), awaits delivery or is transferring. Roles: support, admin. */
export function DeliveriesPage() {
  const { t, i18n } = useTranslation('admin');
  usePageTitle(t('deliveries.title'));
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [params, setParams] = useSearchParams();
  const status = enumParam(params.get('status'), ADMIN_DELIVERY_STATUSES) ?? DEFAULT_STATUS;
  const page = pageParam(params.get('page'));

  const update = (next: { status?: DeliveryStatus; page?: number }) => {
    const search = new URLSearchParams();
    const s = next.status ?? status;
    if (s !== DEFAULT_STATUS) search.set('status', s);
    const p = next.page ?? 1;
    if (p > 1) search.set('page', String(p));
    setParams(search);
  };

  const query = useAdminDeliveries({ status, page, pageSize: PAGE_SIZE });
  return (
    <Box data-testid="admin-deliveries-page" sx={{ display: 'grid', gap: 2.5 }}>
      <PageHeader title={t('deliveries.title')} subtitle={t('deliveries.subtitle')} />
      <AdminList
        query={query}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={(next) => update({ page: next })}
        filters={
          <FilterBar
            total={
              query.data ? (
                <Typography color="text.secondary" sx={{ typography: 'textMd', alignSelf: { sm: 'center' } }}>
                  {t('filters.total', { formatted: formatNumber(query.data.total, i18n.language) })}
                </Typography>
              ) : null
            }
          >
            <TextField
              select
              size="small"
              label={t('deliveries.filter.status')}
              value={status}
              onChange={(event) => update({ status: event.target.value as DeliveryStatus })}
              sx={{ minWidth: 200, bgcolor: 'background.paper' }}
              slotProps={{ htmlInput: { 'data-testid': 'admin-deliveries-status' } }}
            >
              {ADMIN_DELIVERY_STATUSES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`deliveries.status.${value}`)}
                </MenuItem>
              ))}
            </TextField>
          </FilterBar>
        }
        skeleton={{ rows: 4, height: 64 }}
        empty={<EmptyState title={t(`deliveries.empty.${status}`)} />}
      >
        {(items) => (wide ? <DeliveriesTable items={items} /> : <DeliveriesCards items={items} />)}
      </AdminList>
    </Box>
  );
}
